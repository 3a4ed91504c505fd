import CheckoutEngine
import Foundation
import PayDrillFiles
import PaymentHistory
import TerminalUI

/// One attempt of the history opened whole (Enter in the history panel): read from the ledger with its
/// events, then shown as `paydrill history show ID` prints it, its events as the event inspector shows them.
struct HistoryEntry: Equatable, Sendable {
  /// The attempt's row in the ledger.
  var id: Int64
  /// The ledger read, while it is awaited.
  var request: RequestID?
  /// The attempt with its events, once read.
  var attempt: PaymentAttempt?
  /// Why it could not be read.
  var problem: String?
  /// The first line shown.
  var scroll = 0

  /// The entry, filled with what the ledger read gave.
  mutating func fill(with reading: AttemptReading) {
    request = nil
    switch reading {
    case .found(let attempt): self.attempt = attempt
    case .unavailable(let problem): self.problem = problem
    }
  }

  /// What `y` copies: the attempt as `paydrill history show ID` prints it.
  func copiedText(timeZone: TimeZone) -> String? {
    attempt.map { AttemptDetails(timeZone: timeZone).text($0) }
  }

  /// Its title: the attempt's id, method and outcome.
  var title: String {
    guard let attempt else { return "Attempt \(id)" }
    return "Attempt \(id) · \(attempt.method.rawValue) · \(attempt.outcome.rawValue)"
  }

  /// The entry as lines `width` wide: its fields as `paydrill history show ID` prints them (a long value
  /// carried on indented lines), then each event as the event inspector shows it.
  func lines(width: Int, timeZone: TimeZone) -> [(text: String, role: StyleRole)] {
    if let problem { return [(problem, .error)] }
    guard let attempt else { return [("Reading the ledger…", .muted)] }
    let details = AttemptDetails(timeZone: timeZone)
    let nameWidth = AttemptDetails.nameWidth
    var lines: [(text: String, role: StyleRole)] = []
    for field in details.fields(attempt) {
      let pieces = WrappedText.lines(field.value, width: max(8, width - nameWidth))
      for (offset, piece) in pieces.enumerated() {
        let name = offset == 0 ? field.name : ""
        lines.append((name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + piece, .normal))
      }
    }
    lines.append(("", .normal))
    lines.append(("Events (\(attempt.eventLines.count))", .title))
    for line in attempt.eventLines {
      if let event = CallbackEvent(jsonLine: line) {
        lines += EventInspector.lines(of: event, width: width)
      } else {
        lines.append((PrintableText.visible(line), .normal))
      }
    }
    return lines
  }

  /// Scrolls the open entry as `key` does wherever a text is read by scrolling (`ScrollKeys`).
  static func scroll(_ key: KeyEvent, in model: inout AppModel) {
    guard let entry = model.history?.entry else { return }
    var scroll = entry.scroll
    let timeZone = model.timeZone
    if ScrollKeys.scroll(
      key, &scroll, in: model.size, lineCount: { entry.lines(width: $0, timeZone: timeZone).count })
    {
      model.history?.entry?.scroll = scroll
    }
  }
}
