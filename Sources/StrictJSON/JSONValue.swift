/// A JSON value as written: numbers keep their text (`1.0`, `1.230`, `1e2`), objects keep their members in
/// order with the line each key is on. `JSONReader` builds it; `StrictJSONDecoder` decodes from it.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number, exactly as written in the text.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  /// What the value is, in the words of an error message ("a string", "a number").
  public var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "true or false"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "a list"
    case .object: return "an object"
    }
  }
}

/// One key and its value in a JSON object, with the line of the key.
public struct JSONMember: Equatable, Sendable {
  public var key: String
  public var value: JSONValue
  public var line: Int
}
