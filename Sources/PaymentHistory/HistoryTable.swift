import CheckoutEngine
import Foundation
import PayDrillFiles
import TerminalUI

/// Attempts as an aligned table, as `paydrill history` prints it and the history panel draws it: one header
/// line, then one line per attempt; amounts right-aligned, widths measured in terminal columns.
package struct HistoryTable {
  package enum Column: String, CaseIterable {
    case id = "ID", time = "TIME", scenario = "SCENARIO", method = "METHOD", card = "CARD", amount = "AMOUNT",
      outcome = "OUTCOME", code = "CODE"

    var title: String { rawValue }
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

  /// The columns the table gives up first when a line is wider than its width, lowest priority first: the
  /// outcome and the amount are never given up.
  static let dropOrder: [Column] = [.scenario, .method, .time, .code, .card, .id]
  /// The card label is shortened (with an ellipsis) to no fewer columns than this before a column is
  /// dropped: "Visa ••••4242" and the ellipsis, the last four whole.
  static let shortestCard = 14

  /// The header and one line per attempt, columns two spaces apart, trailing spaces trimmed. Within `width`
  /// terminal columns when one is given: the card label is shortened with an ellipsis, then columns of the
  /// lowest priority are dropped (`dropOrder`), so that the outcome and the amount are always on the line.
  package func lines(_ attempts: [PaymentAttempt], width: Int? = nil) -> [String] {
    let all = [columns.map(\.title)] + attempts.map { attempt in columns.map { cell($0, of: attempt) } }
    let natural = columns.indices.map { index in all.map { DisplayWidth.of($0[index]) }.max() ?? 0 }
    var kept = Array(columns.indices)
    var widths = natural
    if let width {
      for dropping in [nil] + Self.dropOrder.map(Optional.some) {
        if let dropping { kept.removeAll { columns[$0] == dropping } }
        widths = natural
        let overflow = kept.map { natural[$0] }.reduce(0, +) + 2 * max(0, kept.count - 1) - width
        guard overflow > 0 else { break }
        if let card = kept.first(where: { columns[$0] == .card }),
          natural[card] - overflow >= Self.shortestCard
        {
          widths[card] = natural[card] - overflow
          break
        }
      }
    }
    return all.map { row in
      var line = ""
      for (place, index) in kept.enumerated() {
        let text = Self.fitted(row[index], width: widths[index])
        let padding = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(text)))
        let rightAligned = columns[index] == .amount || columns[index] == .id
        line += (place == 0 ? "" : "  ") + (rightAligned ? padding + text : text + padding)
      }
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// The text whole when it fits in `width` columns, else its start and "…".
  static func fitted(_ text: String, width: Int) -> String {
    DisplayWidth.of(text) <= width
      ? text
      : String(WrappedText.prefix(text, width: width - 1).reversed().drop { $0 == " " }.reversed()) + "…"
  }
}
