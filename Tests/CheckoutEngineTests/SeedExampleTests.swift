import XCTest

@testable import CheckoutEngine

/// The built-in scenarios that say they reproduce an example of the SDK documents do so field for field. Each
/// row of the table quotes the document: its file and section, the configuration's field, and the value the
/// example gives it, written as the example writes it. A field the example leaves unset is quoted with the
/// SDK's default, which PayDrill's is.
final class SeedExampleTests: XCTestCase {
  /// A built-in scenario, the example it reproduces (`file.md, section`), and the example's values by field.
  struct Example {
    var scenario: String
    var section: String
    var quotes: [(field: String, seed: String)]
  }

  static let examples = [
    Example(
      scenario: "outdoor-adventure-gear",
      section: "apple-pay-customisation.md, Examples, Custom SwiftUI implementation with shipping",
      quotes: [
        ("transactionData.amount", "89.97"), ("transactionData.currency", "USD"),
        ("transactionData.entryType", ".ecom"),
        ("merchantDisplayName", "Outdoor Adventure Gear"), ("paymentDescription", "Camping Equipment Order"),
        ("currencyCode", "USD"), ("countryCode", "US"),
        ("supportedNetworks", "[.visa, .masterCard, .amex, .discover]"),
        ("merchantCapabilities", "[.threeDSecure, .emv, .credit, .debit]"),
        // The example sets no button type, style or radius: its customContent is drawn instead.
        ("buttonType", ".plain"), ("buttonStyle", ".black"), ("buttonRadius", "4.0"),
        ("customContent", "Buy with Apple Pay"),
        ("totalPaymentItem", "Total 89.97 .final"),
        ("paymentItems", "[Camping Tent 69.99 .final, Sleeping Bag 14.99 .final, Tax 4.99 .final]"),
        ("requiredBillingContactFields", "[.postalAddress, .name, .emailAddress]"),
        ("requiredShippingContactFields", "[.postalAddress, .name, .phoneNumber]"),
        (
          "shippingMethods",
          "[standard Standard Shipping 5-7 business days 0.00, express Express Shipping 2-3 business days 12.99]"
        ),
        ("recurringRequest", "none"),
      ]),
    Example(
      scenario: "streammax-subscription",
      section: "apple-pay-customisation.md, Examples, Subscription service with recurring payments",
      quotes: [
        ("transactionData.amount", "14.99"), ("transactionData.currency", "USD"),
        ("transactionData.entryType", ".ecom"),
        ("merchantDisplayName", "StreamMax Entertainment"),
        ("paymentDescription", "Premium Streaming Subscription"), ("currencyCode", "USD"),
        ("countryCode", "US"),
        ("supportedNetworks", "[.visa, .masterCard, .amex, .discover]"),
        ("merchantCapabilities", "[.threeDSecure, .emv, .credit, .debit]"),
        ("buttonType", ".subscribe"), ("buttonStyle", ".black"), ("buttonRadius", "8.0"),
        // Its custom SwiftUI content's texts, in their order: "Subscribe with", "Apple Pay", "$14.99",
        // "per month".
        ("customContent", "Subscribe with Apple Pay · $14.99 per month"),
        ("totalPaymentItem", "First Month 14.99 .final"),
        ("paymentItems", "[Premium Subscription 12.99 .final, Tax 2.00 .final]"),
        ("requiredBillingContactFields", "[.postalAddress, .name, .emailAddress]"),
        ("requiredShippingContactFields", "[]"), ("shippingMethods", "[]"),
        (
          "recurringRequest",
          "StreamMax Premium Monthly Subscription; Monthly Premium Subscription 14.99 every 1 .month; "
            + "billingAgreement none; managementURL https://streammax.com/manage-subscription; "
            + "tokenNotificationURL https://api.streammax.com/webhooks/subscription"
        ),
      ]),
    Example(
      scenario: "events-example",
      section: "apple-pay-events.md, Complete implementation example",
      quotes: [
        ("transactionData.amount", "29.99"), ("transactionData.currency", "USD"),
        ("transactionData.entryType", ".ecom"),
        ("currencyCode", "USD"), ("countryCode", "US"), ("supportedNetworks", "[.visa, .masterCard, .amex]"),
        ("merchantCapabilities", "[.threeDSecure, .emv, .credit, .debit]"),
        ("requiredBillingContactFields", "[.postalAddress, .name, .emailAddress]"),
        ("requiredShippingContactFields", "[.postalAddress, .name]"),
        ("totalPaymentItem", "Total 29.99 .final"),
        ("buttonType", ".buy"), ("buttonStyle", ".black"), ("buttonRadius", "8.0"), ("customContent", "none"),
      ]),
  ]

  /// The scenario's value of each quoted field, written as the examples write them.
  static func values(of scenario: Scenario) -> [String: String] {
    guard let applePay = scenario.applePay else { return [:] }
    func list(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }
    func item(_ item: SummaryItem) -> String {
      "\(item.label) \(item.amount.plainString) .\(item.type.rawValue)"
    }
    let recurring = applePay.recurringRequest.map { request in
      "\(request.paymentDescription); \(request.billing.label) \(request.billing.amount.plainString) every "
        + "\(request.billing.intervalCount) .\(request.billing.intervalUnit.rawValue); "
        + "billingAgreement \(request.billingAgreement ?? "none"); managementURL \(request.managementURL); "
        + "tokenNotificationURL \(request.tokenNotificationURL ?? "none")"
    }
    return [
      "transactionData.amount": scenario.total.plainString,
      "transactionData.currency": scenario.currency.code,
      "transactionData.entryType": "." + scenario.entryType,
      "merchantDisplayName": applePay.merchantDisplayName,
      "paymentDescription": applePay.paymentDescription,
      "currencyCode": applePay.currencyCode.code,
      "countryCode": applePay.countryCode,
      "supportedNetworks": list(applePay.supportedNetworks.map { "." + $0.rawValue }),
      "merchantCapabilities": list(applePay.merchantCapabilities.map { "." + $0.rawValue }),
      "buttonType": "." + applePay.button.type.rawValue,
      "buttonStyle": "." + applePay.button.style.rawValue,
      "buttonRadius": ApplePayButtonAppearance.radiusText(applePay.button.radius),
      "customContent": applePay.button.customContent?.text ?? "none",
      "totalPaymentItem": applePay.totalPaymentItem.map(item) ?? "none",
      "paymentItems": list(applePay.paymentItems.map(item)),
      "requiredBillingContactFields": list(applePay.requiredBillingContactFields.map { "." + $0.rawValue }),
      "requiredShippingContactFields": list(applePay.requiredShippingContactFields.map { "." + $0.rawValue }),
      "shippingMethods": list(
        applePay.shippingMethods.map { "\($0.identifier) \($0.label) \($0.detail) \($0.amount.plainString)" }),
      "recurringRequest": recurring ?? "none",
    ]
  }

  /// apple-pay-customisation.md (Custom SwiftUI implementation with shipping; Subscription service with
  /// recurring payments) and apple-pay-events.md (Complete implementation example): `outdoor-adventure-gear`
  /// said "Outdoor gear order" and drew `.checkout` without the custom content, `streammax-subscription` named
  /// "StreamMax", `events-example` had a `.whiteOutline` button of radius 12.
  func testEachBuiltInScenarioThatNamesASeedExampleReproducesIt() throws {
    for example in Self.examples {
      let scenario = try XCTUnwrap(Scenario.builtIn(named: example.scenario), example.scenario)
      XCTAssertTrue(
        scenario.description.hasPrefix("The SDK documents'"), "\(example.scenario) names its example")
      let values = Self.values(of: scenario)
      for (field, seed) in example.quotes {
        XCTAssertEqual(values[field], seed, "\(example.scenario) \(field) (\(example.section))")
      }
    }
  }

  /// Every built-in scenario that says it is the seed's example is in the table.
  func testEveryScenarioThatNamesASeedExampleIsInTheTable() {
    let naming = Scenario.builtIn.filter { $0.description.hasPrefix("The SDK documents'") }.map(\.name)
    XCTAssertEqual(Set(naming), Set(Self.examples.map(\.scenario)))
  }
}
