import CheckoutEngine
import Foundation

/// A payment attempt in a session, as the lookup returns it for the seed's "verify on your backend" step:
/// what the checkout's `onSuccess` or `onError` reported (the ledger's attempt).
public struct ServerTransaction: Equatable, Sendable {
  /// The ledger's outcome: `succeeded`, `failed`, `cancelled`, `interrupted` (also while in flight),
  /// `unknown`.
  public var status: String
  public var systemTransactionId: String?
  public var merchantTransactionId: String?
  public var sessionId: String?
  public var amount: Money
  /// `card`, `paypal`, `applePay`, `paze`.
  public var method: String
  /// A card's scheme and last four ("Visa ••••4242"), a wallet card's name; never a full number.
  public var paidWith: String?
  public var errorCode: String?
  public var resultCode: String?
  public var startedAt: Date
  public var endedAt: Date

  public init(
    status: String, systemTransactionId: String?, merchantTransactionId: String?, sessionId: String?,
    amount: Money, method: String, paidWith: String?, errorCode: String?, resultCode: String?,
    startedAt: Date, endedAt: Date
  ) {
    self.status = status
    self.systemTransactionId = systemTransactionId
    self.merchantTransactionId = merchantTransactionId
    self.sessionId = sessionId
    self.amount = amount
    self.method = method
    self.paidWith = paidWith
    self.errorCode = errorCode
    self.resultCode = resultCode
    self.startedAt = startedAt
    self.endedAt = endedAt
  }

  public var succeeded: Bool { status == "succeeded" }
}
