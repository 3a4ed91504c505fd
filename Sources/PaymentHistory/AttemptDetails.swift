import CheckoutEngine
import Foundation
import PayDrillFiles

/// One attempt in full, as `paydrill history show ID` prints it and the history panel's entry (Enter) shows
/// it: every field a line, named as in `history --json`, then its events.
package struct AttemptDetails {
  var timeZone: TimeZone

  package init(timeZone: TimeZone = .current) {
    self.timeZone = timeZone
  }

  /// The column the fields' names take, in `history show` and the history panel's entry alike.
  package static let nameWidth = 23

  /// The attempt's fields in order, each value made safe to print; "-" where the ledger has nothing.
  package func fields(_ attempt: PaymentAttempt) -> [(name: String, value: String)] {
    let table = HistoryTable(timeZone: timeZone)
    let amount = attempt.amount
    let fields: [(String, String?)] = [
      ("scenario", attempt.scenario), ("method", attempt.method.rawValue), ("card", attempt.card),
      (
        "amount",
        "\(MoneyFormatter().string(for: amount)) (\(amount.minorUnits) minor units of \(amount.currency.code))"
      ),
      ("outcome", attempt.outcome.rawValue), ("errorCode", attempt.errorCode),
      ("errorMessage", attempt.errorMessage), ("systemTransactionId", attempt.systemTransactionId),
      ("merchantTransactionId", attempt.merchantTransactionId), ("sessionId", attempt.sessionId),
      ("resultCode", attempt.resultCode),
      ("seed", attempt.seed.map { "\($0) (repeat the run with --seed \($0))" }),
      ("started", table.time(attempt.startedAt)), ("ended", table.time(attempt.endedAt)),
    ]
    // A replay says what replayed it: its times are its tape's, not when it ran.
    let replay =
      attempt.replayOf.map { [("replayOf", "\($0) (paydrill play: the times are the tape's)")] } ?? []
    return (fields + replay).map { ($0.0, PrintableText.visible($0.1 ?? "-")) }
  }

  /// The fields as lines: the name in a column of its own, then the value.
  package func fieldLines(_ attempt: PaymentAttempt) -> [String] {
    fields(attempt).map { $0.name.padding(toLength: Self.nameWidth, withPad: " ", startingAt: 0) + $0.value }
  }

  /// What `history show ID` prints: "Attempt ID", the fields indented, then the events as JSON Lines.
  package func text(_ attempt: PaymentAttempt) -> String {
    var text = "Attempt \(attempt.id.map(String.init) ?? "-")\n"
    text += fieldLines(attempt).map { "  \($0)\n" }.joined()
    text += "Events (\(attempt.eventLines.count), JSON Lines):\n"
    // Event lines are JSON, whose control characters are escaped; a line from an older ledger may not be.
    text += attempt.eventLines.map { PrintableText.visible($0) + "\n" }.joined()
    return text
  }
}
