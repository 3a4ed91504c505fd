/// A coding key made from a name or an index, so that a validation error can name the exact place in a file
/// (`items[2].unitPrice`) the way `DecodingError` names the places it finds itself.
public struct PathKey: CodingKey, Sendable {
  public var stringValue: String
  public var intValue: Int?

  public init(_ name: String) {
    stringValue = name
    intValue = nil
  }

  public init(_ index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  public init?(stringValue: String) { self.init(stringValue) }
  public init?(intValue: Int) { self.init(intValue) }
}
