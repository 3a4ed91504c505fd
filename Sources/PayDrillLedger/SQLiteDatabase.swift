import CSQLite
import Foundation

/// One connection to a SQLite database file through libsqlite3 (`sqlite3_open_v2`), with the few operations
/// the ledger needs: statements with bound parameters, pragmas, and transactions.
final class SQLiteDatabase {
  /// How the file is opened.
  enum Access {
    /// Read and write; the file is created when it does not exist.
    case readWrite
    /// Read only; the file must exist.
    case readOnly
    /// Read only, trusting that nothing changes the file meanwhile (SQLite's `immutable`): how a WAL file
    /// is read where neither it nor its folder can be written, so no `-shm` file can be made.
    case immutable
  }

  private let connection: OpaquePointer
  let path: String
  /// The statements `statement(_:)` prepared, by their SQL; finalised before the connection closes.
  private var statements: [String: SQLiteStatement] = [:]

  init(path: String, access: Access) throws {
    var connection: OpaquePointer?
    var name = path
    var flags = SQLITE_OPEN_NOMUTEX
    switch access {
    case .readWrite: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    case .immutable:
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      name = URL(fileURLWithPath: path).absoluteString + "?immutable=1"
    }
    let code = sqlite3_open_v2(name, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      let error = SQLiteError(code: code, connection: connection)
      sqlite3_close_v2(connection)
      throw error
    }
    self.connection = connection
    self.path = path
    sqlite3_extended_result_codes(connection, 0)
  }

  deinit {
    statements = [:]
    sqlite3_close_v2(connection)
  }

  /// Replaces this database's pages with `source`'s (SQLite's online backup, in one step): an in-memory
  /// database made from a migrated one without running the schema's SQL again.
  func copyPages(of source: SQLiteDatabase) throws {
    guard let backup = sqlite3_backup_init(connection, "main", source.connection, "main") else {
      throw SQLiteError(code: sqlite3_errcode(connection), connection: connection)
    }
    sqlite3_backup_step(backup, -1)
    let code = sqlite3_backup_finish(backup)
    guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
  }

  /// Whether SQLite opened the file read only (asked for, or the file or its folder cannot be written).
  var isReadOnly: Bool { sqlite3_db_readonly(connection, "main") == 1 }

  /// How long a statement waits for another process's lock before it gives up with `SQLITE_BUSY`.
  func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(connection, milliseconds)
  }

  /// Prepares a statement.
  func prepare(_ sql: String) throws -> SQLiteStatement {
    try SQLiteStatement(sql: sql, connection: connection)
  }

  /// A statement run many times (the server's, a request at a time): prepared once for the connection and
  /// kept, rebound at each run.
  func statement(_ sql: String) throws -> SQLiteStatement {
    if let kept = statements[sql] { return kept }
    let prepared = try prepare(sql)
    statements[sql] = prepared
    return prepared
  }

  /// Runs one statement with its parameters.
  func run(_ sql: String, _ values: [SQLiteStatement.Value] = []) throws {
    try prepare(sql).run(values)
  }

  /// Runs SQL text of several statements without parameters (a schema).
  func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(connection, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_free(message)
      throw SQLiteError(code: code, message: text)
    }
  }

  /// The first column of the first row as an integer (a pragma's value, a count).
  func integer(_ sql: String, _ values: [SQLiteStatement.Value] = []) throws -> Int64? {
    try prepare(sql).rows(values) { $0.integer(0) }.first
  }

  /// The first column of the first row as text.
  func text(_ sql: String) throws -> String? {
    try prepare(sql).rows { $0.text(0) }.first ?? nil
  }

  /// The bytes of memory the connection's page cache holds now (`SQLITE_DBSTATUS_CACHE_USED`).
  var pageCacheBytes: Int {
    var current: Int32 = 0
    var highest: Int32 = 0
    sqlite3_db_status(connection, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
    return Int(current)
  }

  /// The row id the last `INSERT` gave.
  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(connection) }

  /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed.
  var changes: Int32 { sqlite3_changes(connection) }

  /// Runs `body` in one transaction (`BEGIN IMMEDIATE`, so the write lock is taken up front): committed
  /// when it returns, rolled back when it throws. A process killed inside leaves nothing of it behind.
  func transaction<Result>(_ body: () throws -> Result) throws -> Result {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }
}
