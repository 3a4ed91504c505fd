import CheckoutEngine
import CheckoutTestSupport
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLedger
@testable import PayDrillLoop
@testable import PayDrillTools
@testable import PaymentHistory

/// The runtime and the ledger together: tapes record their attempts, a ledger that cannot be written is
/// dropped with a warning while the checkout completes, an attempt in flight at the end is interrupted,
/// and a process killed inside its transaction leaves no row.
final class LedgerRuntimeTests: FolderTestCase {

  private func runtime(ledger: (any AttemptLedger)?, latency: Int = 0) -> CheckoutRuntime {
    var scenario = Scenario.acmeElectronics
    scenario.gateway.latency = [:]
    return CheckoutRuntime(
      scenario: scenario, size: Size(columns: 100, rows: 32), latencyMilliseconds: latency, ledger: ledger)
  }

  private func tape(_ name: String) throws -> Tape {
    try Tape.load(path: TapeTests.root.appendingPathComponent("Tapes/\(name).tape").path)
  }

  func testTapesRecordTheirAttempts() throws {
    let ledger = try SQLiteLedger(path: ":memory:")
    for name in ["pay-with-visa", "declined-card", "pay-with-paypal"] {
      let runtime = runtime(ledger: ledger)
      XCTAssertEqual(TapePlayer(runtime: runtime).play(try tape(name)), .completed, name)
      runtime.finish()
      XCTAssertNil(runtime.interpreter.ledgerProblem)
    }
    let attempts = try ledger.attempts(matching: AttemptFilter())
    XCTAssertEqual(attempts.map(\.method), [.paypal, .card, .card])
    XCTAssertEqual(attempts.map(\.outcome), [.succeeded, .failed, .succeeded])
    XCTAssertEqual(attempts.map(\.card), ["PayPal balance", "Visa ••••0002", "Visa ••••4242"])
    XCTAssertEqual(attempts[1].errorCode, "CARD_DECLINED")
  }

  func testAReadOnlyLedgerWarnsAndTheCheckoutStillCompletes() throws {
    let path = folder.appendingPathComponent("ledger.sqlite3").path
    _ = try SQLiteLedger(path: path)
    let runtime = runtime(ledger: try SQLiteLedger(path: path, readOnly: true))
    XCTAssertEqual(TapePlayer(runtime: runtime).play(try tape("pay-with-visa")), .completed)
    let screen = runtime.render().text
    XCTAssertTrue(screen.contains("Payment successful"), screen)
    let warning = try XCTUnwrap(runtime.interpreter.ledgerProblem)
    XCTAssertTrue(warning.hasPrefix("ledger \(path): cannot be written"), warning)
    XCTAssertEqual(runtime.model.ledgerNotice, warning, "dropped after the failed write, and shown")
    XCTAssertTrue(
      screen.split(separator: "\n").last?.contains("⚠ ledger \(path)") ?? false, "the footer says so")
    XCTAssertEqual(try SQLiteLedger(path: path).attempts(matching: AttemptFilter()).count, 0)
  }

  func testAnAttemptInFlightWhenTheRunEndsIsInterrupted() throws {
    let ledger = try SQLiteLedger(path: ":memory:")
    // A gateway slow enough that the tape ends first.
    let runtime = runtime(ledger: ledger, latency: 60_000)
    let text =
      try String(
        contentsOf: TapeTests.root.appendingPathComponent("Tapes/pay-with-visa.tape"), encoding: .utf8
      )
      .components(separatedBy: "Wait@10s /Payment successful/")[0] + "Wait /Processing/\n"
    XCTAssertEqual(TapePlayer(runtime: runtime).play(try Tape.parse(text, file: "slow.tape")), .completed)
    XCTAssertEqual(runtime.model.checkout.attempt?.method, .card)
    let provisional = try ledger.attempts(matching: AttemptFilter())
    XCTAssertEqual(
      provisional.map(\.outcome), [.interrupted],
      "written when it started: a crash now leaves it interrupted, never missing or paid")
    runtime.finish()
    let attempts = try ledger.attempts(matching: AttemptFilter())
    XCTAssertEqual(attempts.map(\.outcome), [.interrupted])
    XCTAssertNil(attempts.first?.systemTransactionId)
    runtime.finish()
    XCTAssertEqual(try ledger.attempts(matching: AttemptFilter()).count, 1, "recorded once")
  }

  func testHistoryPanelReadsTheLedgerWhenItOpens() throws {
    let ledger = try SQLiteLedger(path: ":memory:")
    try ledger.record(SQLiteLedgerTests.attempt(.failed, code: "CARD_DECLINED"))
    let runtime = runtime(ledger: ledger)
    runtime.start()
    runtime.send(.key(.character("H")))
    XCTAssertEqual(runtime.model.history?.attempts.count, 1)
    XCTAssertTrue(runtime.render().text.contains("CARD_DECLINED"))
    runtime.send(.key(.escape))
    XCTAssertNil(runtime.model.history)
    let without = self.runtime(ledger: nil)
    without.send(.key(.character("H")))
    XCTAssertNotNil(without.model.history?.problem)
  }

  /// A child process (python3's sqlite3) writes an attempt row and some of its events in one transaction and
  /// is killed with SIGKILL before it commits: the ledger opens intact with no trace of it.
  func testAProcessKilledInsideItsTransactionLeavesNoPartialAttempt() throws {
    let path = folder.appendingPathComponent("ledger.sqlite3").path
    let ledger = try SQLiteLedger(path: path)
    try ledger.record(SQLiteLedgerTests.attempt(.succeeded, events: [#"{"event":"onSuccess"}"#]))
    let script = """
      import sqlite3, sys, time
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute("BEGIN IMMEDIATE")
      db.execute("INSERT INTO attempts (scenario, method, amount_minor, currency, outcome, started_at, ended_at) VALUES ('half', 'card', 1, 'USD', 'succeeded', 'x', 'x')")
      db.execute("INSERT INTO attempt_events (attempt_id, position, line) VALUES (last_insert_rowid(), 0, '{}')")
      print("inside", flush=True)
      time.sleep(60)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw Requirement.missing("python3 cannot be started: \(error)")
    }
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard line.hasPrefix("inside") else {
      process.terminate()
      throw Requirement.missing("python3 with sqlite3 is not available")
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)

    let reopened = try SQLiteLedger(path: path)
    XCTAssertEqual(
      try reopened.integer("SELECT count(*) FROM pragma_integrity_check WHERE integrity_check = 'ok'"), 1)
    XCTAssertEqual(try reopened.integer("SELECT count(*) FROM attempts"), 1)
    XCTAssertEqual(try reopened.integer("SELECT count(*) FROM attempt_events"), 1)
    XCTAssertEqual(try reopened.attempts(matching: AttemptFilter()).map(\.scenario), ["acme-electronics"])
    // And the ledger takes new attempts: the dead writer's lock is gone.
    XCTAssertEqual(try reopened.record(SQLiteLedgerTests.attempt(.failed, code: "X")), 2)
  }
}
