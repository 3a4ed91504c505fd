import CheckoutEngine

extension AppModel {
  /// A short name of what is on screen, for file names: `method-list`, `card-form`, `apple-pay-sheet`,
  /// `paid`, `payment-failed`, `gateway-panel`, …
  public var screenName: String {
    if isTooSmall { return "too-small" }
    if gallery != nil { return "button-gallery" }
    if gatewayPanel != nil { return "gateway-panel" }
    if devicePanel != nil { return "device-panel" }
    switch checkout.screen {
    case .methodList: return "method-list"
    case .cardForm: return "card-form"
    case .processing: return "processing"
    case .result(.success): return "paid"
    case .result(.failure): return "payment-failed"
    case .initialisationFailed: return "initialisation-failed"
    case .applePaySheet: return "apple-pay-sheet"
    case .applePaySetUp: return "apple-pay-set-up"
    case .payPalApproval: return "paypal-approval"
    case .pazeCheckout: return "paze-checkout"
    case .threeDSChallenge: return "3ds-challenge"
    case .methodUnavailable(let method): return "\(method.rawValue.lowercased())-unavailable"
    }
  }
}
