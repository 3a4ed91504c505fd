import CheckoutEngine

/// A payment the gateway approved in a session, as the ledger takes it before the approval is given: the
/// session's one payment, and what a lookup shows of it.
public struct SessionPayment: Equatable, Sendable {
  public var sessionId: String
  public var systemTransactionId: String
  public var merchantTransactionId: String
  public var amount: Money
  /// `card`, `paypal`, `applePay`, `paze`.
  public var method: String

  public init(
    sessionId: String, systemTransactionId: String, merchantTransactionId: String, amount: Money,
    method: String
  ) {
    self.sessionId = sessionId
    self.systemTransactionId = systemTransactionId
    self.merchantTransactionId = merchantTransactionId
    self.amount = amount
    self.method = method
  }
}
