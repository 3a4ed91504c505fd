import Foundation
import XCTest

/// `paydrill history` through the real binary, on a temporary ledger filled by `paydrill play`; ledgers the
/// binary cannot use.
final class HistoryCommandEndToEndTests: XCTestCase {
  private var folder: URL!
  private var ledger: String { folder.appendingPathComponent("ledger.sqlite3").path }

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-history-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Plays the Visa tape, then the decline tape, into the temporary ledger.
  private func fill() throws {
    for tape in ["Tapes/pay-with-visa.tape", "Tapes/declined-card.tape"] {
      let result = try PayDrillBinary.run(["play", tape, "--latency", "0", "--ledger", ledger])
      XCTAssertEqual(result.status, 0, result.standardError)
      XCTAssertEqual(result.standardError, "")
    }
  }

  /// `paydrill history` on the temporary ledger, whose attempts are replays (`play` filled it): listed with
  /// `--replays`.
  private func history(_ arguments: [String]) throws -> PayDrillBinary.Result {
    try PayDrillBinary.run(
      ["history", "--ledger", ledger, "--replays"] + arguments, environment: ["TZ": "UTC"])
  }

  func testListsTheAttemptsNewestFirst() throws {
    try fill()
    let result = try history([])
    XCTAssertEqual(result.status, 0, result.standardError)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3, result.standardOutput)
    XCTAssertTrue(lines[0].hasPrefix("ID  TIME                          SCENARIO          METHOD"), lines[0])
    XCTAssertTrue(lines[1].contains(" (replay)  acme-electronics"), "a replay says so: \(lines[1])")
    XCTAssertTrue(lines[1].hasPrefix(" 2  "), lines[1])
    XCTAssertTrue(
      lines[1].contains("acme-electronics  card    Visa ••••0002  $49.99  failed     CARD_DECLINED"), lines[1]
    )
    XCTAssertTrue(lines[2].contains("Visa ••••4242  $49.99  succeeded  -"), lines[2])
    XCTAssertFalse(result.standardOutput.contains("4242 4242"), "never a full card number")
    XCTAssertEqual(try history(["--outcome", "failed"]).standardOutput.split(separator: "\n").count, 2)
    XCTAssertEqual(try history(["--limit", "1"]).standardOutput.split(separator: "\n").count, 2)
    XCTAssertEqual(try history(["--method", "paypal"]).standardOutput, "No attempts match.\n")
    XCTAssertEqual(
      try history(["--scenario", "acme-electronics"]).standardOutput.split(separator: "\n").count, 3)
  }

  func testJSONLinesAndShow() throws {
    try fill()
    let json = try history(["--json"])
    XCTAssertEqual(json.status, 0, json.standardError)
    let objects = try json.standardOutput.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.compactMap { $0["outcome"] as? String }, ["failed", "succeeded"])
    XCTAssertEqual(objects[0]["amount"] as? String, "49.99")
    XCTAssertEqual(objects[0]["currency"] as? String, "USD")
    XCTAssertEqual(objects[0]["minorUnits"] as? Int, 4999)
    XCTAssertEqual(objects[0]["errorCode"] as? String, "CARD_DECLINED")
    XCTAssertEqual(objects[1]["merchantTransactionId"] as? String, "0ce72cfd-014d-4256-a006-a56601b2ffc4")
    XCTAssertNotNil(objects[1]["systemTransactionId"] as? String)

    let shown = try history(["show", "2"])
    XCTAssertEqual(shown.status, 0, shown.standardError)
    XCTAssertTrue(shown.standardOutput.hasPrefix("Attempt 2\n"), shown.standardOutput)
    XCTAssertTrue(
      shown.standardOutput.contains("  card                   Visa ••••0002\n"), shown.standardOutput)
    let events = shown.standardOutput.split(separator: "\n").filter { $0.hasPrefix("{") }
    XCTAssertEqual(events.count, 3)
    XCTAssertTrue(events[2].contains(#""event":"onError""#), String(events[2]))

    let unknown = try history(["show", "42"])
    XCTAssertEqual(unknown.status, 1)
    XCTAssertEqual(unknown.standardError, "paydrill: no attempt 42 in \(ledger) (see paydrill history)\n")
    XCTAssertEqual(unknown.standardOutput, "")
  }

  func testABadFilterExitsTwoWithOneLine() throws {
    let result = try history(["--outcome", "maybe"])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(
      result.standardError,
      "paydrill: --outcome takes one of succeeded, failed, cancelled, interrupted, unknown, not \"maybe\"\n")
  }

  func testAnEmptyLedgerAndNoLedger() throws {
    let empty = try history([])
    XCTAssertEqual(empty.status, 0)
    XCTAssertEqual(empty.standardOutput, "No attempts recorded in \(ledger) yet.\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: ledger), "history creates no ledger")
    XCTAssertEqual(try PayDrillBinary.run(["history", "--no-ledger"]).status, 2)
  }

  /// Issue 28: `play`'s attempts carry the tape's times (its `--clock-start`), and were listed as payments
  /// made then. They are marked as replays of their tape, hidden unless `--replays` asks, and say so where
  /// they are shown.
  func testReplaysAreHiddenUnlessAskedAndSaySoWhereShown() throws {
    try fill()
    let hidden = try PayDrillBinary.run(["history", "--ledger", ledger], environment: ["TZ": "UTC"])
    XCTAssertEqual(hidden.status, 0, hidden.standardError)
    XCTAssertEqual(
      hidden.standardOutput,
      "No attempts match; the attempts of tape replays are left out (paydrill history --replays lists them).\n"
    )
    let json = try history(["--json"])
    let objects = try json.standardOutput.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(
      objects.compactMap { $0["replayOf"] as? String },
      ["Tapes/declined-card.tape", "Tapes/pay-with-visa.tape"])
    let shown = try history(["show", "1"])
    XCTAssertTrue(
      shown.standardOutput.contains(
        "replayOf               Tapes/pay-with-visa.tape (paydrill play: the times are the tape's)"),
      shown.standardOutput)
  }

  func testNoLedgerRecordsNothing() throws {
    let result = try PayDrillBinary.run(
      ["play", "Tapes/pay-with-visa.tape", "--latency", "0", "--no-ledger"],
      environment: ["XDG_DATA_HOME": folder.path])
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("paydrill").path))
  }

  func testTheDefaultLedgerFollowsXDGDataHome() throws {
    let result = try PayDrillBinary.run(
      ["play", "Tapes/pay-with-visa.tape", "--latency", "0"],
      environment: ["XDG_DATA_HOME": folder.path])
    XCTAssertEqual(result.status, 0, result.standardError)
    let listed = try PayDrillBinary.run(
      ["history", "--json", "--replays"], environment: ["XDG_DATA_HOME": folder.path])
    XCTAssertEqual(listed.standardOutput.split(separator: "\n").count, 1, listed.standardOutput)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("paydrill/ledger.sqlite3").path))
  }

  func testALedgerThatCannotBeOpenedWarnsAndTheCheckoutCompletes() throws {
    let blocker = folder.appendingPathComponent("a-file")
    try "".write(to: blocker, atomically: true, encoding: .utf8)
    let path = blocker.appendingPathComponent("ledger.sqlite3").path
    let screen = folder.appendingPathComponent("screen.txt")
    let result = try PayDrillBinary.run([
      "play", "Tapes/pay-with-visa.tape", "--latency", "0", "--ledger", path, "--screen", screen.path,
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    let lines = result.standardError.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, result.standardError)
    XCTAssertTrue(
      lines.first?.hasPrefix("paydrill: warning: ledger \(path): cannot be opened") ?? false,
      result.standardError)
    XCTAssertTrue(try String(contentsOf: screen, encoding: .utf8).contains("Payment successful"))
  }

  /// chmod 0444 on the file and 0555 on its folder. Root writes whatever the mode, so as root the binary runs
  /// as `nobody` through setpriv.
  func testAReadOnlyLedgerFileWarnsAndTheCheckoutCompletes() throws {
    var launcher: [String] = []
    if getuid() == 0 {
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
        throw XCTSkip("root ignores file modes, and setpriv is missing to run as another user")
      }
      launcher = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    }
    try fill()
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: ledger)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
    let result = try PayDrillBinary.run(
      ["play", "Tapes/pay-with-visa.tape", "--latency", "0", "--ledger", ledger], launcher: launcher)
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertEqual(
      result.standardError,
      "paydrill: warning: ledger \(ledger): is read-only (the file or its folder cannot be written); run history is off for this run\n"
    )
    let listed = try PayDrillBinary.run(
      ["history", "--ledger", ledger, "--json", "--replays"], launcher: launcher)
    XCTAssertEqual(listed.status, 0, listed.standardError)
    XCTAssertEqual(listed.standardOutput.split(separator: "\n").count, 2, "still readable, and nothing added")
  }
}
