/// What the Paid screen shows, built from the attempt that succeeded and nothing else: the method, what paid
/// (a card's masked number, a Wallet card's name, PayPal's funding), the amount and the identifiers.
public struct Receipt: Equatable, Sendable {
  public var result: DropInSubmitResult
  public var method: DropInPaymentMethod
  /// "Visa •••• 4242", a Wallet card's name, "PayPal balance · PAYID-…".
  public var paidWith: String
  public var amount: Money

  /// The method as the result screen names it.
  public var methodName: String { method.paidName }
}

extension DropInPaymentMethod {
  /// The method as a receipt names it: "Card", "Apple Pay", "PayPal", "Paze".
  public var paidName: String {
    switch self {
    case .applePay: return "Apple Pay"
    case .paypal: return "PayPal"
    case .paze: return "Paze"
    case .card: return "Card"
    }
  }
}
