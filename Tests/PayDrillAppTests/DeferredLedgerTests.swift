import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillCLI
@testable import PayDrillCommandLine
@testable import PayDrillLedger
@testable import PayDrillTools
@testable import PaymentHistory

/// The run's ledger opens when the run first records or reads an attempt, not when it starts: a run that
/// never pays leaves no file, and a ledger that cannot be opened warns once, at its first use.
final class DeferredLedgerTests: FolderTestCase {

  private func run(ledger path: String) throws -> CheckoutRun {
    let options = try CommandLineOptions.parse(["--latency", "0", "--ledger", path])
    return CheckoutRun(options: options, scenario: .acmeElectronics, live: false)
  }

  private func play(_ name: String, on run: CheckoutRun) throws -> TapePlayer.Outcome {
    let tape = try Tape.load(path: TapeTests.root.appendingPathComponent("Tapes/\(name).tape").path)
    return TapePlayer(runtime: run.runtime).play(tape)
  }

  func testTheLedgerIsOpenedByTheFirstAttemptNotByTheStart() throws {
    let path = folder.appendingPathComponent("new/ledger.sqlite3").path
    let run = try run(ledger: path)
    _ = run.runtime.render()
    XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the first frame opens no ledger")
    XCTAssertEqual(try play("pay-with-visa", on: run), .completed)
    run.finishAttempts()
    XCTAssertNil(run.runtime.interpreter.ledgerProblem)
    let attempts = try SQLiteLedger(path: path).attempts(matching: AttemptFilter())
    XCTAssertEqual(attempts.map(\.outcome), [.succeeded])
  }

  func testALedgerThatCannotBeOpenedWarnsAtItsFirstUseAndIsNotTriedAgain() throws {
    let blocker = folder.appendingPathComponent("a-file")
    try "".write(to: blocker, atomically: true, encoding: .utf8)
    let path = blocker.appendingPathComponent("ledger.sqlite3").path
    let ledger = DeferredLedger(path: path)
    XCTAssertThrowsError(try ledger.attempts(matching: AttemptFilter())) { error in
      XCTAssertEqual(
        "\(error)", "ledger \(path): cannot be opened: its folder \(blocker.path) cannot be made")
    }
    try FileManager.default.removeItem(at: blocker)
    XCTAssertThrowsError(try ledger.attempt(id: 1), "the first failure stands for the run")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))

    let run = try run(ledger: path)
    try "".write(to: blocker, atomically: true, encoding: .utf8)
    XCTAssertNil(run.runtime.model.ledgerNotice, "nothing to say before the run uses its ledger")
    XCTAssertEqual(try play("pay-with-visa", on: run), .completed)
    let warning = try XCTUnwrap(run.runtime.interpreter.ledgerProblem)
    XCTAssertEqual(
      warning,
      "ledger \(path): cannot be opened: its folder \(blocker.path) cannot be made;"
        + " run history is off for this run")
    XCTAssertEqual(run.runtime.model.ledgerNotice, warning, "the footer shows it from the first attempt")
    XCTAssertTrue(run.runtime.render().text.contains("Payment successful"))
  }
}
