import CheckoutEngine
import Foundation
import StrictJSON

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
  package static func contents(of path: String) throws -> Data {
    switch BoundedFile.read(path, limit: maximumBytes) {
    case .success(let data): return data
    case .failure(let failure): throw ConfigurationError(file: path, problem: failure.problem)
    }
  }

  /// The keys of the JSON object at the top of a file's data, or a `ConfigurationError` when the data is not
  /// UTF-8, not JSON, or not an object.
  package static func topLevelKeys(of data: Data, file: String) throws -> [String] {
    try checkText(data, file: file)
    try checkShape(data, file: file)
    let value: JSONValue
    do {
      value = try JSONReader.read(data)
    } catch let error as JSONReadError {
      throw problem(error, file: file)
    }
    guard case .object(let members) = value else {
      throw ConfigurationError(file: file, location: "the top level", problem: "expected an object")
    }
    return members.map(\.key)
  }

  private static func checkText(_ data: Data, file: String) throws {
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      throw ConfigurationError(file: file, problem: "the file is empty (expected a JSON object)")
    }
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

  /// Decodes JSON data that came from `file`, strictly: a key written twice, or a key the type does not
  /// know (the top level's `$schema` aside), is an error naming its path.
  public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, file: String) throws
    -> Value
  {
    try checkText(data, file: file)
    try checkShape(data, file: file)
    do {
      return try StrictJSONDecoder(ignoredTopLevelKeys: ["$schema"]).decode(type, from: data)
    } catch let error as JSONReadError {
      throw problem(error, file: file)
    } catch let error as DecodingError {
      throw describe(error, file: file)
    }
  }

  static func describe(_ error: DecodingError, file: String) -> ConfigurationError {
    let failure = DecodingFailure(error)
    return ConfigurationError(file: file, location: failure.path, problem: failure.problem)
  }

  /// A reader's error in a file, where PayDrill's own reader found it.
  private static func problem(_ error: JSONReadError, file: String) -> ConfigurationError {
    ConfigurationError(file: file, location: error.location ?? "", problem: error.problem)
  }
}
