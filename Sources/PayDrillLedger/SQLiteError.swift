import CSQLite

/// A failure SQLite reported: its result code and its own message (`sqlite3_errmsg`).
struct SQLiteError: Error, Equatable, CustomStringConvertible {
  /// The primary result code (`SQLITE_FULL`, `SQLITE_READONLY`, …).
  var code: Int32
  var message: String

  var description: String { message }

  /// The error a connection last reported.
  init(code: Int32, connection: OpaquePointer?) {
    self.code = code & 0xFF
    message =
      connection.flatMap { sqlite3_errmsg($0).map { String(cString: $0) } }
      ?? String(cString: sqlite3_errstr(code))
  }

  init(code: Int32, message: String) {
    self.code = code & 0xFF
    self.message = message
  }
}
