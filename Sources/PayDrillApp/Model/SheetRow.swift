import CheckoutEngine

/// The rows of the Apple Pay sheet the shopper can move between, in PassKit's order.
public enum SheetRow: Equatable, Sendable, CaseIterable {
  case card
  case shippingContact
  case shippingMethod
  /// Email and phone, when the merchant requires them (chosen with the contact).
  case contact
  case coupon
  case pay

  /// The rows a configuration shows: shipping rows only when the merchant asks for an address or offers
  /// methods.
  static func rows(for configuration: ApplePayConfiguration?) -> [SheetRow] {
    guard let configuration else { return [.card, .pay] }
    var rows: [SheetRow] = [.card]
    if configuration.requiresShippingAddress { rows.append(.shippingContact) }
    if !configuration.shippingMethods.isEmpty || !configuration.rules.shippingRates.isEmpty {
      rows.append(.shippingMethod)
    }
    let contactFields: [ContactField] = [.emailAddress, .phoneNumber]
    if configuration.requiredShippingContactFields.contains(where: contactFields.contains) {
      rows.append(.contact)
    }
    rows += [.coupon, .pay]
    return rows
  }
}
