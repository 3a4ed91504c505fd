/// A 400 from the simulated sessions API: the field at fault and what it expected.
public struct SessionRequestError: Error, Equatable, CustomStringConvertible {
  public var status: Int
  public var field: String
  public var message: String

  public init(status: Int = 400, field: String, message: String) {
    self.status = status
    self.field = field
    self.message = message
  }

  public var description: String { "\(status) \(field): \(message)" }
}
