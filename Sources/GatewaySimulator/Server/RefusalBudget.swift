import Foundation
import Synchronization

/// How many refusals `paydrill serve` logs (and reports to the checkout of `paydrill --serve`, whose events
/// file records them) a minute: anyone who reaches the port can be refused without signing anything, so
/// without a bound the log and the events file would grow as fast as a client can send. Answers that are
/// not refusals are all logged (they take a signature). Past the budget a refusal is answered as ever but
/// not logged, and the next minute begins with one line saying how many were not.
public final class RefusalBudget: Sendable {
  /// Refusals logged a minute.
  public let perMinute: Int
  private let state = Mutex(Window())

  private struct Window {
    var start = Date.distantPast
    var logged = 0
    var unlogged = 0
  }

  public init(perMinute: Int = 100) {
    self.perMinute = perMinute
  }

  /// What to log of an exchange answered at `now`: the line that says how many refusals the minute before
  /// did not log, when a new minute begins after some were not, then the exchange itself unless it is a
  /// refusal past the budget.
  public func log(_ exchange: ServedExchange, at now: Date) -> [ServedExchange] {
    state.withLock { window in
      var lines: [ServedExchange] = []
      if now.timeIntervalSince(window.start) >= 60 {
        lines += summary(of: window)
        window = Window(start: now)
      }
      if exchange.status == 200 {
        lines.append(exchange)
      } else if window.logged < perMinute {
        window.logged += 1
        lines.append(exchange)
      } else {
        window.unlogged += 1
      }
      return lines
    }
  }

  /// The line for the refusals not logged so far (when the server stops), or none.
  public func finish() -> [ServedExchange] {
    state.withLock { window in
      defer { window.unlogged = 0 }
      return summary(of: window)
    }
  }

  private func summary(of window: Window) -> [ServedExchange] {
    guard window.unlogged > 0 else { return [] }
    return [
      ServedExchange(
        method: "-", path: "-", status: 429, field: "log",
        message:
          "\(window.unlogged) more refusals in a minute were answered but not logged (the log keeps "
          + "\(perMinute) a minute)")
    ]
  }
}
