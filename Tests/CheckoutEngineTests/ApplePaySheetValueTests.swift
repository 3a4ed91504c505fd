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
}
