/// A field of the Drop-in's card form, in the order the shopper fills them in.
public enum CardField: String, CaseIterable, Sendable {
  case number
  case expiry
  case securityCode
  case holderName
  /// The billing postcode, asked for only when the merchant verifies addresses (AVS).
  case postalCode

  /// The label shown beside the field.
  public var label: String { label(in: .english) }

  /// The label in a locale.
  public func label(in localisation: Localisation) -> String {
    switch self {
    case .number: return localisation.text(.cardNumber)
    case .expiry: return localisation.text(.expiry)
    case .securityCode: return localisation.text(.securityCode)
    case .holderName: return localisation.text(.cardholderName)
    case .postalCode: return localisation.text(.billingPostcode)
    }
  }

  /// The fields the form shows: the postcode only when the scenario's address verification asks for it.
  public static func shown(collectingPostcode: Bool) -> [CardField] {
    collectingPostcode ? allCases : allCases.filter { $0 != .postalCode }
  }
}
