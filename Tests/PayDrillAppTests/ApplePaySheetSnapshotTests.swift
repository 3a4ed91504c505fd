import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

/// Golden screens of the Apple Pay sheet in each of its states, at 100×32 and 60×20, reached by keys.
final class ApplePaySheetSnapshotTests: XCTestCase {
  static let sizes = [Size(columns: 100, rows: 32), Size(columns: 60, rows: 20)]
  /// From the method list to the open sheet (Apple Pay is the third method).
  static let open: [AppAction] = [.key(.character("3"))]
  /// From the Pay row up to the shipping address row.
  static let toShipping: [AppAction] = Array(repeating: .key(.up), count: 4)

  private func check(
    _ name: String, _ actions: [AppAction], scenario: Scenario = .acmeElectronics,
    gateway: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    for size in Self.sizes {
      var model = Fixture.model(size, scenario: scenario)
      Fixture.settle(actions, in: &model, gateway: gateway)
      Snapshot.assert(
        RootView.render(model), named: "sheet-\(name)-\(size.columns)x\(size.rows)", file: file, line: line)
    }
  }

  /// apple-pay-events.md, onShippingContactSelected example (`PKShippingMethod(label:amount:)`, no
  /// `detail`): a method without a detail was drawn "Standard Shipping · · $0.00", on the sheet and in the
  /// list of methods to choose from; it has no empty part between two separators.
  func testShippingMethodWithoutADetailHasNoEmptySeparator() throws {
    var scenario = Scenario.acmeElectronics
    var applePay = try XCTUnwrap(scenario.applePay)
    func withoutDetail(_ methods: [ShippingMethod]) -> [ShippingMethod] {
      methods.map { method in
        var method = method
        method.detail = ""
        return method
      }
    }
    applePay.shippingMethods = withoutDetail(applePay.shippingMethods)
    for index in applePay.rules.shippingRates.indices {
      applePay.rules.shippingRates[index].methods = withoutDetail(applePay.rules.shippingRates[index].methods)
    }
    scenario.applePay = applePay
    var model = Fixture.model(Size(columns: 100, rows: 32), scenario: scenario)
    Fixture.settle(Self.open, in: &model)
    let sheet = RootView.render(model).text
    XCTAssertTrue(sheet.contains("Standard Shipping · $0.00"), sheet)
    Fixture.settle([.key(.up), .key(.up), .key(.up), .key(.enter)], in: &model)
    let list = RootView.render(model).text
    XCTAssertTrue(list.contains("Express Shipping · $12.99"), list)
    XCTAssertFalse(sheet.contains("· ·") || list.contains("· ·"), sheet + list)
  }

  func testInitial() {
    check("initial", Self.open)
  }

  func testChoosingShipping() {
    check("choosing-shipping", Self.open + Self.toShipping + [.key(.enter), .key(.down)])
  }

  func testCouponError() {
    check(
      "coupon-error",
      Self.open + [.key(.up), .key(.enter)] + Fixture.type("SUMMER23") + [.key(.enter)])
  }

  func testAddressError() {
    // The fifth Wallet contact lives in Iceland, where the merchant does not ship.
    check(
      "address-error",
      Self.open + Self.toShipping + [.key(.enter)] + Array(repeating: .key(.down), count: 4) + [.key(.enter)])
  }

  func testAuthorising() {
    check("authorising", Self.open + [.key(.enter)])
  }

  func testDone() {
    check(
      "done", Self.open + [.key(.enter), .key(.enter)],
      gateway: { _ in .approved(systemTransactionId: "9d2c41b0-7a3e-4f1c-b8e5-6a0f2d9c3e17") })
  }

  func testFailed() {
    check(
      "failed", Self.open + [.key(.enter), .key(.enter)],
      gateway: { _ in .declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."))
      })
  }

  func testSubscription() {
    check("subscription", Self.open, scenario: Scenario.builtIn(named: "streammax-subscription")!)
  }
}
