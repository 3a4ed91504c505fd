/// A fault real integrations meet, armed by a tester for the next authorisation or drawn at the panel's
/// random rate.
public enum GatewayFault: String, Equatable, Sendable, CaseIterable {
  case networkError, timeout, serverError, merchantValidation, duplicateRequest

  /// The error the checkout reports, with the code a merchant's `onError` switches on.
  public var error: SdkError {
    switch self {
    case .networkError:
      return SdkError(
        errorCode: "NETWORK_ERROR", errorMessage: "The network connection was lost during authorisation")
    case .timeout:
      return SdkError(errorCode: "GATEWAY_TIMEOUT", errorMessage: "The gateway did not answer in time")
    case .serverError:
      return SdkError(
        errorCode: "GATEWAY_ERROR", errorMessage: "The gateway answered 503 Service Unavailable")
    case .merchantValidation:
      return SdkError(errorCode: "MERCHANT_VALIDATION_FAILED", errorMessage: "Merchant validation failed")
    case .duplicateRequest:
      return SdkError(
        errorCode: "DUPLICATE_REQUEST",
        errorMessage: "The request was sent twice; the gateway charged it once")
    }
  }
}
