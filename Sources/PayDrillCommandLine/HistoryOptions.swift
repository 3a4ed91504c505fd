import Foundation
import PaymentHistory

/// What `paydrill history …` asked for.
public struct HistoryOptions: Equatable, Sendable {
  public var filter = AttemptFilter()
  /// JSON Lines instead of the table.
  public var json = false
  /// `history show ID`: one attempt in full.
  public var showID: Int64?
  public var ledger: LedgerChoice = .standard

  /// A local day written YYYY-MM-DD, as the moment it starts (`--since`, `--until`; their options are in
  /// `CommandTable`).
  static func day(for option: String, from text: String) throws -> Date {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .current
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.isLenient = false
    guard let date = formatter.date(from: text), formatter.string(from: date) == text else {
      throw CommandLineOptions.UsageError(message: "\(option) takes a day as YYYY-MM-DD, not \"\(text)\"")
    }
    return Calendar.current.startOfDay(for: date)
  }
}
