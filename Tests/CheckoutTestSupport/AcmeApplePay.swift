import Foundation

import CheckoutEngine

// MARK: - Fixtures shared by the Apple Pay tests

extension Money {
  /// US dollars in cents: `.usd(4999)` is $49.99.
  static func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: .usd) }
}

/// The built-in demo's Apple Pay section, by name: its Wallet's contacts and eligible cards, its shipping
/// methods. Each test that relies on a value states it, so a change to the demo fails loudly.
enum AcmeApplePay {
  static let scenario = Scenario.acmeElectronics
  static let configuration = scenario.applePay!
  static let merchantName = "Acme Electronics Store"
  static let transactionId = "0ce72cfd-014d-4256-a006-a56601b2ffc4"

  // Wallet contacts, by index (the `selectShippingContact` argument).
  static let jane = 0
  static let alex = 1
  static let john = 2
  static let poBox = 3
  static let iceland = 4
  static let noPhone = 5
  static let kimTypo = 6
  static func contact(_ index: Int) -> Contact { configuration.wallet.contacts[index] }

  // Eligible cards, by index (the `selectCard` argument); the JCB card is not among them.
  static let visaDebit = 0
  static let visaCredit = 1
  static let amexCredit = 2
  static let masterCardPrepaid = 3
  static let visaDeclining = 4
  static func card(_ index: Int) -> WalletCard { configuration.eligibleCards[index] }

  static let standard = ShippingMethod(
    identifier: "standard", label: "Standard Shipping", detail: "5-7 business days", amount: .usd(0))
  static let express = ShippingMethod(
    identifier: "express", label: "Express Shipping", detail: "2-3 business days", amount: .usd(1299))
  static let international = ShippingMethod(
    identifier: "international", label: "International", detail: "7-10 business days", amount: .usd(1999))

  /// A summary line in dollars.
  static func line(_ label: String, _ cents: Int64) -> SummaryItem {
    SummaryItem(label: label, amount: .usd(cents))
  }

  /// The total line, labelled with the merchant's name.
  /// The total line, labelled as the demo's `totalPaymentItem` is ("Total", as in the seed's examples).
  static func total(_ cents: Int64) -> SummaryItem { line("Total", cents) }

  /// What the sheet shows for Jane (Cupertino, CA: 8.25 % tax), standard shipping and the Visa debit card.
  static let janeSummary = [
    line("Wireless Headphones", 4999), line("Shipping (Standard Shipping)", 0), line("Tax", 412), total(5411),
  ]
}
