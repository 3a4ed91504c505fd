/// A PayPal order the gateway created for the checkout (Drop-in's `onPreAuthorisation` for PayPal).
public struct PayPalOrder: Equatable, Sendable {
  public var orderId: String
  /// `Authorisation` or `Purchase`, from the transaction's PayPal intent.
  public var intent: String
  public var amount: Money
  /// Why the gateway could not create the order; the checkout then reports `onError(.paypal, …)`.
  public var failure: SdkError? = nil

  public init(orderId: String, intent: String, amount: Money, failure: SdkError? = nil) {
    self.orderId = orderId
    self.intent = intent
    self.amount = amount
    self.failure = failure
  }
}

/// What the buyer chose on the simulated PayPal approval page.
public enum PayPalFunding: String, Equatable, Sendable, CaseIterable {
  /// PayPal balance or a linked account.
  case paypal
  /// Pay Later (offered when the session's `allowedFundingOptions` include `paylater`).
  case paylater
  /// A funding source PayPal declines: to rehearse `onError(.paypal, …)`.
  case declinedSource

  /// The option's words on the approval page, in English.
  public var label: String { Localisation.english.label(of: self) }
}

/// Asking the gateway to create a PayPal order.
public struct PayPalOrderRequest: Equatable, Sendable {
  public var intent: String
  public var amount: Money
  public var merchantTransactionId: String
  public var sessionId: String
}
