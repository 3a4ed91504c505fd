import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillCLI
@testable import PayDrillCommandLine
@testable import PayDrillLedger
@testable import PaymentHistory

/// `paydrill history`'s options, and its output from a ledger in a temporary folder.
final class HistoryCommandTests: XCTestCase {
  func testParsesTheFiltersAndTheLedger() throws {
    let options = try CommandLineOptions.parse([
      "--ledger", "/tmp/a.sqlite3", "history", "--limit", "5", "--outcome", "failed", "--method", "applePay",
      "--scenario", "tokyo-yen", "--json",
    ])
    guard case .history(let history) = options.command else { return XCTFail("\(options.command)") }
    XCTAssertEqual(history.ledger, .file("/tmp/a.sqlite3"))
    XCTAssertEqual(history.filter.limit, 5)
    XCTAssertEqual(history.filter.outcome, .failed)
    XCTAssertEqual(history.filter.method, .applePay)
    XCTAssertEqual(history.filter.scenario, "tokyo-yen")
    XCTAssertTrue(history.json)
    XCTAssertNil(history.showID)
  }

  func testParsesShowAndTheDays() throws {
    let options = try CommandLineOptions.parse([
      "history", "show", "12", "--ledger", "l.sqlite3", "--since", "2026-11-01", "--until", "2026-11-30",
    ])
    guard case .history(let history) = options.command else { return XCTFail("\(options.command)") }
    XCTAssertEqual(history.showID, 12)
    XCTAssertEqual(history.ledger, .file("l.sqlite3"))
    let since = try XCTUnwrap(history.filter.since)
    let until = try XCTUnwrap(history.filter.until)
    XCTAssertEqual(
      Calendar.current.dateComponents([.year, .month, .day, .hour], from: since),
      DateComponents(year: 2026, month: 11, day: 1, hour: 0))
    XCTAssertEqual(
      Calendar.current.dateComponents([.year, .month, .day, .hour], from: until),
      DateComponents(year: 2026, month: 12, day: 1, hour: 0), "until the end of that day")
  }

  func testTheLedgerOptions() throws {
    XCTAssertEqual(try CommandLineOptions.parse([]).ledger, .standard)
    XCTAssertEqual(try CommandLineOptions.parse(["--no-ledger"]).ledger, .off)
    XCTAssertEqual(try CommandLineOptions.parse(["play", "t.tape", "--ledger", "x"]).ledger, .file("x"))
    XCTAssertEqual(try CommandLineOptions.parse(["history", "--help"]).command, .help(.history))
  }

  func testTheDefaultLedgerPath() {
    XCTAssertEqual(
      LedgerChoice.standard.path(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/qa"]),
      "/data/paydrill/ledger.sqlite3")
    XCTAssertEqual(
      LedgerChoice.standard.path(environment: ["HOME": "/home/qa"]),
      "/home/qa/.local/share/paydrill/ledger.sqlite3")
    XCTAssertEqual(
      LedgerChoice.standard.path(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/qa"]),
      "/home/qa/.local/share/paydrill/ledger.sqlite3", "a relative XDG_DATA_HOME is ignored, as the spec says"
    )
    XCTAssertNil(LedgerChoice.off.path())
  }

  func testBadValuesAreOneLineUsageErrors() {
    let cases: [([String], String)] = [
      (
        ["history", "--outcome", "won"],
        "--outcome takes one of succeeded, failed, cancelled, interrupted, unknown, not \"won\""
      ),
      (["history", "--method", "cash"], "--method takes one of card, paypal, applePay, paze, not \"cash\""),
      (["history", "--limit", "0"], "--limit takes a number from 1 to 10000, not \"0\""),
      (["history", "--since", "yesterday"], "--since takes a day as YYYY-MM-DD, not \"yesterday\""),
      (["history", "--until", "2026-02-30"], "--until takes a day as YYYY-MM-DD, not \"2026-02-30\""),
      (["history", "--since", "2026-11-02", "--until", "2026-11-01"], "--until is before --since"),
      (["history", "show", "abc"], "history show takes an attempt's id (a whole number), not \"abc\""),
      (["history", "show"], "history takes options, or show ID"),
      (["history", "--frobnicate"], "unknown option --frobnicate of history"),
      (["history", "--ledger"], "--ledger needs a value"),
    ]
    for (arguments, message) in cases {
      XCTAssertThrowsError(try CommandLineOptions.parse(arguments), "\(arguments)") { error in
        let text = "\(error)"
        XCTAssertTrue(text.hasPrefix(message), "\(arguments): \(text)")
        XCTAssertFalse(text.contains("\n"))
      }
    }
  }

  private var scratch: [URL] = []

  override func tearDown() {
    scratch.forEach { try? FileManager.default.removeItem(at: $0) }
  }

  /// A ledger in a folder of its own, removed after the test.
  private func scratchLedger() throws -> (String, SQLiteLedger) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-history-\(UUID().uuidString)")
    scratch.append(folder)
    let path = folder.appendingPathComponent("ledger.sqlite3").path
    return (path, try SQLiteLedger(path: path))
  }

  func testPrintsATableJSONLinesAndOneAttempt() throws {
    let (path, ledger) = try scratchLedger()
    for attempt in HistoryPanelTests.attempts.reversed() {
      var attempt = attempt
      attempt.id = nil
      attempt.eventLines = [#"{"event":"onSubmit","seq":1}"#]
      try ledger.record(attempt)
    }
    var options = HistoryCommand.Options(ledger: .file(path))
    options.filter.limit = 3
    let table = HistoryCommand.run(options).output
    let utc = TimeZone(identifier: "UTC")!
    XCTAssertEqual(
      table.split(separator: "\n").first.map(String.init),
      "ID  TIME                 SCENARIO          METHOD    CARD            AMOUNT  OUTCOME      CODE")
    XCTAssertEqual(table.split(separator: "\n").count, 4, table)
    XCTAssertTrue(table.contains("  paypal    PayPal balance  $49.99  succeeded    Authorised"), table)
    XCTAssertEqual(
      HistoryTable(timeZone: utc).lines([HistoryPanelTests.attempts[3]]).last,
      " 2  2026-12-01 15:58:38  acme-electronics  card    Visa ••••1111 (from the Paze wallet)  $49.99  failed   CARD_DECLINED",
      "columns as wide as their titles")

    options.json = true
    options.filter.outcome = .cancelled
    let json = HistoryCommand.run(options).output
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    XCTAssertEqual(object["amount"] as? String, "63.97")
    XCTAssertEqual(object["currency"] as? String, "USD")
    XCTAssertEqual(object["minorUnits"] as? Int, 6397)
    XCTAssertEqual(object["method"] as? String, "applePay")
    XCTAssertEqual(object["id"] as? Int, 3)

    options = HistoryCommand.Options(showID: 2, ledger: .file(path))
    let shown = HistoryCommand.run(options)
    XCTAssertEqual(shown.status, 0)
    XCTAssertTrue(shown.output.contains("  errorCode              CARD_DECLINED\n"), shown.output)
    XCTAssertTrue(
      shown.output.hasSuffix("Events (1, JSON Lines):\n{\"event\":\"onSubmit\",\"seq\":1}\n"), shown.output)
    options.showID = 99
    XCTAssertEqual(HistoryCommand.run(options).status, 1)
    XCTAssertEqual(HistoryCommand.run(HistoryCommand.Options(ledger: .off)).status, 2)
  }

  /// In a terminal (or with `COLUMNS`) the table fits as the history panel's does: outcome and amount always;
  /// piped, every column whole. `history show` prints the fields the panel's entry shows, the session too.
  func testTheTableFitsTheTerminalAndShowPrintsTheEntrysFields() throws {
    let (path, ledger) = try scratchLedger()
    var attempt = HistoryPanelTests.attempts[3]
    attempt.id = nil
    attempt.sessionId = "CS-4A7E21"
    let id = try ledger.record(attempt)
    let options = HistoryCommand.Options(ledger: .file(path))
    for columns in [60, 80, 100] {
      for table in [
        HistoryCommand.run(options, environment: [:], columns: columns).output,
        HistoryCommand.run(options, environment: ["COLUMNS": "\(columns)"]).output,
      ] {
        let lines = table.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, table)
        for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), columns, line) }
        XCTAssertTrue(lines[1].contains("$49.99") && lines[1].contains("failed"), table)
        XCTAssertTrue(lines[1].contains("Visa ••••1111"), table)
        if columns >= 80 { XCTAssertTrue(lines[1].contains("CARD_DECLINED"), table) }
      }
    }
    let piped = HistoryCommand.run(options, environment: [:]).output
    XCTAssertTrue(piped.contains("acme-electronics  card    Visa ••••1111 (from the Paze wallet)"), piped)

    let shown = HistoryCommand.run(HistoryCommand.Options(showID: id, ledger: .file(path))).output
    XCTAssertTrue(shown.contains("  sessionId              CS-4A7E21\n"), shown)
    var stored = try XCTUnwrap(try ledger.attempt(id: id))
    stored.eventLines = []
    var entry = HistoryEntry(id: id)
    entry.fill(with: .found(stored))
    let fields = AttemptDetails(timeZone: .current).fieldLines(stored)
    XCTAssertEqual(
      entry.lines(width: 200, timeZone: .current).prefix(fields.count).map(\.text), fields,
      "the panel's entry shows what history show prints")
    for field in fields { XCTAssertTrue(shown.contains("  \(field)\n"), field) }
  }

  /// Hardening: a scenario name or a plugin's error code with ESC in it reaches `paydrill history` and
  /// `history show` as visible text, never as an escape sequence the terminal would obey.
  func testEscapeSequencesFromTheLedgerArePrintedAsVisibleText() throws {
    let (path, ledger) = try scratchLedger()
    var attempt = HistoryPanelTests.attempts[3]
    attempt.id = nil
    attempt.scenario = "evil\u{1B}]0;owned\u{07}"
    attempt.errorCode = "\u{1B}[2JWIPED"
    attempt.errorMessage = "line\nbreak \u{9B}31m"
    attempt.eventLines = ["{\"event\":\"onError\",\"note\":\"\u{1B}[5m\"}"]
    try ledger.record(attempt)
    let table = HistoryCommand.run(HistoryCommand.Options(ledger: .file(path))).output
    let shown = HistoryCommand.run(HistoryCommand.Options(showID: 1, ledger: .file(path))).output
    for output in [table, shown] {
      XCTAssertFalse(
        output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B }, output)
    }
    XCTAssertTrue(table.contains("evil\\u{1B}]0;owned\\u{7}"), table)
    XCTAssertTrue(table.contains("\\u{1B}[2JWIPED"), table)
    XCTAssertTrue(shown.contains("  errorMessage           line\\u{A}break \\u{9B}31m\n"), shown)
    XCTAssertTrue(shown.contains("\\u{1B}[5m"), shown)
  }
}
