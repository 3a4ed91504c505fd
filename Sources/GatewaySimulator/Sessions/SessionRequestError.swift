/// A 400 from the simulated sessions API: the field at fault and what it expected.
public struct SessionRequestError: Error, Equatable, CustomStringConvertible {
  public var status: Int = 400
  public var field: String
  public var message: String

  public var description: String { "\(status) \(field): \(message)" }
}
