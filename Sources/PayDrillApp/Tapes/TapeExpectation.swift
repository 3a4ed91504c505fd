import CheckoutEngine
import Foundation

/// What an `Expect` line checks: that a callback fired (with some of its payload), that the screen shows
/// something, or the total the shopper pays.
public enum TapeExpectation: Equatable, Sendable {
  /// `Expect event onError code=CARD_DECLINED`: an event of that name whose payload has these values
  /// (`code` stands for `errorCode`).
  case event(name: String, details: [String: String])
  /// `Expect screen /regex/`.
  case screen(pattern: String)
  /// `Expect total "$42.38"`: the amount to pay, as the checkout formats it.
  case total(String)

  /// The line as a tape writes it, for reports.
  public var text: String {
    switch self {
    case .event(let name, let details):
      return (["Expect event \(name)"] + details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        .joined(separator: " ")
    case .screen(let pattern): return "Expect screen /\(pattern)/"
    case .total(let amount): return "Expect total \"\(amount)\""
    }
  }

  /// A screen pattern that did not finish matching within `matchBudget` (it backtracks without end, as
  /// `(.*.*)*=x` does): the tape fails on it rather than run past its time limit.
  struct PatternTooSlow: Error, Equatable {
    var pattern: String
  }

  /// The longest one match of a screen pattern may take, in real time.
  static let matchBudget = Duration.seconds(1)

  /// Whether the checkout meets the expectation now; `screen` is the rendered text.
  func isMet(by model: AppModel, screen: String) throws(PatternTooSlow) -> Bool {
    switch self {
    case .event(let name, let details):
      return model.checkout.events.contains { event in
        event.name.rawValue == name
          && details.allSatisfy { key, value in
            (event[key] ?? (key == "code" ? event["errorCode"] : nil))?.description == value
          }
      }
    case .screen(let pattern):
      guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
      // The matcher reports its progress while it works: past the budget, it is stopped.
      let deadline = ContinuousClock.now + Self.matchBudget
      var found = false
      var stopped = false
      regex.enumerateMatches(
        in: screen, options: [.reportProgress], range: NSRange(screen.startIndex..., in: screen)
      ) { match, _, stop in
        if match != nil {
          found = true
          stop.pointee = true
        } else if ContinuousClock.now > deadline {
          stopped = true
          stop.pointee = true
        }
      }
      if stopped && !found { throw PatternTooSlow(pattern: pattern) }
      return found
    case .total(let amount):
      return seenTotal(in: model) == amount
    }
  }

  /// The total the checkout shows now.
  func seenTotal(in model: AppModel) -> String {
    MoneyFormatter(locale: model.checkout.scenario.locale).string(for: model.checkout.paidAmount)
  }

  /// What the checkout shows instead, for the report.
  func seen(in model: AppModel) -> String {
    switch self {
    case .event(let name, _):
      let same = model.checkout.events.filter { $0.name.rawValue == name }
      guard let last = same.last else { return "no \(name) event" }
      return "\(same.count) \(name) event(s); the last: \(last.jsonLine())"
    case .screen: return "the screen below"
    case .total: return "total \"\(seenTotal(in: model))\""
    }
  }
}
