import CSQLite
import CheckoutEngine
import Foundation
import PaymentHistory

/// The run history in a SQLite file: WAL mode, a busy timeout for a second paydrill on the same file, one
/// transaction per attempt (its row and its events together), and a schema version with migrations
/// (`LedgerSchema`).
public final class SQLiteLedger: AttemptLedger {
  public let location: String
  let database: SQLiteDatabase

  /// How long a write waits for another paydrill holding the file's lock.
  static let busyTimeoutMilliseconds: Int32 = 2000

  /// The page cache of a connection that writes, as SQLite's `cache_size` takes it: a negative number is
  /// KiB. 256 KiB holds the indexes the ledger reads by and the pages of one attempt's transaction.
  static let pageCacheKibibytes = -256

  /// Opens the ledger at `path` (":memory:" for one that lives and dies with this object), creating it and
  /// its folder when missing and migrating an older one. `readOnly` reads an existing, current ledger
  /// without writing to it. Throws a `LedgerError` saying what is wrong.
  public init(path: String, readOnly: Bool = false) throws {
    location = path
    do {
      if !readOnly && path != ":memory:" {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
          throw LedgerError(
            location: path, problem: "cannot be opened: its folder \(folder.path) cannot be made")
        }
        Self.createPrivately(path)
      }
      if readOnly {
        database = try Self.openForReading(path)
        let version = try database.integer("PRAGMA user_version") ?? 0
        guard version == LedgerSchema.currentVersion else {
          throw LedgerError(
            location: path,
            problem:
              "schema version \(version) needs migrating to \(LedgerSchema.currentVersion), and the file is read-only"
          )
        }
        return
      }
      database = try SQLiteDatabase(path: path, access: .readWrite)
      database.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
      guard !database.isReadOnly else {
        throw LedgerError(location: path, problem: "is read-only (the file or its folder cannot be written)")
      }
      // WAL: readers (paydrill history) never block the writer, and a crash leaves the last commit intact.
      _ = try database.text("PRAGMA journal_mode = WAL")
      try database.execute("PRAGMA foreign_keys = ON")
      // A small page cache: the ledger writes one attempt at a time and reads by index, so SQLite's default
      // of 2 MiB only grew a long session's memory, page by page, as the file grew (issue #16).
      try database.execute("PRAGMA cache_size = \(Self.pageCacheKibibytes)")
      try LedgerSchema.migrate(database)
    } catch let error as LedgerError {
      throw error
    } catch let error as SQLiteError {
      throw LedgerError(location: path, doing: "cannot be opened", error)
    } catch {
      throw LedgerError(location: path, problem: "cannot be opened: \(error.localizedDescription)")
    }
  }

  /// An in-memory ledger holding what `template`, an in-memory ledger, holds: its pages are copied, so the
  /// schema is the one its migration made, without running that SQL again (the fuzzer makes a ledger for
  /// every checkout, and the migration cost more than the checkout's writes).
  package init(inMemoryCopyOf template: SQLiteLedger) throws {
    location = ":memory:"
    do {
      database = try SQLiteDatabase(path: location, access: .readWrite)
      try database.execute("PRAGMA foreign_keys = ON")
      try database.copyPages(of: template.database)
      // Current already: the migration reads the version and stops.
      try LedgerSchema.migrate(database)
    } catch let error as SQLiteError {
      throw LedgerError(location: location, doing: "cannot be opened", error)
    }
  }

  /// Makes the ledger's file, when it does not exist, readable and writable by its owner only (0600): it
  /// keeps the sessions' HMAC and encryption keys. SQLite would make it 0644, and gives the `-wal` and
  /// `-shm` files the mode of the database's. `O_EXCL`: a file another process made meanwhile is left as it
  /// is; any other failure is left for SQLite's open to report.
  private static func createPrivately(_ path: String) {
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
  }

  /// A connection for reading: a plain read-only one, or, where SQLite cannot make the WAL's `-shm` file
  /// (a read-only folder), an immutable one.
  private static func openForReading(_ path: String) throws -> SQLiteDatabase {
    let database = try SQLiteDatabase(path: path, access: .readOnly)
    database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    do {
      _ = try database.integer("PRAGMA user_version")
      return database
    } catch let error as SQLiteError where error.code == SQLITE_CANTOPEN || error.code == SQLITE_READONLY {
      return try SQLiteDatabase(path: path, access: .immutable)
    }
  }

  @discardableResult
  public func record(_ attempt: PaymentAttempt) throws -> Int64 {
    do {
      return try database.transaction {
        if let id = attempt.id {
          // The attempt in flight was written when it started: its row and events are replaced together.
          try database.run("DELETE FROM attempt_events WHERE attempt_id = ?", [.integer(id)])
          try database.run("DELETE FROM attempts WHERE id = ?", [.integer(id)])
        }
        try database.run(
          """
          INSERT INTO attempts (id, scenario, method, card, amount_minor, currency, outcome, error_code,
            error_message, system_transaction_id, merchant_transaction_id, result_code, started_at, ended_at,
            seed, session_id, replay_of)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          [
            attempt.id.map { .integer($0) } ?? .null,
            .text(attempt.scenario), .text(attempt.method.rawValue), optional(attempt.card),
            .integer(attempt.amount.minorUnits), .text(attempt.amount.currency.code),
            .text(attempt.outcome.rawValue), optional(attempt.errorCode), optional(attempt.errorMessage),
            optional(attempt.systemTransactionId), optional(attempt.merchantTransactionId),
            optional(attempt.resultCode), .text(Self.timestamp(attempt.startedAt)),
            .text(Self.timestamp(attempt.endedAt)),
            // SQLite's integers are signed: a seed past Int64.max is stored as its bit pattern.
            attempt.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null,
            optional(attempt.sessionId), optional(attempt.replayOf),
          ])
        let id = database.lastInsertedRowID
        let insert = try database.prepare(
          "INSERT INTO attempt_events (attempt_id, position, line) VALUES (?, ?, ?)")
        for (position, line) in attempt.eventLines.enumerated() {
          try insert.run([.integer(id), .integer(Int64(position)), .text(line)])
        }
        return id
      }
    } catch let error as SQLiteError {
      throw LedgerError(location: location, doing: "cannot be written", error)
    }
  }

  public func attempts(matching filter: AttemptFilter) throws -> [PaymentAttempt] {
    var conditions: [String] = []
    var values: [SQLiteStatement.Value] = []
    if let outcome = filter.outcome {
      conditions.append("outcome = ?")
      values.append(.text(outcome.rawValue))
    }
    if let method = filter.method {
      conditions.append("method = ?")
      values.append(.text(method.rawValue))
    }
    if let scenario = filter.scenario {
      conditions.append("scenario = ?")
      values.append(.text(scenario))
    }
    if let since = filter.since {
      conditions.append("started_at >= ?")
      values.append(.text(Self.timestamp(since)))
    }
    if let until = filter.until {
      conditions.append("started_at < ?")
      values.append(.text(Self.timestamp(until)))
    }
    if !filter.includesReplays { conditions.append("replay_of IS NULL") }
    let clause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    values.append(.integer(Int64(max(0, filter.limit))))
    return try read(
      "SELECT \(Self.columns) FROM attempts \(clause) ORDER BY started_at DESC, id DESC LIMIT ?", values)
  }

  public func attempt(id: Int64) throws -> PaymentAttempt? {
    guard var attempt = try read("SELECT \(Self.columns) FROM attempts WHERE id = ?", [.integer(id)]).first
    else { return nil }
    do {
      attempt.eventLines = try database.prepare(
        "SELECT line FROM attempt_events WHERE attempt_id = ? ORDER BY position"
      ).rows([.integer(id)]) { $0.text(0) ?? "" }
    } catch let error as SQLiteError {
      throw LedgerError(location: location, doing: "cannot be read", error)
    }
    return attempt
  }

  /// Runs SQL against the ledger's connection (tests use it to look inside: integrity, counts, limits).
  func integer(_ sql: String) throws -> Int64? { try database.integer(sql) }

  func execute(_ sql: String) throws { try database.execute(sql) }

  static let columns = """
    id, scenario, method, card, amount_minor, currency, outcome, error_code, error_message,
    system_transaction_id, merchant_transaction_id, result_code, started_at, ended_at, seed, session_id,
    replay_of
    """

  func read(_ sql: String, _ values: [SQLiteStatement.Value]) throws -> [PaymentAttempt] {
    do {
      return try database.prepare(sql).rows(values) { row in
        let row = LedgerRow(statement: row, name: "attempt \(row.integer(0))", location: location)
        return PaymentAttempt(
          id: row.integer(0), scenario: row.text(1) ?? "",
          method: try row.decoded(2, "method", DropInPaymentMethod.init(rawValue:)), card: row.text(3),
          amount: try row.amount(4, currency: 5),
          outcome: try row.decoded(6, "outcome", PaymentAttempt.Outcome.init(rawValue:)),
          errorCode: row.text(7), errorMessage: row.text(8), systemTransactionId: row.text(9),
          merchantTransactionId: row.text(10), resultCode: row.text(11),
          startedAt: try row.decoded(12, "started_at", Self.date(from:)),
          endedAt: try row.decoded(13, "ended_at", Self.date(from:)),
          seed: row.isNull(14) ? nil : UInt64(bitPattern: row.integer(14)),
          sessionId: row.text(15), replayOf: row.text(16))
      }
    } catch let error as SQLiteError {
      throw LedgerError(location: location, doing: "cannot be read", error)
    }
  }

  func optional(_ text: String?) -> SQLiteStatement.Value {
    text.map { .text($0) } ?? .null
  }

  /// Times are stored as ISO 8601 in UTC with milliseconds, so text order is time order.
  package static func timestamp(_ date: Date) -> String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
  }

  static func date(from text: String) -> Date? {
    try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }
}
