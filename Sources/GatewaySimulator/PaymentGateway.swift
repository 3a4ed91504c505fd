import CheckoutEngine

/// The gateway behind the checkout. The simulator implements it; later a plugin process or a team's own
/// test double can, without the engine knowing the difference.
public protocol PaymentGateway: Sendable {
  /// Authorises a payment, taking as long as the gateway takes.
  func authorise(_ request: AuthorisationRequest) async -> AuthorisationOutcome
  /// The issuer's decision once the shopper answered a 3-D Secure challenge (`code` nil when cancelled).
  func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) async -> AuthorisationOutcome
  /// Creates a PayPal order.
  func createPayPalOrder(_ request: PayPalOrderRequest) async -> PayPalOrder
  /// Answers the Apple Pay plugin's `POST /init`.
  func applePayInit(_ request: ApplePayInitRequest) async -> ApplePayInitResponse
  /// Takes the tester's latency and fault settings (the gateway panel).
  func apply(_ settings: GatewaySettings)
}

extension PaymentGateway {
  /// Gateways without simulated latency or faults ignore the settings.
  public func apply(_ settings: GatewaySettings) {}
}
