/// The card form's rules: Luhn, scheme, accepted schemes, expiry not in the past, security code length, name.
public struct CardValidator: Sendable {
  /// The schemes the session accepts (`allowedFundingTypes.cardSchemes`).
  public let acceptedSchemes: [CardScheme]
  /// The month the check runs in, as year (four digits) and month (1…12).
  public let currentYear: Int
  public let currentMonth: Int
  /// The fields the form shows (the postcode only when the merchant verifies addresses).
  public let fields: [CardField]
  /// The language of the errors.
  public let localisation: Localisation

  public init(
    acceptedSchemes: [CardScheme], currentYear: Int, currentMonth: Int,
    fields: [CardField] = CardField.shown(collectingPostcode: false), localisation: Localisation = .english
  ) {
    self.localisation = localisation
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
      return form.holderName.allSatisfy(\.isWhitespace) ? localisation.text(.enterCardholderName) : nil
    case .postalCode:
      guard fields.contains(.postalCode) else { return nil }
      let characters = form.postalCode.filter { $0.isLetter || $0.isNumber }.count
      if characters == 0 { return localisation.text(.enterPostcode) }
      return characters < 3 ? localisation.text(.postcodeTooShort) : nil
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
    if digits.isEmpty { return localisation.text(.enterCardNumber) }
    guard let scheme = CardScheme.detect(digits) else {
      return localisation.text(digits.count < 6 ? .cardNumberIncomplete : .cardTypeNotRecognised)
    }
    guard scheme.validLengths.contains(digits.count) else { return localisation.text(.cardNumberIncomplete) }
    guard CardNumber(digits: digits).passesLuhnCheck else { return localisation.text(.cardNumberInvalid) }
    guard acceptedSchemes.contains(scheme) else {
      return localisation.text(.schemeNotAccepted, scheme.displayName)
    }
    return nil
  }

  private func expiryError(_ digits: String) -> String? {
    if digits.isEmpty { return localisation.text(.enterExpiry) }
    guard digits.count == 4, let month = Int(digits.prefix(2)), let year = Int(digits.suffix(2)) else {
      return localisation.text(.expiryFormat)
    }
    guard (1...12).contains(month) else { return localisation.text(.expiryMonth) }
    let fullYear = 2000 + year
    if fullYear < currentYear || (fullYear == currentYear && month < currentMonth) {
      return localisation.text(.cardExpired, "\(digits.prefix(2))/\(digits.suffix(2))")
    }
    return nil
  }

  private func securityCodeError(_ digits: String, scheme: CardScheme?) -> String? {
    if digits.isEmpty { return localisation.text(.enterSecurityCode) }
    let expected = scheme?.securityCodeLength ?? 3
    guard digits.count == expected else {
      return localisation.text(scheme == .americanExpress ? .securityCodeAmex : .securityCodeThree)
    }
    return nil
  }
}
