import CheckoutEngine
import Foundation

/// The JSON bodies of the lookups (PayDrill's own endpoints: the seed names none): a session with its state
/// and attempts, a transaction with its session.
enum APIResponseBody {
  static func encode<Value: Encodable>(_ value: Value) -> Data {
    (try? encoder.encode(value)) ?? Data("{}".utf8)
  }

  /// The seed's session response, byte for byte what `encode` makes of it (keys sorted), made without the
  /// encoder: the funding types, the same for every session, are encoded once, and the four strings the API
  /// drew (a UUID, two hex keys, an ISO 8601 time) need no escaping, so they are written as they are. A
  /// string that would need escaping goes through the encoder.
  static func session(_ data: SessionData) -> Data {
    let strings = [data.encryptionKey, data.hmacKey, data.sessionExpiry, data.sessionId]
    guard strings.allSatisfy(Self.isPlain), let funding = fundingTypes(data.allowedFundingTypes) else {
      return encode(data)
    }
    var body = Data(#"{"allowedFundingTypes":"#.utf8)
    body.append(funding)
    for (key, value) in zip(["encryptionKey", "hmacKey", "sessionExpiry", "sessionId"], strings) {
      body.append(contentsOf: #","\#(key)":"\#(value)""#.utf8)
    }
    body.append(UInt8(ascii: "}"))
    return body
  }

  /// Whether a string is written in JSON as it is: letters, digits and `-:.+` only.
  private static func isPlain(_ text: String) -> Bool {
    text.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+")
    }
  }

  /// The funding types encoded, kept for the next session, which has the same.
  private static func fundingTypes(_ funding: AllowedFundingTypes) -> Data? {
    try? fundingJSON.value(for: funding) { try encoder.encode(funding) }
  }

  private static let fundingJSON = Memo<AllowedFundingTypes, Data>(limit: 1)

  /// Made once: every answer is encoded with it, from the server's threads at once (it is never changed).
  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    return encoder
  }()

  /// A transaction as the lookup shows it: status, amount, currency, method, times.
  struct Transaction: Encodable {
    var status: String
    var systemTransactionId: String?
    var merchantTransactionId: String?
    var sessionId: String?
    /// The amount as a decimal string in the currency's exponent (`25.00`, `1500`), and in minor units.
    var amount: String
    var currencyCode: String
    var minorUnits: Int64
    var method: String
    var paidWith: String?
    var errorCode: String?
    var resultCode: String?
    var startedAt: String
    var time: String

    init(_ transaction: ServerTransaction) {
      status = transaction.status
      systemTransactionId = transaction.systemTransactionId
      merchantTransactionId = transaction.merchantTransactionId
      sessionId = transaction.sessionId
      amount = transaction.amount.plainString
      currencyCode = transaction.amount.currency.code
      minorUnits = transaction.amount.minorUnits
      method = transaction.method
      paidWith = transaction.paidWith
      errorCode = transaction.errorCode
      resultCode = transaction.resultCode
      startedAt = APIResponseBody.time(transaction.startedAt)
      time = APIResponseBody.time(transaction.endedAt)
    }
  }

  /// A session as the lookup shows it: never its keys.
  struct Session: Encodable {
    var sessionId: String
    var state: String
    var sessionExpiry: String
    var merchant: String
    var site: String
    var merchantTransactionId: String
    var amount: String
    var currencyCode: String
    var minorUnits: Int64
    var createdAt: String

    init(_ session: ServerSession, state: SessionState) {
      sessionId = session.sessionId
      self.state = state.rawValue
      sessionExpiry = session.data.sessionExpiry
      merchant = session.merchant
      site = session.site
      merchantTransactionId = session.merchantTransactionId
      amount = session.amount.plainString
      currencyCode = session.amount.currency.code
      minorUnits = session.amount.minorUnits
      createdAt = APIResponseBody.time(session.createdAt)
    }
  }

  /// What every lookup answers: the transaction that counts (the successful one, else the latest), every
  /// attempt, and the session.
  struct Lookup: Encodable {
    var transaction: Transaction?
    var attempts: [Transaction]
    var session: Session?
  }

  static func time(_ date: Date) -> String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
  }
}
