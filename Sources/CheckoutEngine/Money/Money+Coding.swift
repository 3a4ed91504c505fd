/// Money in files: written as a decimal string in major units ("12.99"), read back in a known currency.
extension Money: Encodable {
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(plainString)
  }
}

/// A value whose amounts are in a currency the file states elsewhere (the scenario's), so decoding it needs
/// that currency: `container.decode(SummaryItem.self, forKey: .total, currency: usd)`.
public protocol CurrencyDecodable {
  init(from decoder: Decoder, currency: Currency) throws
}

extension KeyedDecodingContainer {
  /// An amount at `key`, parsed with the sessions API's exponent rules; errors name the key's path.
  public func decodeMoney(forKey key: Key, currency: Currency) throws -> Money {
    let text = try decode(AmountText.self, forKey: key)
    switch text.money(in: currency) {
    case .success(let money): return money
    case .failure(let failure):
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath + [key], debugDescription: failure.description))
    }
  }

  /// An optional amount at `key`.
  public func decodeMoneyIfPresent(forKey key: Key, currency: Currency) throws -> Money? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    return try decodeMoney(forKey: key, currency: currency)
  }

  public func decode<T: CurrencyDecodable>(_ type: T.Type, forKey key: Key, currency: Currency) throws -> T {
    try T(from: superDecoder(forKey: key), currency: currency)
  }

  public func decodeIfPresent<T: CurrencyDecodable>(_ type: T.Type, forKey key: Key, currency: Currency)
    throws -> T?
  {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    return try T(from: superDecoder(forKey: key), currency: currency)
  }

  /// A list at `key` (missing means empty).
  public func decodeList<T: CurrencyDecodable>(_ type: T.Type, forKey key: Key, currency: Currency) throws
    -> [T]
  {
    guard contains(key), try !decodeNil(forKey: key) else { return [] }
    var list = try nestedUnkeyedContainer(forKey: key)
    var values: [T] = []
    while !list.isAtEnd {
      values.append(try T(from: list.superDecoder(), currency: currency))
    }
    return values
  }
}
