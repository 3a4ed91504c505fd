import CSQLite

/// A prepared SQL statement with its parameters bound (never spliced into the SQL text), stepped row by
/// row. Finalised when released.
final class SQLiteStatement {
  /// A value bound to a `?` parameter or read from a column.
  enum Value: Equatable {
    case integer(Int64)
    case text(String)
    case null
  }

  private let handle: OpaquePointer
  private let connection: OpaquePointer

  init(sql: String, connection: OpaquePointer) throws {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw SQLiteError(code: code, connection: connection) }
    handle = statement
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds the values to the parameters in order, replacing what was bound before.
  func bind(_ values: [Value]) throws {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
      case .text(let text):
        // With its length in bytes: a NUL inside the text is kept, not taken for its end.
        code = text.utf8CString.withUnsafeBufferPointer { bytes in
          sqlite3_bind_text64(
            handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count - 1), csqlite_transient(),
            UInt8(SQLITE_UTF8))
        }
      case .null: code = sqlite3_bind_null(handle, index)
      }
      guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
    }
  }

  /// Steps once: true when a row is ready to read, false when the statement is done.
  @discardableResult
  func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw SQLiteError(code: code, connection: connection)
    }
  }

  /// Binds the values and runs the statement to its end; reset after, so that a kept statement holds no
  /// lock between its runs.
  func run(_ values: [Value] = []) throws {
    try bind(values)
    defer { sqlite3_reset(handle) }
    while try step() {}
  }

  /// Binds the values and reads every row, each turned into a value by `row`.
  func rows<Row>(_ values: [Value] = [], _ row: (SQLiteStatement) throws -> Row) throws -> [Row] {
    try bind(values)
    var rows: [Row] = []
    while try step() { rows.append(try row(self)) }
    return rows
  }

  /// Whether a column of the current row is NULL.
  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  /// Whether a column of the current row holds an integer (not text, a real or NULL).
  func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_INTEGER }

  /// The integer in a column of the current row (0 for NULL).
  func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

  /// The text in a column of the current row, or nil for NULL: all of its bytes (`sqlite3_column_bytes`),
  /// a NUL inside it included.
  func text(_ column: Int32) -> String? {
    guard sqlite3_column_type(handle, column) != SQLITE_NULL, let bytes = sqlite3_column_text(handle, column)
    else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}
