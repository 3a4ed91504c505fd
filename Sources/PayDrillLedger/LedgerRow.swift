import CheckoutEngine
import PayDrillFiles

/// A row read from the ledger, checked before it is trusted: the file may have been edited or damaged, and
/// what it says is paid with (a served session's amount) or shown. Each check that fails throws a
/// `LedgerError` naming the ledger, the row and the column, so a tampered value is never used.
struct LedgerRow {
  let statement: SQLiteStatement
  /// How the messages name the row: "attempt 7", "session 4f1c…".
  let name: String
  let location: String

  func integer(_ column: Int32) -> Int64 { statement.integer(column) }
  func text(_ column: Int32) -> String? { statement.text(column) }
  func isNull(_ column: Int32) -> Bool { statement.isNull(column) }

  /// The column's text made into a value by `decode`; a NULL or a text it refuses is a damaged row.
  func decoded<Value>(_ column: Int32, _ label: String, _ decode: (String) -> Value?) throws -> Value {
    let stored = text(column)
    guard let stored, let value = decode(stored) else {
      throw refused(label, stored.map { "\"\(PrintableText.visible($0))\"" } ?? "NULL")
    }
    return value
  }

  /// An amount in minor units and its currency code, as PayDrill accepts one anywhere: from 0 to
  /// `AmountParser.maximumMinorUnits`, in a currency it knows (a code written in capitals).
  func amount(_ minorUnits: Int32, currency: Int32) throws -> Money {
    let code = try decoded(currency, "currency") { text in
      Currency(code: text).flatMap { $0.code == text ? $0 : nil }
    }
    let value = statement.integer(minorUnits)
    guard statement.isInteger(minorUnits), (0...AmountParser.maximumMinorUnits).contains(value) else {
      throw refused(
        "amount_minor",
        "\(text(minorUnits) ?? "NULL") (an amount is 0 to \(AmountParser.maximumMinorUnits) minor units)")
    }
    return Money(minorUnits: value, currency: code)
  }

  private func refused(_ column: String, _ value: String) -> LedgerError {
    LedgerError(
      location: location, problem: "\(name) cannot be trusted: its \(column) is \(value)", cause: .damaged)
  }
}
