import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PaymentHistory

/// The history panel (`H`): its keys and its golden screens.
final class HistoryPanelTests: XCTestCase {
  static let attempts: [PaymentAttempt] = {
    var attempts = [
      SQLiteLedgerTests.attempt(.interrupted, minutes: 9),
      SQLiteLedgerTests.attempt(.succeeded, method: .paypal, minutes: 6),
      SQLiteLedgerTests.attempt(.cancelled, method: .applePay, minutes: 4),
      SQLiteLedgerTests.attempt(.failed, minutes: 2, code: "CARD_DECLINED"),
      SQLiteLedgerTests.attempt(.succeeded, minutes: 0),
    ]
    for index in attempts.indices { attempts[index].id = Int64(attempts.count - index) }
    attempts[1].card = "PayPal balance"
    attempts[2].card = "Visa ••••5556"
    attempts[2].amount = Money(minorUnits: 6397, currency: SQLiteLedgerTests.usd)
    return attempts
  }()

  func testHOpensThePanelAndEscapeClosesIt() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.character("H"))], to: &model)
    XCTAssertNotNil(model.history)
    XCTAssertEqual(KeyHelp.entries(for: model).map(\.keys), ["↑↓", "Esc H", "?", "s"])
    Fixture.send([.key(.character("?"))], to: &model)
    XCTAssertTrue(model.showsHelp, "? works over the panel, as its footer says")
    XCTAssertTrue(RootView.render(model).text.contains("Esc H"), "and lists the panel's keys")
    Fixture.send([.key(.escape)], to: &model)
    XCTAssertNotNil(model.history, "closing the help gives the panel back")
    Fixture.send([.key(.character("1"))], to: &model)
    XCTAssertEqual(model.checkout.screen, .methodList, "keys go to the panel while it is open")
    Fixture.send([.key(.escape)], to: &model)
    XCTAssertNil(model.history)
  }

  func testHIsTextWhileTyping() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.enter), .key(.tab), .key(.tab), .key(.tab), .key(.character("H"))], to: &model)
    XCTAssertNil(model.history)
    XCTAssertEqual(model.checkout.cardForm.holderName, "H")
  }

  func testScrolls() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.character("H"))], to: &model)
    model.history?.attempts = Self.attempts
    Fixture.send([.key(.down), .key(.down), .key(.up)], to: &model)
    XCTAssertEqual(model.history?.scroll, 1)
  }

  func testGoldenScreens() {
    for size in [Size(columns: 100, rows: 32), Size(columns: 60, rows: 20)] {
      var model = Fixture.model(size)
      Fixture.send([.key(.character("H"))], to: &model)
      model.history?.attempts = Self.attempts
      model.history?.location = "/home/qa/.local/share/paydrill/ledger.sqlite3"
      Snapshot.assert(RootView.render(model), named: "history-panel-\(size.columns)x\(size.rows)")
    }
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.character("H"))], to: &model)
    model.history?.problem = "No ledger: --no-ledger, or it could not be opened."
    Snapshot.assert(RootView.render(model), named: "history-panel-no-ledger-100x32")
  }
}
