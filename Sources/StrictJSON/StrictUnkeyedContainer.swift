/// The unkeyed container of `StrictJSONDecoder`: a list's elements, in order.
struct StrictUnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let decoder: StrictDecoding
  private(set) var currentIndex = 0

  var codingPath: [CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// The decoder of the next element, moving past it.
  private mutating func next(_ type: Any.Type) throws -> StrictDecoding {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        .init(
          codingPath: codingPath + [PathKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
    }
    defer { currentIndex += 1 }
    return decoder.child(elements[currentIndex], key: PathKey(currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).unbox(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next([String: Any].self).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
    try next([Any].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> Decoder { try next(Any.self) }
}
