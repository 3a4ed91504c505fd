import CheckoutEngine
import Foundation
import XCTest

@testable import PayDrillApp
@testable import PayDrillLedger
@testable import PaymentHistory

/// The SQLite ledger in a temporary folder: writes, filtered queries, WAL, one transaction per attempt, the
/// schema version and the migration from version 1, and files it cannot use.
final class SQLiteLedgerTests: FolderTestCase {
  private var path: String { folder.appendingPathComponent("ledger.sqlite3").path }

  static let usd = Currency(code: "USD")!

  /// An attempt `minutes` after the fixture's time.
  static func attempt(
    _ outcome: PaymentAttempt.Outcome, method: DropInPaymentMethod = .card,
    scenario: String = "acme-electronics",
    minutes: Double = 0, code: String? = nil, events: [String] = []
  ) -> PaymentAttempt {
    let start = Fixture.now.addingTimeInterval(minutes * 60)
    return PaymentAttempt(
      scenario: scenario, method: method, card: method == .card ? "Visa ••••4242" : nil,
      amount: Money(minorUnits: 4999, currency: usd), outcome: outcome, errorCode: code,
      errorMessage: code.map { "message of \($0)" },
      systemTransactionId: outcome == .succeeded ? "tx-\(Int(minutes))" : nil,
      merchantTransactionId: "merchant-1", resultCode: outcome == .succeeded ? "Authorised" : nil,
      startedAt: start, endedAt: start.addingTimeInterval(1.5), eventLines: events)
  }

  func testRecordsAndReadsBackAnAttemptWithItsEvents() throws {
    let ledger = try SQLiteLedger(path: path)
    let events = [#"{"event":"onSubmit","seq":5}"#, #"{"event":"onSuccess","seq":6}"#]
    let id = try ledger.record(Self.attempt(.succeeded, events: events))
    var expected = Self.attempt(.succeeded, events: events)
    expected.id = id
    XCTAssertEqual(try ledger.attempt(id: id), expected)
    XCTAssertNil(try ledger.attempt(id: id + 1))
    expected.eventLines = []
    XCTAssertEqual(try ledger.attempts(matching: AttemptFilter()), [expected], "lists leave the events out")
  }

  func testTheLedgersPageCacheStaysSmallAsTheFileGrows() throws {
    // SQLite's default cache grows with the file up to 2 MiB: a long session's memory grew with it.
    let ledger = try SQLiteLedger(path: path)
    let events = (1...200).map {
      #"{"event":"onPaymentMethodChanged","seq":\#($0),"padding":""# + String(repeating: "x", count: 400)
        + #""}"#
    }
    for minute in 0..<40 {
      try ledger.record(Self.attempt(.succeeded, minutes: Double(minute), events: events))
    }
    let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    let log = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
    XCTAssertGreaterThan(size + log, 3 << 20, "the file outgrows SQLite's default cache")
    XCTAssertLessThanOrEqual(ledger.database.pageCacheBytes, 320 << 10)
    XCTAssertEqual(try ledger.integer("PRAGMA cache_size"), Int64(SQLiteLedger.pageCacheKibibytes))
  }

  func testTheFileIsInWALModeAtTheCurrentVersion() throws {
    let ledger = try SQLiteLedger(path: folder.appendingPathComponent("new/folder/ledger.sqlite3").path)
    try ledger.record(Self.attempt(.failed, code: "CARD_DECLINED"))
    let database = try SQLiteDatabase(path: ledger.location, access: .readOnly)
    XCTAssertEqual(try database.text("PRAGMA journal_mode"), "wal")
    XCTAssertEqual(try database.integer("PRAGMA user_version"), LedgerSchema.currentVersion)
    XCTAssertEqual(try database.integer("SELECT count(*) FROM attempts"), 1)
  }

  func testFiltersNewestFirstAndTheLimit() throws {
    let ledger = try SQLiteLedger(path: path)
    try ledger.record(Self.attempt(.succeeded, minutes: 0))
    try ledger.record(Self.attempt(.failed, minutes: 1, code: "CARD_DECLINED"))
    try ledger.record(Self.attempt(.succeeded, method: .paypal, minutes: 2))
    try ledger.record(Self.attempt(.cancelled, method: .applePay, scenario: "tokyo-yen", minutes: 3))
    try ledger.record(Self.attempt(.interrupted, minutes: 60 * 24 * 2))
    func ids(_ filter: AttemptFilter) throws -> [Int64] {
      try ledger.attempts(matching: filter).compactMap(\.id)
    }
    XCTAssertEqual(try ids(AttemptFilter()), [5, 4, 3, 2, 1])
    XCTAssertEqual(try ids(AttemptFilter(limit: 2)), [5, 4])
    XCTAssertEqual(try ids(AttemptFilter(outcome: .succeeded)), [3, 1])
    XCTAssertEqual(try ids(AttemptFilter(method: .card)), [5, 2, 1])
    XCTAssertEqual(try ids(AttemptFilter(outcome: .succeeded, method: .card)), [1])
    XCTAssertEqual(try ids(AttemptFilter(scenario: "tokyo-yen")), [4])
    XCTAssertEqual(try ids(AttemptFilter(since: Fixture.now.addingTimeInterval(90))), [5, 4, 3])
    XCTAssertEqual(try ids(AttemptFilter(until: Fixture.now.addingTimeInterval(90))), [2, 1])
    XCTAssertEqual(try ids(AttemptFilter(since: Fixture.now.addingTimeInterval(86_400))), [5])
    XCTAssertEqual(try ids(AttemptFilter(outcome: .failed, method: .paze)), [])
  }

  func testAFullDatabaseWritesNothingOfTheAttempt() throws {
    let ledger = try SQLiteLedger(path: path)
    try ledger.record(Self.attempt(.succeeded))
    // No page may be added: the row fits in a page, its events do not, and the transaction rolls back.
    try ledger.execute("PRAGMA max_page_count = \(try XCTUnwrap(try ledger.integer("PRAGMA page_count")))")
    let events = (0..<40).map {
      #"{"event":"threeDSecure","padding":"\#(String(repeating: "x", count: 2000))","seq":\#($0)}"#
    }
    XCTAssertThrowsError(try ledger.record(Self.attempt(.failed, code: "X", events: events))) { error in
      XCTAssertTrue("\(error)".contains("cannot be written"), "\(error)")
    }
    XCTAssertEqual(try ledger.integer("SELECT count(*) FROM attempts"), 1)
    XCTAssertEqual(try ledger.integer("SELECT count(*) FROM attempt_events"), 0)
    XCTAssertEqual(try ledger.attempts(matching: AttemptFilter()).count, 1)
  }

  /// A version 1 file written by hand, as the first paydrill wrote it: events in one text column, no
  /// result code.
  func testMigratesAVersion1Ledger() throws {
    do {
      let old = try SQLiteDatabase(path: path, access: .readWrite)
      try old.execute(LedgerSchema.version1)
      let insert = """
        INSERT INTO attempts (scenario, method, card, amount_minor, currency, outcome, error_code,
          error_message, system_transaction_id, merchant_transaction_id, started_at, ended_at, events)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
      try old.run(
        insert,
        [
          .text("acme-electronics"), .text("card"), .text("Visa ••••4242"), .integer(4999), .text("USD"),
          .text("succeeded"), .null, .null, .text("tx-1"), .text("m-1"), .text("2026-11-01T10:00:00.000Z"),
          .text("2026-11-01T10:00:01.000Z"),
          .text(
            #"{"event":"onSubmit","seq":1,"method":"card","last4":"4242"}"# + "\n"
              + #"{"event":"onSuccess","seq":2,"method":"card","resultCode":"Authorised"}"# + "\n"),
        ])
      try old.run(
        insert,
        [
          .text("tokyo-yen"), .text("card"), .text("Visa ••••0002"), .integer(1235), .text("JPY"),
          .text("failed"), .text("CARD_DECLINED"), .text("The card was declined."), .null, .text("m-2"),
          .text("2026-11-02T10:00:00.000Z"), .text("2026-11-02T10:00:01.000Z"), .text(""),
        ])
      XCTAssertEqual(try old.integer("PRAGMA user_version"), 1)
    }
    let ledger = try SQLiteLedger(path: path)
    XCTAssertEqual(try ledger.integer("PRAGMA user_version"), LedgerSchema.currentVersion)
    XCTAssertEqual(
      try ledger.integer("SELECT count(*) FROM pragma_table_info('attempts') WHERE name = 'events'"), 0,
      "the old column is gone")
    let first = try XCTUnwrap(try ledger.attempt(id: 1))
    XCTAssertEqual(first.resultCode, "Authorised", "read from the old events")
    XCTAssertEqual(first.eventLines.count, 2)
    XCTAssertTrue(first.eventLines[1].contains("onSuccess"))
    XCTAssertEqual(first.startedAt, SQLiteLedger.date(from: "2026-11-01T10:00:00.000Z"))
    let second = try XCTUnwrap(try ledger.attempt(id: 2))
    XCTAssertEqual(second.amount, Money(minorUnits: 1235, currency: Currency(code: "JPY")!))
    XCTAssertEqual(second.errorCode, "CARD_DECLINED")
    XCTAssertNil(second.resultCode)
    XCTAssertEqual(second.eventLines, [])
    // New attempts go in beside the migrated ones.
    XCTAssertEqual(try ledger.record(Self.attempt(.succeeded)), 3)
    XCTAssertEqual(try ledger.attempts(matching: AttemptFilter()).compactMap(\.id), [3, 2, 1])
    XCTAssertEqual(
      try ledger.integer("SELECT count(*) FROM pragma_integrity_check WHERE integrity_check = 'ok'"), 1)
  }

  /// Hardening: a version 3 ledger gets the seed column (its attempts have none); a seed past Int64.max
  /// comes back whole.
  func testMigratesAVersion3LedgerToKeepTheRunsSeed() throws {
    do {
      let old = try SQLiteDatabase(path: path, access: .readWrite)
      try old.execute(LedgerSchema.version3)
      try old.run(
        """
        INSERT INTO attempts (scenario, method, amount_minor, currency, outcome, started_at, ended_at)
        VALUES ('acme-electronics', 'card', 4999, 'USD', 'succeeded', '2026-11-01T10:00:00.000Z',
          '2026-11-01T10:00:01.000Z')
        """)
    }
    let ledger = try SQLiteLedger(path: path)
    XCTAssertEqual(try ledger.integer("PRAGMA user_version"), LedgerSchema.currentVersion)
    XCTAssertNil(try XCTUnwrap(try ledger.attempt(id: 1)).seed)
    var attempt = Self.attempt(.succeeded)
    attempt.seed = UInt64.max - 1
    let id = try ledger.record(attempt)
    XCTAssertEqual(try ledger.attempt(id: id)?.seed, UInt64.max - 1)
  }

  /// Writes a ledger of an older schema holding one succeeded attempt of seed 7, and closes it.
  private func writeOldLedger(_ schema: String) throws {
    let old = try SQLiteDatabase(path: path, access: .readWrite)
    try old.execute(schema)
    try old.run(
      """
      INSERT INTO attempts (scenario, method, amount_minor, currency, outcome, started_at, ended_at, seed)
      VALUES ('acme-electronics', 'card', 4999, 'USD', 'succeeded', '2026-11-01T10:00:00.000Z',
        '2026-11-01T10:00:01.000Z', 7)
      """)
  }

  /// Issue 17: a version 4 ledger gets the sessions of `paydrill serve` and each attempt's session; its
  /// attempts stay, with no session, and a session and its payment can be stored and read back.
  func testMigratesAVersion4LedgerToKeepServerSessions() throws {
    try writeOldLedger(LedgerSchema.version4)
    let ledger = try SQLiteLedger(path: path)
    XCTAssertEqual(try ledger.integer("PRAGMA user_version"), LedgerSchema.currentVersion)
    let kept = try XCTUnwrap(try ledger.attempt(id: 1))
    XCTAssertEqual(kept.seed, 7)
    XCTAssertNil(kept.sessionId)
    XCTAssertEqual(try ledger.integer("SELECT count(*) FROM sessions"), 0)

    let store = try LedgerSessionStore(path: path)
    let session = LedgerSessionStoreTests.session()
    XCTAssertTrue(try store.insert(session, claiming: "request-1", at: Date()))
    var attempt = Self.attempt(.succeeded)
    attempt.sessionId = session.sessionId
    try ledger.record(attempt)
    XCTAssertEqual(try store.session(id: session.sessionId), session)
    XCTAssertEqual(try store.attempts(inSession: session.sessionId).map(\.status), ["succeeded"])
    XCTAssertTrue(try store.isPaid(session.sessionId))
  }

  /// Issue 28: a version 6 ledger gets `replay_of`; its attempts stay, as live ones. A replay's attempt is
  /// kept with its tape, left out of lists unless they ask for replays, and read back whole.
  func testMigratesAVersion6LedgerToMarkReplays() throws {
    try writeOldLedger(LedgerSchema.version6)
    let ledger = try SQLiteLedger(path: path)
    XCTAssertEqual(try ledger.integer("PRAGMA user_version"), LedgerSchema.currentVersion)
    XCTAssertNil(try XCTUnwrap(try ledger.attempt(id: 1)).replayOf, "an older attempt is a live one")
    var replay = Self.attempt(.failed, minutes: 5, code: "CARD_DECLINED")
    replay.replayOf = "Tapes/declined-card.tape"
    let id = try ledger.record(replay)
    XCTAssertEqual(try ledger.attempt(id: id)?.replayOf, "Tapes/declined-card.tape")
    XCTAssertEqual(try ledger.attempts(matching: AttemptFilter()).map(\.id), [1], "replays left out")
    var withReplays = AttemptFilter()
    withReplays.includesReplays = true
    XCTAssertEqual(try ledger.attempts(matching: withReplays).map(\.id), [id, 1])
    XCTAssertEqual(
      HistoryTable(timeZone: TimeZone(identifier: "UTC")!).lines(try ledger.attempts(matching: withReplays))[
        1
      ]
      .contains(" (replay)  acme-electronics"), true, "the table says which is a replay")
  }

  /// A version 2 ledger takes the outcome `unknown` once migrated, and keeps its attempts and their events.
  func testMigratesAVersion2LedgerToTakeUnknownOutcomes() throws {
    do {
      let old = try SQLiteDatabase(path: path, access: .readWrite)
      try old.execute(LedgerSchema.version2)
      try old.run(
        """
        INSERT INTO attempts (scenario, method, card, amount_minor, currency, outcome, started_at, ended_at,
          system_transaction_id)
        VALUES ('acme-electronics', 'card', 'Visa ••••4242', 4999, 'USD', 'succeeded',
          '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:01.000Z', 'tx-1')
        """)
      try old.run(
        "INSERT INTO attempt_events (attempt_id, position, line) VALUES (1, 0, ?)",
        [.text(#"{"event":"onSuccess","seq":2,"method":"card"}"#)])
      XCTAssertThrowsError(
        try old.run(
          """
          INSERT INTO attempts (scenario, method, amount_minor, currency, outcome, started_at, ended_at)
          VALUES ('acme-electronics', 'card', 4999, 'USD', 'unknown', 'x', 'x')
          """), "version 2 refuses the outcome")
    }
    let ledger = try SQLiteLedger(path: path)
    XCTAssertEqual(try ledger.integer("PRAGMA user_version"), LedgerSchema.currentVersion)
    let first = try XCTUnwrap(try ledger.attempt(id: 1))
    XCTAssertEqual(first.systemTransactionId, "tx-1")
    XCTAssertEqual(first.eventLines.count, 1, "the events came along")
    XCTAssertEqual(try ledger.record(Self.attempt(.unknown, code: "GATEWAY_TIMEOUT")), 2)
    XCTAssertEqual(try ledger.attempts(matching: AttemptFilter()).map(\.outcome), [.unknown, .succeeded])
    XCTAssertEqual(
      try ledger.integer("SELECT count(*) FROM pragma_foreign_key_check"), 0, "the events point to attempts")
    XCTAssertEqual(
      try ledger.integer("SELECT count(*) FROM pragma_integrity_check WHERE integrity_check = 'ok'"), 1)
  }

  func testRefusesALedgerFromANewerPayDrill() throws {
    do {
      let database = try SQLiteDatabase(path: path, access: .readWrite)
      try database.execute("PRAGMA user_version = 8")
    }
    XCTAssertThrowsError(try SQLiteLedger(path: path)) { error in
      XCTAssertEqual(
        "\(error)", "ledger \(path): schema version 8 was written by a newer paydrill (this one reads 7)")
    }
  }

  func testRefusesFilesItCannotUse() throws {
    try "not a database, a shopping list\n".write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try SQLiteLedger(path: path)) { error in
      XCTAssertTrue("\(error)".contains("cannot be opened"), "\(error)")
    }
    let underAFile = folder.appendingPathComponent("ledger.sqlite3/inside.sqlite3").path
    XCTAssertThrowsError(try SQLiteLedger(path: underAFile)) { error in
      XCTAssertTrue("\(error)".hasPrefix("ledger \(underAFile): cannot be opened"), "\(error)")
    }
  }

  func testAReadOnlyLedgerCanBeReadButNotWritten() throws {
    try SQLiteLedger(path: path).record(Self.attempt(.succeeded))
    let readOnly = try SQLiteLedger(path: path, readOnly: true)
    XCTAssertEqual(try readOnly.attempts(matching: AttemptFilter()).count, 1)
    XCTAssertThrowsError(try readOnly.record(Self.attempt(.failed))) { error in
      XCTAssertTrue("\(error)".contains("cannot be written"), "\(error)")
    }
  }
}
