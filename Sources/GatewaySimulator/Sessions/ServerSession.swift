import CheckoutEngine
import Foundation

/// A session the sessions API created, with what its request asked for: the seed's session response
/// (`data`) and the transaction it is for (amount, merchant, intents). `paydrill serve` keeps it in the
/// ledger; a checkout opens on it (`paydrill --session ID`, `paydrill --serve`).
public struct ServerSession: Codable, Equatable, Sendable {
  /// The seed's session response: `sessionId`, `hmacKey`, `encryptionKey`, `sessionExpiry`,
  /// `allowedFundingTypes`. The keys are secrets: never printed.
  public var data: SessionData
  public var merchant: String
  public var site: String
  public var merchantTransactionId: String
  /// `amounts` as the request gave them, exact in the currency's minor units.
  public var amount: Money
  public var cardIntent: String
  public var paypalIntent: String
  public var allowTransaction: Bool
  /// The API token that signed the request.
  public var tokenId: String
  public var createdAt: Date

  public init(
    data: SessionData, merchant: String, site: String, merchantTransactionId: String, amount: Money,
    cardIntent: String, paypalIntent: String, allowTransaction: Bool, tokenId: String, createdAt: Date
  ) {
    self.data = data
    self.merchant = merchant
    self.site = site
    self.merchantTransactionId = merchantTransactionId
    self.amount = amount
    self.cardIntent = cardIntent
    self.paypalIntent = paypalIntent
    self.allowTransaction = allowTransaction
    self.tokenId = tokenId
    self.createdAt = createdAt
  }

  public var sessionId: String { data.sessionId }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case data, merchant, site, merchantTransactionId, currencyCode, minorUnits, cardIntent, paypalIntent
    case allowTransaction, tokenId, createdAt
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    data = try container.decode(SessionData.self, forKey: .data)
    merchant = try container.decode(String.self, forKey: .merchant)
    site = try container.decode(String.self, forKey: .site)
    merchantTransactionId = try container.decode(String.self, forKey: .merchantTransactionId)
    let code = try container.decode(String.self, forKey: .currencyCode)
    guard let currency = Currency(code: code) else {
      throw DecodingError.dataCorruptedError(
        forKey: .currencyCode, in: container, debugDescription: "unknown currency \(code)")
    }
    amount = Money(minorUnits: try container.decode(Int64.self, forKey: .minorUnits), currency: currency)
    cardIntent = try container.decode(String.self, forKey: .cardIntent)
    paypalIntent = try container.decode(String.self, forKey: .paypalIntent)
    allowTransaction = try container.decode(Bool.self, forKey: .allowTransaction)
    tokenId = try container.decode(String.self, forKey: .tokenId)
    let created = try container.decode(String.self, forKey: .createdAt)
    guard let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(created) else {
      throw DecodingError.dataCorruptedError(
        forKey: .createdAt, in: container, debugDescription: "expected an ISO 8601 time")
    }
    createdAt = date
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(data, forKey: .data)
    try container.encode(merchant, forKey: .merchant)
    try container.encode(site, forKey: .site)
    try container.encode(merchantTransactionId, forKey: .merchantTransactionId)
    try container.encode(amount.currency.code, forKey: .currencyCode)
    try container.encode(amount.minorUnits, forKey: .minorUnits)
    try container.encode(cardIntent, forKey: .cardIntent)
    try container.encode(paypalIntent, forKey: .paypalIntent)
    try container.encode(allowTransaction, forKey: .allowTransaction)
    try container.encode(tokenId, forKey: .tokenId)
    try container.encode(
      Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(createdAt), forKey: .createdAt)
  }
}
