import CheckoutEngine
import Foundation

/// The JSON bodies of the lookups (PayDrill's own endpoints: the seed names none): a session with its state
/// and attempts, a transaction with its session.
enum APIResponseBody {
  static func encode<Value: Encodable>(_ value: Value) -> Data {
    (try? encoder.encode(value)) ?? Data("{}".utf8)
  }

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
