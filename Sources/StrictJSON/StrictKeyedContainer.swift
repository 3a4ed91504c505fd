/// The keyed container of `StrictJSONDecoder`: an object's members, every key asked for noted in the ledger.
struct StrictKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [JSONMember]
  let decoder: StrictDecoding
  private let indices: [String: Int]
  /// The object's path as the ledger writes it, written once: every key asked for is noted under it.
  private let pathText: String

  init(members: [JSONMember], decoder: StrictDecoding) {
    self.members = members
    self.decoder = decoder
    pathText = KeyLedger.text(decoder.codingPath)
    var indices: [String: Int] = [:]
    for (index, member) in members.enumerated() { indices[member.key] = index }
    self.indices = indices
  }

  var codingPath: [CodingKey] { decoder.codingPath }

  var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

  func contains(_ key: Key) -> Bool {
    decoder.ledger.asked(for: key.stringValue, inObjectAt: pathText)
    return indices[key.stringValue] != nil
  }

  /// The decoder of the value at `key`, or `keyNotFound`.
  private func child(_ key: Key) throws -> StrictDecoding {
    decoder.ledger.asked(for: key.stringValue, inObjectAt: pathText)
    guard let index = indices[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key.stringValue).")
      )
    }
    return decoder.child(members[index].value, key: key)
  }

  func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).unbox(type) }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try child(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
    try child(key).unkeyedContainer()
  }

  func superDecoder() throws -> Decoder { decoder }

  func superDecoder(forKey key: Key) throws -> Decoder {
    guard contains(key) else { return decoder.child(.null, key: key) }
    return try child(key)
  }
}
