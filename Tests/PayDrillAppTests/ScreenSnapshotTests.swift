import CheckoutEngine
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillFiles
@testable import PayDrillLoop

/// Golden screens of every step of the card flow, at the sizes DESIGN.md names.
final class ScreenSnapshotTests: XCTestCase {
  static let sizes = [Size(columns: 100, rows: 32), Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)]

  /// Drives the checkout through the one test store (the merchant answers as the scenario says, the gateway
  /// with `gateway` or never) and compares its screen at each size.
  private func check(
    _ name: String, _ actions: [AppAction], scenario: Scenario = .acmeElectronics,
    gateway: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    for size in Self.sizes {
      var model = Fixture.model(size, scenario: scenario)
      Fixture.settle(actions, in: &model, gateway: gateway)
      Snapshot.assert(
        RootView.render(model), named: "\(name)-\(size.columns)x\(size.rows)", file: file, line: line)
    }
  }

  func testMethodList() {
    check("method-list", [.key(.down)])
  }

  func testCardFormWithErrors() {
    check(
      "card-form-errors",
      [.key(.enter)] + Fixture.type("4242424242424241") + [.key(.tab)] + Fixture.type("0120") + [.key(.tab)]
        + Fixture.type("12") + [.key(.tab), .key(.tab), .key(.enter)])
  }

  func testCardFormFilled() {
    check("card-form-filled", Fixture.fillCard(number: "378282246310005", code: "1234"))
  }

  func testCardFormWithTheBillingPostcode() {
    // harbour-books verifies addresses: the form asks for the billing postcode last.
    check(
      "card-form-postcode",
      Fixture.fillCard(number: "4242424242424242") + Fixture.type("sw1a 1aa"),
      scenario: Scenario.builtIn(named: "harbour-books")!)
  }

  func testProcessing() {
    check("processing", Fixture.fillCard(number: "4242424242424242") + [.key(.enter)])
  }

  /// Issue 28: `record` showed nothing of the recording. The header shows ● REC and the time since it
  /// started, from the loop's clock: on a virtual clock, 83 seconds on, at every size.
  func testRecordingShowsRecAndTheElapsedTimeInTheHeader() {
    for size in Self.sizes {
      let runtime = CheckoutRuntime(
        scenario: .acmeElectronics, size: size, latencyMilliseconds: 0,
        clock: .virtual(startingAt: Fixture.now), timeZone: TimeZone(identifier: "UTC")!
      ) { $0.recording = RecordingMark() }
      runtime.start()
      runtime.advance(by: .seconds(83))
      XCTAssertTrue(runtime.render().lines[0].contains("● REC 1:23 · TEST · $49.99"), runtime.render().text)
      Snapshot.assert(runtime.render(), named: "recording-\(size.columns)x\(size.rows)")
    }
    var mark = RecordingMark()
    mark.observe(Fixture.now)
    mark.observe(Fixture.now.addingTimeInterval(3_723))
    XCTAssertEqual(mark.text, "● REC 1:02:03")
  }

  func testSuccess() {
    check(
      "success",
      Fixture.fillCard(number: "4242424242424242") + [.key(.enter)], gateway: Fixture.approving)
  }

  func testALongOrderKeepsTheMethodsAndTheirKeysOnScreen() {
    var scenario = Scenario.acmeElectronics
    scenario.items = (1...30).map {
      LineItem(name: "Accessory \($0)", quantity: 1, unitPrice: Money(minorUnits: 199, currency: .usd))
    }
    check("long-order", [], scenario: scenario)
    for size in Self.sizes {
      let text = RootView.render(Fixture.model(size, scenario: scenario)).text
      for row in ["1 Card", "2 PayPal", "3 Apple Pay", "more items (30 in all)"] {
        XCTAssertTrue(text.contains(row), "\(size): \(row)\n\(text)")
      }
    }
  }

  /// `o` opens the whole order over the checkout; End scrolls to its total, and a long name wraps beside its
  /// price.
  func testTheWholeOrderOpensAndScrolls() {
    var scenario = Scenario.acmeElectronics
    scenario.items = (1...30).map {
      LineItem(
        name: "Accessory \($0)", quantity: $0 == 2 ? 3 : 1, unitPrice: Money(minorUnits: 199, currency: .usd))
    }
    scenario.items[0].name =
      "A charging cable with a name much too long to sit beside its price on one line of the order"
    check("whole-order", [.key(.character("o"))], scenario: scenario)
    check("whole-order-end", [.key(.character("o")), .key(.end)], scenario: scenario)
    var model = Fixture.model(Size(columns: 60, rows: 20), scenario: scenario)
    Fixture.send([.key(.character("o")), .key(.pageDown), .key(.down)], to: &model)
    XCTAssertEqual(model.overlay, .order(OrderList(scroll: 15)), "a page is the area less one line, then one")
    Fixture.send([.key(.end), .key(.down)], to: &model)
    XCTAssertEqual(
      model.overlay, .order(OrderList(scroll: 18)), "the last page ends at the total: 33 lines, 15 shown")
    let text = RootView.render(model).text
    XCTAssertTrue(text.contains("Total"), text)
    Fixture.send([.key(.home), .key(.up)], to: &model)
    XCTAssertEqual(model.overlay, .order(OrderList(scroll: 0)))
    Fixture.send([.key(.character("1"))], to: &model)
    XCTAssertEqual(model.checkout.screen, .methodList, "the order has the keys: 1 chooses no method")
    Fixture.send([.key(.escape)], to: &model)
    XCTAssertNil(model.overlay)
  }

  func testEventListFocusedAndScrolledUp() {
    check(
      "event-list-focused",
      Fixture.fillCard(number: "4242424242424242")
        + [.key(.enter), .key(.character("v")), .key(.up), .key(.up)], gateway: Fixture.approving)
  }

  func testEventListFilteredWhileTyping() {
    check(
      "event-list-filter",
      Fixture.fillCard(number: "4000000000000002")
        + [.key(.enter), .key(.character("/"))] + Fixture.type("declined"), gateway: Fixture.declining)
  }

  func testEventInspectorOpensTheDeclineWhole() {
    check(
      "event-inspector",
      Fixture.fillCard(number: "4000000000000002")
        + [.key(.enter), .key(.character("v")), .key(.enter)], gateway: Fixture.declining)
  }

  func testDecline() {
    check(
      "decline",
      Fixture.fillCard(number: "4000000000000002") + [.key(.enter)], gateway: Fixture.declining)
  }

  func testMerchantRefusal() {
    var refusing = Scenario.acmeElectronics
    refusing.beforeSubmit = BeforeSubmitRule(allow: false, message: "Please accept terms and conditions")
    check("refused", Fixture.fillCard(number: "4242424242424242") + [.key(.enter)], scenario: refusing)
  }

  func testMethodNotAvailable() {
    var noSheet = Scenario.acmeElectronics
    noSheet.applePay = nil
    check("apple-pay-unavailable", [.key(.character("3"))], scenario: noSheet)
    check("paze-refused", [.key(.down), .key(.enter)], scenario: Scenario.builtIn(named: "tokyo-yen")!)
  }

  func testHelpOverlay() {
    check("help", [.key(.character("?"))])
  }

  func testEventPaneHidden() {
    check("events-hidden", [.key(.character("e"))])
  }

  func testTooSmall() {
    var model = Fixture.model(Size(columns: 50, rows: 15))
    Snapshot.assert(RootView.render(model), named: "too-small-50x15")
    Fixture.send([.key(.resize(Size(columns: 60, rows: 20)))], to: &model)
    XCTAssertFalse(model.isTooSmall)
    XCTAssertTrue(RootView.render(model).text.contains("Choose a payment method"))
  }

  func testYenScenario() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../Scenarios/tokyo-yen.json")
    let scenario = try ConfigurationFile.load(Scenario.self, from: url.path)
    var model = Fixture.model(Size(columns: 100, rows: 32), scenario: scenario)
    Fixture.send([], to: &model)
    Snapshot.assert(RootView.render(model), named: "tokyo-yen-100x32")
  }
}
