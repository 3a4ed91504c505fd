import Foundation
import XCTest

/// The run history in a real terminal (tmux): an attempt in flight when SIGTERM arrives is recorded as
/// interrupted, and `H` shows the ledger.
final class LedgerTerminalTests: TerminalTestCase {
  private func session(_ arguments: String, columns: Int = 100, rows: Int = 32) throws -> TmuxSession {
    try TmuxSession(
      command: "\(try PayDrillBinary.path()) --ledger \(ledger) \(arguments); echo DONE status=$?; sleep 30",
      columns: columns, rows: rows)
  }

  func testSigtermWhileTheGatewayWorksRecordsAnInterruptedAttempt() throws {
    let session = try session("--latency 60000")
    try session.waitFor("Choose a payment method")
    try session.press("Enter")
    try session.waitFor("Card number")
    for (text, key) in [("4242 4242 4242 4242", "Tab"), ("1234", "Tab"), ("123", "Tab"), ("Jane Doe", "Tab")]
    {
      try session.type(text)
      try session.press(key)
    }
    try session.press("Enter")
    try session.waitFor("Processing")
    let child = try TmuxSession.shell(["pgrep", "-P", "\(try session.panePID())", "paydrill"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertFalse(child.isEmpty)
    try TmuxSession.shell(["kill", "-TERM", child])
    let done = try session.waitFor("DONE status=")
    XCTAssertTrue(done.contains("DONE status=143"), done)
    let listed = try PayDrillBinary.run(["history", "--ledger", ledger, "--json"])
    let lines = listed.standardOutput.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, listed.standardOutput + listed.standardError)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
    XCTAssertEqual(object["outcome"] as? String, "interrupted")
    XCTAssertEqual(object["card"] as? String, "Visa ••••4242")
    XCTAssertNil(object["systemTransactionId"])
  }

  func testTheHistoryScreenShowsTheLedger() throws {
    let played = try PayDrillBinary.run([
      "play", "Tapes/declined-card.tape", "--latency", "0", "--ledger", ledger,
    ])
    XCTAssertEqual(played.status, 0, played.standardError)
    let session = try session("--latency 0")
    try session.waitFor("Choose a payment method")
    try session.press("H")
    let screen = try session.waitFor("History · 1 latest")
    XCTAssertTrue(screen.contains("Visa ••••0002"), screen)
    XCTAssertTrue(screen.contains("CARD_DECLINED"), screen)
    XCTAssertTrue(screen.contains("(replay)"), "a tape's replay says so: \(screen)")
    try session.press("Escape")
    try session.waitFor("Choose a payment method")
    try session.press("q")
    try session.waitFor("DONE status=0")
  }

  /// At 80 columns the Paze wallet's long card label leaves outcome, amount and code on the row; Enter opens
  /// the attempt whole, with its session id and its events.
  func testTheHistoryFitsEightyColumnsAndEnterOpensAnAttempt() throws {
    let played = try PayDrillBinary.run([
      "play", "Tapes/declined-card.tape", "Tapes/pay-with-paze.tape", "--latency", "0", "--ledger", ledger,
    ])
    XCTAssertEqual(played.status, 0, played.standardError)
    let session = try session("--latency 0", columns: 80, rows: 24)
    try session.waitFor("Choose a payment method")
    try session.press("H")
    let screen = try session.waitFor("History · 2 latest")
    let rows = screen.split(separator: "\n")
    let paze = try XCTUnwrap(rows.first { $0.contains("Visa ••••1111") }, screen)
    XCTAssertTrue(paze.contains("$49.99") && paze.contains("succeeded"), screen)
    let declined = try XCTUnwrap(rows.first { $0.contains("Visa ••••0002") }, screen)
    XCTAssertTrue(declined.contains("failed") && declined.contains("CARD_DECLINED"), screen)
    // `play` may record the two tapes in either order: the newest is selected, ↓ selects the other.
    XCTAssertTrue(paze.contains("▸") != declined.contains("▸"), "one selected: \(screen)")
    if !declined.contains("▸") { try session.press("Down") }
    try session.press("Enter")
    let entry = try session.waitFor("· card · failed")
    // A replay says what replayed it: the tape (its times are the tape's).
    for text in [
      "errorCode              CARD_DECLINED", "sessionId", "replayOf", "declined-card.tape", "Events (3)",
    ] {
      XCTAssertTrue(entry.contains(text), "\(text) in:\n\(entry)")
    }
    // The events follow the fields, a page down at 24 rows.
    try session.press("PageDown")
    try session.waitFor("\"event\": \"onBeforeSubmit\"")
    try session.press("Escape")
    try session.waitFor("History · 2 latest")
    try session.press("Escape")
    try session.waitFor("Choose a payment method")
    try session.press("q")
    try session.waitFor("DONE status=0")
  }
}
