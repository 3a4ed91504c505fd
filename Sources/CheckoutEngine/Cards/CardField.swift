/// A field of the Drop-in's card form, in the order the shopper fills them in.
public enum CardField: String, CaseIterable, Sendable {
  case number
  case expiry
  case securityCode
  case holderName

  /// The label shown beside the field.
  public var label: String {
    switch self {
    case .number: return "Card number"
    case .expiry: return "Expiry (MM/YY)"
    case .securityCode: return "Security code"
    case .holderName: return "Cardholder name"
    }
  }
}
