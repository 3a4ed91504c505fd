import CheckoutEngine

/// The options of a row's chooser, as the sheet lists them.
enum SheetChoices {
  static func options(for row: SheetRow, checkout: CheckoutState) -> [String] {
    guard let sheet = checkout.applePaySheet, let configuration = checkout.scenario.applePay else {
      return []
    }
    let money = MoneyFormatter(locale: checkout.scenario.locale)
    switch row {
    case .card:
      return checkout.sheetCards.map(checkout.localisation.describe)
    case .shippingContact:
      return configuration.wallet.contacts.map { contact in
        [contact.name, contact.postalAddress?.singleLine].compactMap { $0 }.joined(separator: ", ")
      }
    case .contact:
      // The contact row is about reaching the shopper: the email and phone being chosen.
      return configuration.wallet.contacts.map { contact in
        [contact.name, contact.emailAddress, contact.phoneNumber].compactMap { $0 }.joined(separator: " · ")
      }
    case .shippingMethod:
      return sheet.shippingMethods.map { $0.line(money) }
    case .coupon, .pay:
      return []
    }
  }

  static func selectedIndex(for row: SheetRow, checkout: CheckoutState) -> Int {
    guard let sheet = checkout.applePaySheet, let configuration = checkout.scenario.applePay else { return 0 }
    switch row {
    case .card: return checkout.sheetCards.firstIndex { $0 == sheet.card } ?? 0
    case .shippingContact, .contact:
      return configuration.wallet.contacts.firstIndex { $0 == sheet.shippingContact } ?? 0
    case .shippingMethod:
      return sheet.shippingMethods.firstIndex { $0.identifier == sheet.shippingMethod?.identifier } ?? 0
    case .coupon, .pay: return 0
    }
  }
}
