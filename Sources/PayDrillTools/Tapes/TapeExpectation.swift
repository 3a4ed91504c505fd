import CheckoutEngine
import Foundation
import PayDrillApp

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
    /// The time one match was given: what the failure report says.
    var budget: Duration
  }

  /// The longest one match of a screen pattern may take, in real time.
  static let matchBudget = Duration.seconds(1)

  /// The least one match is given, whatever the step's timeout: the budget is real time and a step's timeout
  /// is the checkout's (virtual, in `play`), so a `Wait@0` or a machine under load must not fail a pattern
  /// that matches in a few milliseconds.
  static let leastMatchBudget = Duration.milliseconds(100)

  /// The longest one match may take in a step that waits `timeout`: the budget, or the step's own time limit
  /// when that is shorter (a `Wait@200ms` ends within about 200 ms whatever its pattern), but never under
  /// `leastMatchBudget`.
  static func matchBudget(waiting timeout: Duration) -> Duration {
    min(matchBudget, max(leastMatchBudget, timeout))
  }

  /// "1 s", "200 ms": a budget as the failure report says it.
  static func spoken(_ budget: Duration) -> String {
    let milliseconds = Int((budget / .milliseconds(1)).rounded(.up))
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
  }

  /// Whether the checkout meets the expectation now; `screen` is the rendered text, drawn only for a screen
  /// pattern.
  func isMet(by model: AppModel, screen: () -> String, budget: Duration = matchBudget) throws(PatternTooSlow)
    -> Bool
  {
    try Check(self).isMet(by: model, screen: screen, budget: budget)
  }

  /// An expectation ready to be checked again and again while its step waits: a screen pattern is compiled
  /// once, and the screen drawn only when the expectation reads it.
  struct Check {
    let expectation: TapeExpectation
    private let pattern: ScreenPattern?
    /// Whether the spinner's turns cannot change the answer: a turn moves the spinner's frame and nothing
    /// else, and the spinner's glyphs, each as wide and as long as the others, are drawn where nothing else
    /// is; so events, totals and a literal pattern that holds none of the glyphs see the same before and
    /// after one. A regular expression may tell the glyphs apart: it is checked after every turn.
    let ignoresSpinner: Bool

    init(_ expectation: TapeExpectation) {
      self.expectation = expectation
      if case .screen(let text) = expectation {
        let pattern = ScreenPattern(text)
        self.pattern = pattern
        ignoresSpinner =
          pattern.isLiteral && !text.unicodeScalars.contains(where: Self.spinnerGlyphs.contains)
      } else {
        pattern = nil
        ignoresSpinner = true
      }
    }

    /// Every scalar of the spinner's frames.
    private static let spinnerGlyphs = Set(ProcessingView.frames.flatMap(\.unicodeScalars))

    /// Whether the checkout meets the expectation now; one match of a screen pattern may take `budget` of
    /// real time.
    func isMet(by model: AppModel, screen: () -> String, budget: Duration = TapeExpectation.matchBudget)
      throws(PatternTooSlow) -> Bool
    {
      switch expectation {
      case .event(let name, let details):
        return model.checkout.events.contains { event in
          event.name.rawValue == name
            && details.allSatisfy { key, value in
              (event[key] ?? (key == "code" ? event["errorCode"] : nil))?.description == value
            }
        }
      case .screen:
        return try pattern?.matches(screen(), budget: budget) ?? false
      case .total(let amount):
        return expectation.seenTotal(in: model) == amount
      }
    }
  }

  /// The total the checkout shows now.
  func seenTotal(in model: AppModel) -> String {
    Self.total(in: model)
  }

  /// The total a checkout shows, as `Expect total` writes it.
  static func total(in model: AppModel) -> String {
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
