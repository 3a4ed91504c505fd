/// The payment methods Drop-in can offer, with the SDK's raw values (`DropInPaymentMethod`).
public enum DropInPaymentMethod: String, CaseIterable, Codable, Sendable {
  case card
  case paypal
  case applePay
  case paze

  /// The name shown in the method list.
  public var displayName: String {
    switch self {
    case .card: return "Card"
    case .paypal: return "PayPal"
    case .applePay: return "Apple Pay"
    case .paze: return "Paze"
    }
  }
}
