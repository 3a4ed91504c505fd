/// A kind of call to the gateway, each with its own latency: real gateways answer a session request, an
/// `/init`, an authorisation and a 3-D Secure step at different speeds.
public enum GatewayOperation: String, CaseIterable, Codable, Sendable {
  /// `POST api/v1/sessions` (`paydrill session`).
  case session
  /// Apple Pay's `/init` and PayPal's order creation.
  case initialise = "init"
  /// An authorisation (card, Apple Pay, PayPal, Paze).
  case authorise
  /// The issuer's answer after a 3-D Secure challenge.
  case threeDSecure

  /// The name the gateway panel shows.
  public var label: String {
    switch self {
    case .session: return "Session"
    case .initialise: return "Init / order"
    case .authorise: return "Authorise"
    case .threeDSecure: return "3-D Secure"
    }
  }
}
