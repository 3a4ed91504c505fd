import Foundation

/// A `DecodingError` in PayDrill's words: where (`items[0].unitPrice`, "the top level") and what was
/// expected ("expected a whole number, found a string"). Files and session requests report it alike.
public struct DecodingFailure: Equatable, Sendable {
  /// What `path` says of the whole text.
  public static let topLevel = "the top level"

  /// Whether the fault is in the whole text rather than one value of it.
  public var isTopLevel: Bool { path == Self.topLevel }

  /// The path of the value at fault; "the top level" for the whole text.
  public var path: String
  public var problem: String

  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  /// The failure a decoding error describes.
  public init(_ error: DecodingError) {
    switch error {
    case .typeMismatch(let type, let context):
      self.init(
        path: Self.path(context.codingPath),
        problem: "expected \(Self.describe(type))\(Self.found(context))")
    case .valueNotFound(let type, let context):
      self.init(path: Self.path(context.codingPath), problem: "expected \(Self.describe(type)), found null")
    case .keyNotFound(let key, let context):
      self.init(path: Self.path(context.codingPath + [key]), problem: "missing (this field is required)")
    case .dataCorrupted(let context):
      self.init(path: Self.path(context.codingPath), problem: Self.readable(context.debugDescription))
    @unknown default:
      self.init(path: Self.topLevel, problem: "cannot be decoded")
    }
  }

  /// Foundation's words for an unknown enum value ("Cannot initialize PaymentNetwork from invalid String
  /// value unionPay") in PayDrill's ("unknown value \"unionPay\" (not one of the values …)"). This reads an
  /// error message, never a JSON body.
  public static func readable(_ description: String) -> String {
    let prefix = "Cannot initialize "
    guard description.hasPrefix(prefix), let range = description.range(of: " value ") else {
      return description
    }
    let value = description[range.upperBound...]
    return "unknown value \"\(value)\" (not one of the values the README lists for this field)"
  }

  /// `items[0].unitPrice` from a coding path.
  public static func path(_ keys: [CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text.isEmpty ? Self.topLevel : text
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is Int.Type, is Int64.Type: return "a whole number"
    case is Double.Type, is Decimal.Type: return "a number"
    case is [Any].Type: return "a list"
    case is [String: Any].Type: return "an object"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Array") { return "a list" }
      if name.hasPrefix("Dictionary") { return "an object" }
      return "an object (\(name))"
    }
  }

  private static func found(_ context: DecodingError.Context) -> String {
    let text = context.debugDescription
    guard let range = text.range(of: "but found ") else { return "" }
    let found = text[range.upperBound...].replacingOccurrences(of: " instead", with: "")
    return ", found " + found.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
  }
}
