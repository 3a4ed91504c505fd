import Foundation

/// Decodes JSON through `Codable` and refuses what Foundation's `JSONDecoder` lets through silently: a key
/// written twice in one object, and a key the decoded type does not know.
///
/// A type lists the keys it knows by making its `CodingKeys` `CaseIterable`; an object decoded only through
/// keys that are not (a dictionary's) takes any key. An unknown key is a `DecodingError.dataCorrupted` at
/// the key's path whose description names the nearest known key ("did you mean `shippingMethods`?"), so the
/// error reads like any other decoding error. Numbers keep their text: an amount is read as written
/// (`AmountText`), so `1.0` in yen is refused as a string `"1.0"` is.
public struct StrictJSONDecoder {
  /// Keys taken at the top level whatever the type (`$schema`, which editors read).
  public var ignoredTopLevelKeys: Set<String>

  public init(ignoredTopLevelKeys: Set<String> = []) {
    self.ignoredTopLevelKeys = ignoredTopLevelKeys
  }

  /// Decodes a value from JSON text. Throws `JSONReadError` for text that is not JSON or has a duplicated
  /// key, and `DecodingError` for JSON the type does not take (unknown keys included).
  public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    try decode(type, from: try JSONReader.read(data))
  }

  /// Decodes a value from JSON text (a request body).
  public func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
    try decode(type, from: try JSONReader.read(text))
  }

  /// Decodes a value from JSON already read.
  public func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
    let ledger = KeyLedger(ignoredTopLevelKeys: ignoredTopLevelKeys)
    return try decode(type, from: value, ledger: ledger)
  }

  /// Decodes, and says which key types of the objects decoded do not list their keys (test support: every
  /// type of a scenario or theme must list its keys, only dictionaries may not).
  func decodeListingOpenKeyTypes<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> (
    Value, Set<String>
  ) {
    let ledger = KeyLedger(ignoredTopLevelKeys: ignoredTopLevelKeys)
    let value = try decode(type, from: try JSONReader.read(data), ledger: ledger)
    return (value, ledger.openKeyTypes)
  }

  private func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue, ledger: KeyLedger) throws
    -> Value
  {
    let decoded: Value
    do {
      decoded = try StrictDecoding(value: value, codingPath: [], ledger: ledger).unbox(type)
    } catch DecodingError.keyNotFound(let key, let context) {
      // A missing key next to an unknown one is usually one misspelt key: say that.
      if let unknown = ledger.firstUnknownKey(in: value) { throw unknown }
      throw DecodingError.keyNotFound(key, context)
    } catch DecodingError.dataCorrupted(let context) {
      // A rule of an object broken next to a key it does not know is usually that key misspelt (a coupon's
      // `amountOf` for `amountOff` breaks "exactly one of percentOffBasisPoints or amountOff"): say that.
      if let unknown = ledger.firstUnknownKey(in: value), Self.lies(unknown, inside: context.codingPath) {
        throw unknown
      }
      throw DecodingError.dataCorrupted(context)
    }
    if let unknown = ledger.firstUnknownKey(in: value) { throw unknown }
    return decoded
  }

  /// Whether an unknown key's error is at a key of the object at `path`, or deeper in it.
  private static func lies(_ unknown: DecodingError, inside path: [CodingKey]) -> Bool {
    guard case .dataCorrupted(let context) = unknown, context.codingPath.count > path.count else {
      return false
    }
    return zip(context.codingPath, path).allSatisfy {
      $0.stringValue == $1.stringValue && $0.intValue == $1.intValue
    }
  }
}
