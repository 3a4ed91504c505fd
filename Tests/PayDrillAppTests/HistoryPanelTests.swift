@testable import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLedger
@testable import PayDrillLoop
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
    attempts[3].card = HistoryPanelTests.pazeCard
    attempts[2].card = "Visa ••••5556"
    attempts[2].amount = Money(minorUnits: 6397, currency: SQLiteLedgerTests.usd)
    return attempts
  }()

  /// The longest card label a run makes (36 columns): it pushed amount, outcome and code out of the panel.
  static let pazeCard = "Visa ••••1111 (from the Paze wallet)"

  func testHOpensThePanelAndEscapeClosesIt() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.character("H"))], to: &model)
    XCTAssertNotNil(model.history)
    XCTAssertEqual(KeyHelp.entries(for: model).map(\.keys), ["↑↓", "Enter", "y", "Esc H", "?", "s"])
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

  func testArrowsSelectAndTheListScrollsWithTheSelection() {
    var model = Fixture.model(Size(columns: 80, rows: 20))
    Fixture.send([.key(.character("H"))], to: &model)
    model.history?.attempts = Self.attempts + Self.attempts + Self.attempts
    Fixture.send([.key(.down), .key(.down), .key(.up)], to: &model)
    XCTAssertEqual(model.history?.selected, 1)
    XCTAssertEqual(model.history?.scroll, 0)
    Fixture.send(Array(repeating: .key(.down), count: 20), to: &model)
    XCTAssertEqual(model.history?.selected, 14, "not past the last attempt")
    let rows = HistoryPanelView.visibleRows(in: ReadingPane.box(in: model.size))
    XCTAssertEqual(model.history?.scroll, 15 - rows, "the last attempt on the panel's last row")
    let screen = RootView.render(model).text
    XCTAssertTrue(screen.contains("▸  1 "), "the selection marked with a glyph, not colour alone:\n\(screen)")
  }

  /// Outcome and amount always, the code too at 100 columns: the card label is shortened first, then the
  /// columns of lowest priority dropped.
  func testTheTableFitsItsWidthByPriority() {
    var attempt = SQLiteLedgerTests.attempt(.failed, code: "CARD_DECLINED")
    attempt.id = 12
    attempt.card = Self.pazeCard
    let table = HistoryTable(timeZone: TimeZone(identifier: "UTC")!)
    XCTAssertEqual(
      table.lines([attempt]),
      [
        "ID  TIME                 SCENARIO          METHOD  CARD                                  AMOUNT  OUTCOME  CODE",
        "12  2026-12-01 15:56:38  acme-electronics  card    Visa ••••1111 (from the Paze wallet)  $49.99  failed   CARD_DECLINED",
      ], "whole without a width (a pipe)")
    for width in [40, 60, 72, 80, 92, 100, 120] {
      let lines = table.lines([attempt], width: width)
      for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, line) }
      XCTAssertTrue(lines[0].contains("AMOUNT") && lines[0].contains("OUTCOME"), "\(width): \(lines[0])")
      XCTAssertTrue(lines[1].contains("$49.99") && lines[1].contains("failed"), "\(width): \(lines[1])")
      if width >= 72 { XCTAssertTrue(lines[1].contains("CARD_DECLINED"), "\(width): \(lines[1])") }
    }
    XCTAssertEqual(
      table.lines([attempt], width: 92)[1],
      "12  2026-12-01 15:56:38  card    Visa ••••1111 (from the Pa…  $49.99  failed   CARD_DECLINED",
      "at 100 columns the scenario goes, and the card label is shortened with an ellipsis")
    XCTAssertEqual(
      table.lines([attempt], width: 72)[1],
      "12  2026-12-01 15:56:38  Visa ••••1111…   $49.99  failed   CARD_DECLINED",
      "at 80 columns the method goes too")
  }

  func testGoldenScreens() {
    for size in [Size(columns: 100, rows: 32), Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
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

  /// Enter opens the selected attempt, read again from the ledger with its events: every field, its ids, its
  /// events as the inspector shows them; Esc goes back to the list, and Esc again closes the panel.
  func testEnterOpensTheSelectedAttemptWhole() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    let ledger = try SQLiteLedger(path: folder.appendingPathComponent("ledger.sqlite3").path)
    var older = SQLiteLedgerTests.attempt(.succeeded, minutes: 0, events: Self.eventLines)
    older.sessionId = "CS-4A7E21"
    older.card = Self.pazeCard
    older.id = try ledger.record(older)
    var newer = SQLiteLedgerTests.attempt(.failed, minutes: 2, code: "CARD_DECLINED")
    newer.id = try ledger.record(newer)
    newer.eventLines = []
    var listed = older
    listed.eventLines = []
    let runtime = CheckoutRuntime(
      model: Fixture.model(Size(columns: 80, rows: 24)),
      dependencies: Dependencies(
        gateway: SimulatedGateway(), hooks: ScenarioMerchantHooks(scenario: .acmeElectronics), ledger: ledger,
        clock: .virtual(startingAt: Fixture.now)))
    let store = AppTestStore(runtime: runtime, exhaustivity: .on)
    store.send(.key(.character("H")), effects: [.loadHistory(RequestID(1))]) {
      $0.lastAppRequest = 1
      $0.history = HistoryPanel(request: RequestID(1))
    }
    store.receive(.historyLoaded(RequestID(1), .attempts([newer, listed], location: ledger.location))) {
      $0.history?.attempts = [newer, listed]
      $0.history?.location = ledger.location
      $0.history?.request = nil
    }
    store.send(.key(.down)) { $0.history?.selected = 1 }
    store.send(.key(.enter), effects: [.loadAttempt(RequestID(2), older.id!)]) {
      $0.lastAppRequest = 2
      $0.history?.entry = HistoryEntry(id: older.id!, request: RequestID(2))
    }
    store.receive(.attemptLoaded(RequestID(2), .found(older))) {
      $0.history?.entry?.request = nil
      $0.history?.entry?.attempt = older
    }
    let screen = RootView.render(store.model).text
    for text in [
      "Attempt \(older.id!) · card · succeeded", "sessionId              CS-4A7E21",
      "systemTransactionId    tx-0", "card                   \(Self.pazeCard)", "Events (2)",
      "\"event\": \"onSubmit\"",
    ] {
      XCTAssertTrue(screen.contains(text), "\(text) in:\n\(screen)")
    }
    XCTAssertEqual(KeyHelp.entries(for: store.model).map(\.keys), ["↑↓", "PgUp PgDn", "y", "Esc", "?", "s"])
    store.send(.key(.escape)) { $0.history?.entry = nil }
    store.send(.key(.escape)) { $0.history = nil }
    store.finish()
  }

  /// The callbacks of a payment as the ledger keeps them.
  static let eventLines = [
    #"{"event":"onSubmit","seq":1,"time":"2026-12-01T15:56:38.250Z","method":"card","amount":4999,"currency":"USD"}"#,
    #"{"event":"onSuccess","seq":2,"time":"2026-12-01T15:56:39.750Z","method":"card","systemTransactionId":"tx-0","retry":false}"#,
  ]

  func testTheEntryGolden() {
    var model = Fixture.model(Size(columns: 80, rows: 24))
    Fixture.send([.key(.character("H"))], to: &model)
    var attempt = SQLiteLedgerTests.attempt(.succeeded, minutes: 0, events: Self.eventLines)
    attempt.id = 7
    attempt.sessionId = "CS-4A7E21"
    attempt.card = Self.pazeCard
    attempt.seed = 42
    model.history?.entry = HistoryEntry(id: 7, attempt: attempt)
    Snapshot.assert(RootView.render(model), named: "history-entry-80x24")
  }

  /// A ledger's event line reads back as the event it was, its payload in the order it was written.
  func testAnEventLineReadsBackAsItsEvent() {
    let event = CallbackEvent(
      sequence: 3, time: Fixture.now, name: .onError, method: .card,
      details: [
        EventDetail("code", .string("CARD_DECLINED")), EventDetail("retry", .bool(true)),
        EventDetail("amount", .integer(4999)),
      ])
    XCTAssertEqual(CallbackEvent(jsonLine: event.jsonLine()), event)
    XCTAssertNil(CallbackEvent(jsonLine: #"{"event":"onSubmit","seq":5}"#), "no time: not an event")
    XCTAssertNil(CallbackEvent(jsonLine: "not json"))
  }
}
