import CheckoutEngine
import Foundation
import GatewaySimulator
import XCTest

@testable import PayDrillApp
@testable import PayDrillLedger
@testable import PaymentHistory

/// What the ledger holds is kept whole and private, and what it gives back is checked before it is used
/// (issue 25): the file and its WAL files are the owner's only; text keeps a NUL byte; a tampered amount,
/// currency or state is refused with the ledger and the row named.
final class LedgerTrustTests: FolderTestCase {
  private var path: String { folder.appendingPathComponent("ledger.sqlite3").path }

  private func mode(_ path: String) throws -> Int {
    try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  /// It keeps the sessions' HMAC and encryption keys: 0600, with its `-wal` and `-shm` files, whatever the
  /// umask lets through.
  func testANewLedgerAndItsWALFilesAreTheOwnersOnly() throws {
    let previous = umask(0o022)
    defer { umask(previous) }
    let ledger = try SQLiteLedger(path: path)
    try ledger.record(SQLiteLedgerTests.attempt(.succeeded))
    XCTAssertEqual(try mode(path), 0o600)
    // The connection is open: the WAL files are there.
    XCTAssertEqual(try mode(path + "-wal"), 0o600)
    XCTAssertEqual(try mode(path + "-shm"), 0o600)
    let store = try LedgerSessionStore(path: folder.appendingPathComponent("served.sqlite3").path)
    XCTAssertEqual(try mode(store.location), 0o600)
  }

  /// Text was bound and read as C strings: "a\0b" came back "a".
  func testTextWithANULByteIsKeptWhole() throws {
    let ledger = try SQLiteLedger(path: path)
    var attempt = SQLiteLedgerTests.attempt(
      .failed, code: "X\u{0}Y", events: [#"{"a":"b\u0000c"}"#, "x\u{0}y"])
    attempt.scenario = "acme\u{0}electronics"
    let id = try ledger.record(attempt)
    let read = try XCTUnwrap(try ledger.attempt(id: id))
    XCTAssertEqual(read.scenario, "acme\u{0}electronics")
    XCTAssertEqual(read.errorCode, "X\u{0}Y")
    XCTAssertEqual(read.eventLines, [#"{"a":"b\u0000c"}"#, "x\u{0}y"])
    // Found by the whole text, not by its part before the NUL.
    XCTAssertEqual(try ledger.attempts(matching: AttemptFilter(scenario: "acme\u{0}electronics")).count, 1)
    XCTAssertEqual(try ledger.attempts(matching: AttemptFilter(scenario: "acme")).count, 0)
  }

  /// An edited ledger: an amount of −5 minor units paid −$0.05. Each bad value is refused with the ledger,
  /// the row and the column named, and nothing is paid with it.
  func testATamperedAttemptIsRefusedNamingTheLedgerAndTheRow() throws {
    let ledger = try SQLiteLedger(path: path)
    let id = try ledger.record(SQLiteLedgerTests.attempt(.succeeded))
    let tampering = [
      ("amount_minor = -5", "attempt \(id) cannot be trusted: its amount_minor is -5"),
      ("amount_minor = 1000000000000001", "its amount_minor is 1000000000000001"),
      ("amount_minor = '12abc'", "its amount_minor is 12abc"),
      ("currency = 'usd'", #"its currency is "usd""#),
      ("currency = 'XXQ'", #"its currency is "XXQ""#),
      ("started_at = 'yesterday'", #"its started_at is "yesterday""#),
    ]
    for (change, expected) in tampering {
      try ledger.execute("PRAGMA ignore_check_constraints = ON")
      try ledger.execute("UPDATE attempts SET \(change) WHERE id = \(id)")
      XCTAssertThrowsError(try ledger.attempts(matching: AttemptFilter()), change) { error in
        XCTAssertEqual((error as? LedgerError)?.cause, .damaged, "\(error)")
        XCTAssertTrue("\(error)".hasPrefix("ledger \(self.path): attempt \(id)"), "\(error)")
        XCTAssertTrue("\(error)".contains(expected), "\(change): \(error)")
      }
      XCTAssertThrowsError(try ledger.attempt(id: id), change)
      try ledger.execute("DELETE FROM attempts")
      try ledger.record(SQLiteLedgerTests.attempt(.succeeded))
      try ledger.execute("UPDATE attempts SET id = \(id)")
    }
  }

  /// A served session's amount is what a checkout on it pays: a tampered one is never paid with.
  func testATamperedSessionIsRefusedBeforeAnyonePaysWithIt() throws {
    let store = try LedgerSessionStore(path: path)
    let session = LedgerSessionStoreTests.session()
    XCTAssertTrue(try store.insert(session, claiming: "request-1", at: Fixture.now))
    let ledger = try SQLiteLedger(path: path)
    for change in ["amount_minor = -5", "currency = 'jpy'", "allow_transaction = 7"] {
      try ledger.execute("UPDATE sessions SET \(change)")
      XCTAssertThrowsError(try store.session(id: session.sessionId), change) { error in
        XCTAssertEqual((error as? LedgerError)?.cause, .damaged, "\(error)")
        XCTAssertTrue("\(error)".contains("session \(session.sessionId) cannot be trusted"), "\(error)")
      }
      try ledger.execute(
        "UPDATE sessions SET amount_minor = 1500, currency = 'JPY', allow_transaction = 1")
    }
    XCTAssertEqual(try store.session(id: session.sessionId), session)
  }
}
