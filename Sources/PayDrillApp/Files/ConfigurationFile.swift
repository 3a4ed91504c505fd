import Foundation

/// Reads and decodes the JSON files PayDrill takes (scenarios, themes) and turns every decoding failure into
/// one `ConfigurationError` that names the file, the path inside it and what was expected.
public enum ConfigurationFile {
  /// The largest file PayDrill reads; anything bigger is refused before it is parsed.
  static let maximumBytes = 4 * 1024 * 1024

  /// Decodes a file, or throws a `ConfigurationError`.
  public static func load<Value: Decodable>(_ type: Value.Type, from path: String) throws -> Value {
    try decode(type, from: try contents(of: path), file: path)
  }

  /// A file's bytes, or a `ConfigurationError` when it is missing, a folder, unreadable or too large.
  static func contents(of path: String) throws -> Data {
    switch BoundedFile.read(path, limit: maximumBytes) {
    case .success(let data): return data
    case .failure(let failure): throw ConfigurationError(file: path, problem: failure.problem)
    }
  }

  /// The JSON object at the top of a file's data, or a `ConfigurationError` when the data is not UTF-8, not
  /// JSON, or not an object.
  static func object(from data: Data, file: String) throws -> [String: Any] {
    try checkText(data, file: file)
    try checkShape(data, file: file)
    guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
      throw ConfigurationError(file: file, problem: "not valid JSON\(syntaxDetail(data))")
    }
    guard let object = value as? [String: Any] else {
      throw ConfigurationError(file: file, location: "the top level", problem: "expected an object")
    }
    return object
  }

  private static func checkText(_ data: Data, file: String) throws {
    if let problem = UTF8Text.problem(in: data) {
      throw ConfigurationError(file: file, location: "line \(problem.line)", problem: problem.text)
    }
  }

  /// Refuses nesting and strings no scenario or theme has, before a parser that recurses sees them.
  private static func checkShape(_ data: Data, file: String) throws {
    if let problem = JSONShape.problem(in: data) {
      throw ConfigurationError(file: file, location: "line \(problem.line)", problem: problem.text)
    }
  }

  /// Decodes JSON data that came from `file`.
  public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, file: String) throws
    -> Value
  {
    try checkText(data, file: file)
    try checkShape(data, file: file)
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        // Foundation says "not valid JSON", without a path, for valid JSON with a number that does not fit.
        if let number = JSONShape.unfittingNumber(in: data) {
          throw ConfigurationError(file: file, location: number.path, problem: number.problem)
        }
        throw ConfigurationError(file: file, problem: "not valid JSON\(syntaxDetail(data))")
      }
      throw describe(error, file: file)
    } catch {
      throw ConfigurationError(file: file, problem: "not valid JSON")
    }
  }

  static func describe(_ error: DecodingError, file: String) -> ConfigurationError {
    switch error {
    case .typeMismatch(let type, let context):
      return ConfigurationError(
        file: file, location: path(context.codingPath), problem: "expected \(describe(type))\(found(context))"
      )
    case .valueNotFound(let type, let context):
      return ConfigurationError(
        file: file, location: path(context.codingPath), problem: "expected \(describe(type)), found null")
    case .keyNotFound(let key, let context):
      return ConfigurationError(
        file: file, location: path(context.codingPath + [key]), problem: "missing (this field is required)")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return ConfigurationError(file: file, problem: "not valid JSON")
      }
      return ConfigurationError(
        file: file, location: path(context.codingPath), problem: readable(context.debugDescription))
    @unknown default:
      return ConfigurationError(file: file, problem: "cannot be decoded")
    }
  }

  /// Foundation's words for an unknown enum value ("Cannot initialize PaymentNetwork from invalid String
  /// value unionPay") in PayDrill's ("unknown value \"unionPay\" (expected a PaymentNetwork …)").
  static func readable(_ description: String) -> String {
    let pattern = #"Cannot initialize (\w+) from invalid \w+ value (.+)"#
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(
        in: description, range: NSRange(description.startIndex..., in: description)),
      let type = Range(match.range(at: 1), in: description),
      let value = Range(match.range(at: 2), in: description)
    else { return description }
    _ = type
    return "unknown value \"\(description[value])\" (not one of the values the README lists for this field)"
  }

  /// `items[0].unitPrice` from a coding path.
  static func path(_ keys: [CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text.isEmpty ? "the top level" : text
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

  /// Where the JSON stops being JSON, as "line L, column C", from Foundation's parser.
  private static func syntaxDetail(_ data: Data) -> String {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return ""
    } catch {
      guard let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return "" }
      guard let range = detail.range(of: "character ", options: .backwards),
        let offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
      else { return " (\(detail))" }
      let before = data.prefix(offset)
      let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
      let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
      return " (a problem near line \(line), column \(column))"
    }
  }
}
