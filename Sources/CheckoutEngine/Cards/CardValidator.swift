/// The card form's rules: Luhn, scheme, accepted schemes, expiry not in the past, security code length, name.
public struct CardValidator: Sendable {
  /// The schemes the session accepts (`allowedFundingTypes.cardSchemes`).
  public let acceptedSchemes: [CardScheme]
  /// The month the check runs in, as year (four digits) and month (1…12).
  public let currentYear: Int
  public let currentMonth: Int
  /// The fields the form shows (the postcode only when the merchant verifies addresses).
  public let fields: [CardField]

  public init(
    acceptedSchemes: [CardScheme], currentYear: Int, currentMonth: Int,
    fields: [CardField] = CardField.shown(collectingPostcode: false)
  ) {
    self.acceptedSchemes = acceptedSchemes
    self.fields = fields
    self.currentYear = currentYear
    self.currentMonth = currentMonth
  }

  /// The error for one field, or nil when it is valid.
  public func error(for field: CardField, in form: CardForm) -> String? {
    switch field {
    case .number: return numberError(form.number)
    case .expiry: return expiryError(form.expiry)
    case .securityCode: return securityCodeError(form.securityCode, scheme: form.scheme)
    case .holderName:
      return form.holderName.allSatisfy(\.isWhitespace) ? "Enter the cardholder name" : nil
    case .postalCode:
      guard fields.contains(.postalCode) else { return nil }
      let characters = form.postalCode.filter { $0.isLetter || $0.isNumber }.count
      if characters == 0 { return "Enter the billing postcode" }
      return characters < 3 ? "Billing postcode is too short" : nil
    }
  }

  /// Every field's error; empty when the form can be submitted.
  public func errors(in form: CardForm) -> [CardField: String] {
    var errors: [CardField: String] = [:]
    for field in fields {
      errors[field] = error(for: field, in: form)
    }
    return errors
  }

  private func numberError(_ digits: String) -> String? {
    if digits.isEmpty { return "Enter a card number" }
    guard let scheme = CardScheme.detect(digits) else {
      return digits.count < 6 ? "Card number is incomplete" : "Card type not recognised"
    }
    if digits.count < (scheme.validLengths.min() ?? 16) { return "Card number is incomplete" }
    guard scheme.validLengths.contains(digits.count) else { return "Card number is incomplete" }
    guard CardNumber(digits: digits).passesLuhnCheck else { return "Card number is invalid" }
    guard acceptedSchemes.contains(scheme) else {
      return "\(scheme.displayName) cards are not accepted for this payment"
    }
    return nil
  }

  private func expiryError(_ digits: String) -> String? {
    if digits.isEmpty { return "Enter an expiry date" }
    guard digits.count == 4, let month = Int(digits.prefix(2)), let year = Int(digits.suffix(2)) else {
      return "Expiry must be MM/YY"
    }
    guard (1...12).contains(month) else { return "Expiry month must be 01 to 12" }
    let fullYear = 2000 + year
    if fullYear < currentYear || (fullYear == currentYear && month < currentMonth) {
      return "This card expired in \(digits.prefix(2))/\(digits.suffix(2))"
    }
    return nil
  }

  private func securityCodeError(_ digits: String, scheme: CardScheme?) -> String? {
    if digits.isEmpty { return "Enter the security code" }
    let expected = scheme?.securityCodeLength ?? 3
    guard digits.count == expected else {
      return scheme == .americanExpress
        ? "Security code must be 4 digits for American Express" : "Security code must be 3 digits"
    }
    return nil
  }
}
