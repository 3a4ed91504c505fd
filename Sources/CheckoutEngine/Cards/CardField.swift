/// A field of the Drop-in's card form, in the order the shopper fills them in.
public enum CardField: String, CaseIterable, Sendable {
  case number
  case expiry
  case securityCode
  case holderName
  /// The billing postcode, asked for only when the merchant verifies addresses (AVS).
  case postalCode

  /// The label shown beside the field.
  public var label: String {
    switch self {
    case .number: return "Card number"
    case .expiry: return "Expiry (MM/YY)"
    case .securityCode: return "Security code"
    case .holderName: return "Cardholder name"
    case .postalCode: return "Billing postcode"
    }
  }

  /// The fields the form shows: the postcode only when the scenario's address verification asks for it.
  public static func shown(collectingPostcode: Bool) -> [CardField] {
    collectingPostcode ? allCases : allCases.filter { $0 != .postalCode }
  }
}
