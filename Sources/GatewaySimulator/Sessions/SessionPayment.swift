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
}
