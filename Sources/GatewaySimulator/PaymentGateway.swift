import CheckoutEngine

/// The gateway behind the checkout. The simulator implements it, and so does a plugin process, without the
/// engine knowing the difference. One API: each call says what the gateway answers and when (`Reply`); the
/// interpreter's clock does the waiting.
public protocol PaymentGateway: Sendable {
  /// Authorises a payment (meeting `request.fault` when a tester armed one).
  func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome>
  /// The issuer's decision once the shopper answered a 3-D Secure challenge (`code` nil when cancelled).
  func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> Reply<AuthorisationOutcome>
  /// Creates a PayPal order.
  func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder>
  /// Answers the Apple Pay plugin's `POST /init`.
  func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse>
  /// Takes the tester's latency and fault-rate settings (the gateway panel), as an effect of the app.
  func apply(_ settings: GatewaySettings)
}

extension PaymentGateway {
  /// Gateways without simulated latency or faults ignore the settings.
  public func apply(_ settings: GatewaySettings) {}
}
