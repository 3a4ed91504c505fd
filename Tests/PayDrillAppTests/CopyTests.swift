import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLedger
@testable import PayDrillLoop
@testable import PaymentHistory

/// `y` wherever a person needs the text elsewhere: the result screen's `systemTransactionId`, the session id,
/// the gallery's snippet, a history row and entry. Each goes out as one effect with an answer: OSC 52 to the
/// terminal and a file, named with the interpreter's clock, whose path the footer gives.
final class CopyTests: XCTestCase {
  private final class Sent: @unchecked Sendable { var texts: [String] = [] }
  private var folder: URL!
  private let sent = Sent()

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-copy-\(UUID().uuidString)")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private var copies: String { folder.appendingPathComponent("copies").path }

  private func store(ledger: (any AttemptLedger)? = nil, size: Size = Size(columns: 100, rows: 32))
    -> AppTestStore
  {
    var scenario = Scenario.acmeElectronics
    scenario.gateway.latency = [:]
    let sent = self.sent
    let clipboard = Clipboard(folder: copies, shownFolder: "~/copies", timeZone: TimeZone(identifier: "UTC")!)
    {
      sent.texts.append($0)
    }
    return AppTestStore(
      runtime: CheckoutRuntime(
        scenario: scenario, size: size, latencyMilliseconds: 600, ledger: ledger,
        clock: .virtual(startingAt: Fixture.now), timeZone: TimeZone(identifier: "UTC")!, clipboard: clipboard
      ),
      exhaustivity: .off)
  }

  /// Presses `y`, and checks the effect, the answer, the text sent as OSC 52, the file and the footer.
  private func assertCopies(
    _ text: String, in store: AppTestStore, request: Int, at time: String = "155638",
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let id = RequestID(request)
    store.send(.key(.character("y")), effects: [.copyToClipboard(id, text)]) { $0.awaiting[id] = .copy }
    // Named with the interpreter's clock (virtual here), never the machine's.
    let name = "copy-20261201-\(time)-\(request).txt"
    let outcome = CopyOutcome(sentToTerminal: true, file: "~/copies/\(name)")
    store.receive(.copied(id, outcome)) {
      $0.awaiting[id] = nil
      $0.footerNotice = .copy(outcome)
    }
    XCTAssertEqual(sent.texts.last, text, file: file, line: line)
    XCTAssertEqual(
      try String(contentsOfFile: copies + "/" + name, encoding: .utf8), text, file: file, line: line)
    XCTAssertEqual(
      outcome.notice(), "Sent to the terminal's clipboard (OSC 52) and saved to ~/copies/\(name)",
      file: file, line: line)
    // At 80 columns a shorter wording keeps the path whole.
    let footer = RootView.render(store.model).text.split(separator: "\n").last.map(String.init) ?? ""
    XCTAssertTrue(
      footer.contains("~/copies/\(name)") && footer.contains("OSC 52"), footer, file: file, line: line)
    XCTAssertFalse(footer.contains("Copied"), footer, file: file, line: line)
  }

  func testYOnTheSuccessScreenCopiesTheSystemTransactionId() throws {
    let store = store()
    store.send([.checkout(.createCheckout)] + Fixture.fillCard(number: "4242424242424242") + [.key(.enter)])
    store.advance(by: .seconds(1))
    guard case .result(.success(let receipt)) = store.runtime.model.checkout.screen else {
      return XCTFail("not paid: \(store.runtime.model.checkout.screen)")
    }
    store.finish()
    let transaction = receipt.result.systemTransactionId
    XCTAssertTrue(
      KeyHelp.entries(for: store.runtime.model).contains { $0.keys == "y" }, "the footer offers it")
    try assertCopies(transaction, in: store, request: 1, at: "155639")
    XCTAssertFalse(sent.texts.joined().contains("4242424242424242"), "never the card number")
    store.send(.key(.character("x"))) { $0.footerNotice = nil }
  }

  /// A card number never leaves as a copy, even where a plugin put one in place of an id.
  func testACardNumberIsCopiedMaskedToItsLastFour() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    XCTAssertEqual(
      AppReducer.copy("4242424242424242", in: &model), [.copyToClipboard(RequestID(1), "•••• 4242")])
    XCTAssertEqual(AppReducer.copy("tx-42", in: &model), [.copyToClipboard(RequestID(2), "tx-42")])
  }

  func testYOnTheMethodListCopiesTheSessionId() throws {
    let store = store()
    store.send(.checkout(.createCheckout))
    try assertCopies(store.model.checkout.sessionId, in: store, request: 1)
  }

  func testYInTheGalleryCopiesTheSnippet() throws {
    let store = store()
    store.send(.key(.character("b")))
    let snippet = try XCTUnwrap(store.model.gallery).appearance.snippet.joined(separator: "\n")
    XCTAssertTrue(snippet.hasPrefix("config.buttonType = ."), snippet)
    try assertCopies(snippet, in: store, request: 1)
  }

  func testYInTheHistoryCopiesTheRowAndTheEntry() throws {
    let ledger = try SQLiteLedger(path: ":memory:")
    var attempt = SQLiteLedgerTests.attempt(
      .failed, code: "CARD_DECLINED", events: HistoryPanelTests.eventLines)
    attempt.card = HistoryPanelTests.pazeCard
    attempt.id = try ledger.record(attempt)
    let store = store(ledger: ledger, size: Size(columns: 80, rows: 24))
    store.send(.key(.character("H")))
    store.receive(.historyLoaded(RequestID(1), .attempts([listed(attempt)], location: ledger.location)))
    let table = HistoryTable(timeZone: TimeZone(identifier: "UTC")!)
    try assertCopies(table.lines([listed(attempt)]).joined(separator: "\n") + "\n", in: store, request: 2)
    XCTAssertTrue(sent.texts.last?.contains("Visa ••••1111 (from the Paze wallet)") ?? false, "the row whole")
    store.send(.key(.enter))
    store.receive(.attemptLoaded(RequestID(3), .found(attempt)))
    let shown = AttemptDetails(timeZone: TimeZone(identifier: "UTC")!).text(attempt)
    XCTAssertTrue(shown.contains("Events (2, JSON Lines):"), shown)
    try assertCopies(shown, in: store, request: 4)
  }

  private func listed(_ attempt: PaymentAttempt) -> PaymentAttempt {
    var listed = attempt
    listed.eventLines = []
    return listed
  }
}
