import Foundation

/// The `Decoder` of `StrictJSONDecoder` for one value: it is its own single-value container, and makes the
/// keyed and unkeyed containers of objects and lists.
final class StrictDecoding: Decoder, SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [CodingKey]
  let ledger: KeyLedger
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(value: JSONValue, codingPath: [CodingKey], ledger: KeyLedger) {
    self.value = value
    self.codingPath = codingPath
    self.ledger = ledger
  }

  /// The number as written in the text (`1.0`, `1e2`), when the value is a number.
  var numberAsWritten: String? {
    if case .number(let text) = value { return text }
    return nil
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else {
      throw mismatch([String: Any].self, "Dictionary<String, Any>")
    }
    ledger.opened(type, at: codingPath)
    return KeyedDecodingContainer(StrictKeyedContainer<Key>(members: members, decoder: self))
  }

  func unkeyedContainer() throws -> UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([Any].self, "Array<Any>") }
    return StrictUnkeyedContainer(elements: elements, decoder: self)
  }

  func singleValueContainer() throws -> SingleValueDecodingContainer { self }

  func child(_ value: JSONValue, key: CodingKey) -> StrictDecoding {
    StrictDecoding(value: value, codingPath: codingPath + [key], ledger: ledger)
  }

  // MARK: Single value

  func decodeNil() -> Bool { value == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let flag) = value else { throw mismatch(type, "Bool") }
    return flag
  }

  func decode(_ type: String.Type) throws -> String {
    guard case .string(let text) = value else { throw mismatch(type, "String") }
    return text
  }

  func decode(_ type: Double.Type) throws -> Double {
    guard case .number(let text) = value, let number = Double(text), number.isFinite else {
      throw mismatch(type, "Double")
    }
    return number
  }

  func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type, named: "Int") }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type, named: "Int8") }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type, named: "Int16") }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type, named: "Int32") }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type, named: "Int64") }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type, named: "UInt") }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type, named: "UInt8") }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type, named: "UInt16") }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type, named: "UInt32") }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type, named: "UInt64") }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type) }

  /// A value of any type, with the types Foundation's `JSONDecoder` also reads specially (`Decimal` and
  /// `URL` from their JSON forms, not from their keyed `Codable` forms).
  func unbox<T: Decodable>(_ type: T.Type) throws -> T {
    if type == Decimal.self {
      guard case .number(let text) = value, let number = Decimal(string: text, locale: nil) else {
        throw mismatch(type, "Decimal")
      }
      return number as! T
    }
    if type == URL.self {
      guard let url = URL(string: try decode(String.self)) else {
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "not a valid URL"))
      }
      return url as! T
    }
    return try T(from: self)
  }

  /// A whole number: digits only (no fraction, no exponent), and within the type's range. The type's name
  /// comes written out: `String(describing:)` of a type casts it to each printing protocol, 150,000
  /// instructions a call, and a colour (an index or a name) tries a number first, so each name makes this
  /// error.
  private func integer<T: FixedWidthInteger>(_ type: T.Type, named name: String) throws -> T {
    guard case .number(let text) = value else { throw mismatch(type, name) }
    guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
      throw DecodingError.typeMismatch(
        type,
        .init(
          codingPath: codingPath,
          debugDescription: "Expected to decode \(name) but found \(text) instead."))
    }
    guard let number = T(text) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription: "the number \(text) is too large for a whole number field"))
    }
    return number
  }

  /// A type mismatch in Foundation's words ("Expected to decode Int but found a string instead."), which
  /// `ConfigurationFile` turns into PayDrill's.
  func mismatch(_ type: Any.Type, _ name: String) -> DecodingError {
    if value == .null {
      return .valueNotFound(
        type,
        .init(codingPath: codingPath, debugDescription: "Expected \(name) value but found null instead."))
    }
    return .typeMismatch(
      type,
      .init(
        codingPath: codingPath,
        debugDescription: "Expected to decode \(name) but found \(value.kindDescription) instead."))
  }
}
