import CheckoutEngine
import Foundation
import PayDrillFiles
import TerminalUI

/// Attempts as an aligned table, as `paydrill history` prints it and the history panel draws it: one header
/// line, then one line per attempt; amounts right-aligned, widths measured in terminal columns.
package struct HistoryTable {
  package enum Column: CaseIterable {
    case id, time, scenario, method, card, amount, outcome, code

    var title: String {
      switch self {
      case .id: return "ID"
      case .time: return "TIME"
      case .scenario: return "SCENARIO"
      case .method: return "METHOD"
      case .card: return "CARD"
      case .amount: return "AMOUNT"
      case .outcome: return "OUTCOME"
      case .code: return "CODE"
      }
    }
  }

  var columns: [Column] = Column.allCases
  var timeZone: TimeZone = .current

  package init(columns: [Column] = Column.allCases, timeZone: TimeZone = .current) {
    self.columns = columns
    self.timeZone = timeZone
  }

  /// The time as the table shows it, in the table's time zone: `2026-11-29 18:42:46`.
  package func time(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter.string(from: date)
  }

  /// A cell's text, with what came from files and plugins made safe to print (`PrintableText`).
  func cell(_ column: Column, of attempt: PaymentAttempt) -> String {
    PrintableText.visible(rawCell(column, of: attempt))
  }

  private func rawCell(_ column: Column, of attempt: PaymentAttempt) -> String {
    switch column {
    case .id: return attempt.id.map(String.init) ?? "-"
    // A replay ran on its tape's clock: its time is the recording's, so it says so.
    case .time: return time(attempt.startedAt) + (attempt.replayOf == nil ? "" : " (replay)")
    case .scenario: return attempt.scenario
    case .method: return attempt.method.rawValue
    case .card: return attempt.card ?? "-"
    case .amount: return MoneyFormatter().string(for: attempt.amount)
    case .outcome: return attempt.outcome.rawValue
    case .code: return attempt.errorCode ?? attempt.resultCode ?? "-"
    }
  }

  /// The header and one line per attempt, columns two spaces apart, trailing spaces trimmed.
  package func lines(_ attempts: [PaymentAttempt]) -> [String] {
    let rows = [columns.map(\.title)] + attempts.map { attempt in columns.map { cell($0, of: attempt) } }
    let widths = columns.indices.map { index in rows.map { DisplayWidth.of($0[index]) }.max() ?? 0 }
    return rows.map { row in
      var line = ""
      for (index, text) in row.enumerated() {
        let padding = String(repeating: " ", count: widths[index] - DisplayWidth.of(text))
        let rightAligned = columns[index] == .amount || columns[index] == .id
        line += (index == 0 ? "" : "  ") + (rightAligned ? padding + text : text + padding)
      }
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
  }
}
