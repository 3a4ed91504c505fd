import Foundation
import PaymentHistory

/// The ledger's tables by version (`PRAGMA user_version`) and the migrations between them.
///
/// - Version 1 kept an attempt's events in one `events` text column of `attempts` (JSON Lines) and had no
///   `result_code`.
/// - Version 2 keeps each event as a row of `attempt_events` and the PSP's result code in
///   `attempts.result_code`. Migrating from 1 splits the old column into rows and reads the result code
///   from the attempt's `onSuccess`/`onError` event.
/// - Version 3 allows the outcome `unknown`: a payment whose answer never came (a timeout), which may or may
///   not have been charged. Migrating from 2 rebuilds the two tables with the new check.
/// - Version 4 keeps the run's seed with each attempt (`attempts.seed`), so that a run can be repeated with
///   `--seed`; older attempts have none.
/// - Version 5 keeps the sessions `paydrill serve` created (`sessions`), the request ids its API took
///   (`api_requests`), and the session each attempt paid in (`attempts.session_id`), so that a checkout on
///   the same ledger pays in a backend's session and the lookup sees what it paid. Older attempts have no
///   session.
/// - Version 6 keeps the one payment each served session took (`session_payments`), written in one
///   transaction as part of the charge: a payment the ledger cannot take is refused, so a session is never
///   paid twice and never paid unrecorded, whatever the disk does.
/// - Version 7 (current) marks the attempts of a replay (`attempts.replay_of`: the tape's path): `play` runs
///   on the tape's clock, so its attempts carry the recording's times, and `history` hides them unless
///   asked (`--replays`) and marks them where it shows them. Older attempts are live ones.
enum LedgerSchema {
  static let currentVersion: Int64 = 7

  /// Version 1, as the first ledgers were written (kept to test the migration and to document it).
  static let version1 = """
    CREATE TABLE attempts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      scenario TEXT NOT NULL,
      method TEXT NOT NULL,
      card TEXT,
      amount_minor INTEGER NOT NULL,
      currency TEXT NOT NULL,
      outcome TEXT NOT NULL,
      error_code TEXT,
      error_message TEXT,
      system_transaction_id TEXT,
      merchant_transaction_id TEXT,
      started_at TEXT NOT NULL,
      ended_at TEXT NOT NULL,
      events TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX attempts_by_start ON attempts(started_at);
    PRAGMA user_version = 1;
    """

  /// The attempts' events, one row each, in their order.
  private static func eventsTable(_ name: String = "attempt_events", attempts: String = "attempts") -> String
  {
    """
    CREATE TABLE \(name) (
      attempt_id INTEGER NOT NULL REFERENCES \(attempts)(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      line TEXT NOT NULL,
      PRIMARY KEY (attempt_id, position)
    ) WITHOUT ROWID;
    """
  }

  /// The attempts table with the outcomes a version allows.
  private static func attemptsTable(_ name: String = "attempts", outcomes: [String]) -> String {
    """
    CREATE TABLE \(name) (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      scenario TEXT NOT NULL,
      method TEXT NOT NULL,
      card TEXT,
      amount_minor INTEGER NOT NULL,
      currency TEXT NOT NULL,
      outcome TEXT NOT NULL CHECK (outcome IN (\(outcomes.map { "'\($0)'" }.joined(separator: ", ")))),
      error_code TEXT,
      error_message TEXT,
      system_transaction_id TEXT,
      merchant_transaction_id TEXT,
      started_at TEXT NOT NULL,
      ended_at TEXT NOT NULL,
      result_code TEXT
    );
    """
  }

  /// The outcomes of version 2.
  private static let version2Outcomes = ["succeeded", "failed", "cancelled", "interrupted"]

  /// Version 2 (kept to test the migration to 3).
  static let version2 = """
    \(attemptsTable(outcomes: version2Outcomes))
    CREATE INDEX attempts_by_start ON attempts(started_at);
    \(eventsTable())
    PRAGMA user_version = 2;
    """

  /// Version 3 (kept to test the migration to 4).
  static let version3 = """
    \(attemptsTable(outcomes: PaymentAttempt.Outcome.allCases.map(\.rawValue)))
    CREATE INDEX attempts_by_start ON attempts(started_at);
    \(eventsTable())
    PRAGMA user_version = 3;
    """

  /// Version 4 (kept to test the migration to 5).
  static let version4 = """
    \(attemptsTable(outcomes: PaymentAttempt.Outcome.allCases.map(\.rawValue)))
    ALTER TABLE attempts ADD COLUMN seed INTEGER;
    CREATE INDEX attempts_by_start ON attempts(started_at);
    \(eventsTable())
    PRAGMA user_version = 4;
    """

  /// What version 5 adds to version 4: the sessions of `paydrill serve`, its request ids, and each
  /// attempt's session. A session's keys are kept (a checkout on it needs them) and never printed.
  static let sessionTables = """
    ALTER TABLE attempts ADD COLUMN session_id TEXT;
    CREATE INDEX attempts_by_session ON attempts(session_id);
    CREATE INDEX attempts_by_system_transaction ON attempts(system_transaction_id);
    CREATE INDEX attempts_by_merchant_transaction ON attempts(merchant_transaction_id);
    CREATE TABLE sessions (
      session_id TEXT PRIMARY KEY,
      merchant TEXT NOT NULL,
      site TEXT NOT NULL,
      merchant_transaction_id TEXT NOT NULL,
      amount_minor INTEGER NOT NULL,
      currency TEXT NOT NULL,
      card_intent TEXT NOT NULL,
      paypal_intent TEXT NOT NULL,
      allow_transaction INTEGER NOT NULL,
      hmac_key TEXT NOT NULL,
      encryption_key TEXT NOT NULL,
      session_expiry TEXT NOT NULL,
      allowed_funding_types TEXT NOT NULL,
      token_id TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX sessions_by_merchant_transaction ON sessions(merchant_transaction_id);
    CREATE TABLE api_requests (
      request_id TEXT PRIMARY KEY,
      received_at TEXT NOT NULL
    ) WITHOUT ROWID;
    """

  /// Version 5 (kept to test the migration to 6).
  static let version5 =
    version4.replacingOccurrences(of: "PRAGMA user_version = 4;", with: "")
    + sessionTables + "PRAGMA user_version = 5;"

  /// What version 6 adds to version 5: a served session's payment, at most one (its primary key), with
  /// what a lookup shows of it should the attempt's own row never be written.
  static let sessionPayments = """
    CREATE TABLE session_payments (
      session_id TEXT PRIMARY KEY,
      system_transaction_id TEXT NOT NULL,
      merchant_transaction_id TEXT NOT NULL,
      amount_minor INTEGER NOT NULL,
      currency TEXT NOT NULL,
      method TEXT NOT NULL,
      paid_at TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX session_payments_by_system_transaction ON session_payments(system_transaction_id);
    CREATE INDEX session_payments_by_merchant_transaction ON session_payments(merchant_transaction_id);
    """

  /// Version 6 (kept to test the migration to 7).
  static let version6 =
    version5.replacingOccurrences(of: "PRAGMA user_version = 5;", with: "")
    + sessionPayments + "PRAGMA user_version = 6;"

  /// What version 7 adds to version 6: the tape a replayed attempt came from (NULL for a live one).
  static let replays = """
    ALTER TABLE attempts ADD COLUMN replay_of TEXT;
    """

  /// Version 7, for a new ledger.
  static let version7 =
    version6.replacingOccurrences(of: "PRAGMA user_version = 6;", with: "")
    + replays + "PRAGMA user_version = 7;"

  /// Brings the database to the current version in one transaction: creates it when empty, migrates it
  /// when older, refuses it when a newer PayDrill wrote it. Several processes may open a new ledger at once
  /// (`play --jobs`, a second `serve`): the first to take the write lock migrates, and the others, reading
  /// the version again under that lock, find it current and leave it.
  static func migrate(_ database: SQLiteDatabase) throws {
    guard try database.integer("PRAGMA user_version") ?? 0 != currentVersion else { return }
    try database.transaction {
      // Read again inside the write lock (`BEGIN IMMEDIATE`): another paydrill may have migrated it since.
      let version = try database.integer("PRAGMA user_version") ?? 0
      guard version != currentVersion else { return }
      guard version < currentVersion else {
        throw LedgerError(
          location: database.path,
          problem:
            "schema version \(version) was written by a newer paydrill (this one reads \(currentVersion))",
          cause: .damaged)
      }
      if version == 0 {
        let tables = try database.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
        guard tables == 0 else {
          throw LedgerError(location: database.path, problem: "is a SQLite file but not a paydrill ledger")
        }
        try database.execute(version7)
        return
      }
      if version == 1 { try migrateFrom1(database) }
      if version <= 2 { try migrateFrom2(database) }
      // Version 3 → 4: the seed, unknown for the attempts already there.
      if version <= 3 {
        try database.execute("ALTER TABLE attempts ADD COLUMN seed INTEGER; PRAGMA user_version = 4;")
      }
      // Version 4 → 5: the sessions' tables; the attempts already there have no session.
      if version <= 4 { try database.execute(sessionTables + "PRAGMA user_version = 5;") }
      // Version 5 → 6: the sessions' payments. One paid before has its succeeded attempt, which counts too.
      if version <= 5 { try database.execute(sessionPayments + "PRAGMA user_version = 6;") }
      // Version 6 → 7: the replays' tapes; the attempts already there are live ones.
      try database.execute(replays + "PRAGMA user_version = 7;")
    }
  }

  /// Version 2 → 3: the outcome `unknown`. SQLite cannot change a check, so both tables are copied into new
  /// ones that take the old names (renaming rewrites the events' reference to the attempts).
  private static func migrateFrom2(_ database: SQLiteDatabase) throws {
    try database.execute(
      attemptsTable("attempts_v3", outcomes: PaymentAttempt.Outcome.allCases.map(\.rawValue))
        + "INSERT INTO attempts_v3 SELECT * FROM attempts;"
        + eventsTable("attempt_events_v3", attempts: "attempts_v3")
        + "INSERT INTO attempt_events_v3 SELECT * FROM attempt_events;"
        + "DROP TABLE attempt_events; DROP TABLE attempts;"
        + "ALTER TABLE attempts_v3 RENAME TO attempts;"
        + "ALTER TABLE attempt_events_v3 RENAME TO attempt_events;"
        + "CREATE INDEX attempts_by_start ON attempts(started_at);"
        + "PRAGMA user_version = 3;")
  }

  /// Version 1 → 2: events become rows, and the result code a column.
  private static func migrateFrom1(_ database: SQLiteDatabase) throws {
    try database.execute("ALTER TABLE attempts ADD COLUMN result_code TEXT;" + eventsTable())
    let old = try database.prepare("SELECT id, events FROM attempts").rows {
      ($0.integer(0), $0.text(1) ?? "")
    }
    let insert = try database.prepare(
      "INSERT INTO attempt_events (attempt_id, position, line) VALUES (?, ?, ?)")
    let update = try database.prepare("UPDATE attempts SET result_code = ? WHERE id = ?")
    for (id, text) in old {
      let lines = text.split(whereSeparator: \.isNewline).map(String.init)
      for (position, line) in lines.enumerated() {
        try insert.run([.integer(id), .integer(Int64(position)), .text(line)])
      }
      if let code = resultCode(in: lines) { try update.run([.text(code), .integer(id)]) }
    }
    try database.execute("ALTER TABLE attempts DROP COLUMN events; PRAGMA user_version = 2;")
  }

  /// The PSP's result code in the last `onSuccess` or `onError` of these events, if it has one.
  static func resultCode(in lines: [String]) -> String? {
    for line in lines.reversed() {
      guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
        let event = object["event"] as? String, event == "onSuccess" || event == "onError"
      else { continue }
      return (object["resultCode"] ?? object["status"]) as? String
    }
    return nil
  }
}
