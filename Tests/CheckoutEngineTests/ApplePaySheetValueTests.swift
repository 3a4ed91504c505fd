import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// The sheet keeps its fields in a shared box; these pin that it is still a value: a changed copy leaves the
/// original as it was, and equality is by contents, not by box.
final class ApplePaySheetValueTests: XCTestCase {
  private typealias Acme = AcmeApplePay

  private func sheet() -> ApplePaySheet {
    ApplePaySheet(
      summaryItems: [Acme.line("Wireless Headphones", 4999), Acme.total(4999)],
      shippingMethods: [Acme.standard, Acme.express], shippingMethod: Acme.standard,
      shippingContact: Acme.contact(Acme.jane), card: Acme.card(Acme.visaDebit))
  }

  func testChangingACopyLeavesTheOriginal() {
    let original = sheet()
    var copy = original
    copy.couponCode = "SAVE10"
    copy.shippingMethod = Acme.express
    copy.summaryItems.append(Acme.line("Express Shipping", 1500))
    copy.phase = .processing

    XCTAssertEqual(original.couponCode, "")
    XCTAssertEqual(original.shippingMethod, Acme.standard)
    XCTAssertEqual(original.summaryItems.count, 2)
    XCTAssertEqual(original.phase, .reviewing)
    XCTAssertEqual(copy.couponCode, "SAVE10")
    XCTAssertNotEqual(copy, original)
  }

  func testEqualityIsByContents() {
    var first = sheet()
    var second = sheet()
    XCTAssertEqual(first, second)
    first.pendingUpdate = .couponCode
    XCTAssertNotEqual(first, second)
    second.pendingUpdate = .couponCode
    XCTAssertEqual(first, second)
  }

  func testChangingTheOriginalLeavesACopy() {
    var original = sheet()
    let copy = original
    original.card = nil
    original.errors = [SheetError(kind: .couponCodeInvalid, message: "Invalid coupon")]
    XCTAssertEqual(copy.card, Acme.card(Acme.visaDebit))
    XCTAssertTrue(copy.errors.isEmpty)
  }

  /// apple-pay-customisation.md, Example configuration (`requiredBillingContactFields = [.postalAddress,
  /// .name, .emailAddress]`): only `.postalAddress` was checked; a card whose billing contact has no name or
  /// no email address now blocks paying as one without an address does, the first missing in the list's
  /// order, in the shopper's language.
  func testExampleConfiguration_requiredBillingContactFieldsNameAndEmailAddressAreChecked() {
    var configuration = Acme.configuration
    configuration.requiredBillingContactFields = [.postalAddress, .name, .emailAddress]
    var card = Acme.card(Acme.visaDebit)
    card.billingName = "Jane Appleseed"
    card.billingEmailAddress = "jane@example.com"
    var paying = sheet()
    paying.card = card
    XCTAssertNil(paying.billingProblem(configuration))

    var noName = card
    noName.billingName = nil
    paying.card = noName
    XCTAssertEqual(paying.billingProblem(configuration), "Add Billing Name for Visa ••••5556")
    XCTAssertEqual(
      paying.billingProblem(configuration, localisation: Localisation(locale: "de-DE")),
      "Rechnungsnamen für Visa ••••5556 hinzufügen")
    XCTAssertEqual(paying.authorisationBlocker(configuration), "Add Billing Name for Visa ••••5556")

    var noEmail = card
    noEmail.billingEmailAddress = " "
    paying.card = noEmail
    XCTAssertEqual(paying.billingProblem(configuration), "Add Billing Email for Visa ••••5556")
    configuration.requiredBillingContactFields = [.postalAddress, .name]
    XCTAssertNil(paying.billingProblem(configuration), "not required, not asked for")

    var nothing = card
    (nothing.billingAddress, nothing.billingName, nothing.billingEmailAddress) = (nil, nil, nil)
    paying.card = nothing
    configuration.requiredBillingContactFields = [.emailAddress, .postalAddress]
    XCTAssertEqual(
      paying.billingProblem(configuration), "Add Billing Email for Visa ••••5556", "the list's order")
  }
}
