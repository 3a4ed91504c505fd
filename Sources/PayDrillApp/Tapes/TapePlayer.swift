import Foundation
import TerminalUI

/// Plays a tape against a runtime on its clock (virtual unless another process answers): keys are sent,
/// sleeps let the answers due meanwhile come, waits watch the rendered screen. No terminal is involved.
public struct TapePlayer {
  /// How a replay ended.
  public enum Outcome: Equatable, Sendable {
    case completed
    /// A `Wait` did not see its pattern in time: the step and the screen it last saw.
    case waitTimedOut(step: TapeStep, screen: String)
    /// The tape pressed Ctrl-C (or otherwise quit) before its end.
    case quit(step: TapeStep)
    /// An `Expect` did not hold in time: the step, what the checkout showed instead, and the screen.
    case expectationFailed(step: TapeStep, seen: String, screen: String)
    /// A screen pattern took longer than its budget (`TapeExpectation.matchBudget(waiting:)`) to match once:
    /// the step, that budget and the screen.
    case patternTooSlow(step: TapeStep, budget: Duration, screen: String)
  }

  public var runtime: CheckoutRuntime
  /// Called after every `Wait` that saw its pattern, with the step (`play --screens` saves a screenshot).
  public var afterWait: ((TapeStep) -> Void)?

  public init(runtime: CheckoutRuntime, afterWait: ((TapeStep) -> Void)? = nil) {
    self.runtime = runtime
    self.afterWait = afterWait
  }

  /// Plays every step.
  public func play(_ tape: Tape) -> Outcome {
    runtime.start()
    for step in tape.steps {
      switch step.command {
      case .type(let text):
        for character in text { runtime.press(.character(character)) }
      case .press(let key, let count):
        for _ in 0..<count { runtime.press(key) }
      case .sleep(let duration):
        runtime.advance(by: duration)
      case .wait(let pattern, let timeout):
        switch waitUntil(timeout: timeout, TapeExpectation.screen(pattern: pattern)) {
        case .met: afterWait?(step)
        case .timedOut: return .waitTimedOut(step: step, screen: Self.reportedScreen(runtime))
        case .tooSlow(let budget):
          return .patternTooSlow(step: step, budget: budget, screen: Self.reportedScreen(runtime))
        }
      case .expect(let expectation, let timeout):
        switch waitUntil(timeout: timeout, expectation) {
        case .met: afterWait?(step)
        case .timedOut:
          return .expectationFailed(
            step: step, seen: expectation.seen(in: runtime.model), screen: Self.reportedScreen(runtime))
        case .tooSlow(let budget):
          return .patternTooSlow(step: step, budget: budget, screen: Self.reportedScreen(runtime))
        }
      case .caption:
        break
      }
      if runtime.hasQuit { return .quit(step: step) }
    }
    runtime.settle()
    return .completed
  }

  /// How a `Wait` or an `Expect` ended.
  private enum Waited {
    case met, timedOut
    /// A match of the pattern ran past this budget.
    case tooSlow(Duration)
  }

  /// Lets time pass on the checkout's clock until the checkout meets the expectation, or the timeout. On a
  /// virtual clock that takes no real time: the clock jumps from one answer, timer or spinner turn to the
  /// next, and the expectation is checked after each that changed what it reads (the screen is drawn for a
  /// screen pattern only); a screen pattern that takes too long to match ends the wait.
  private func waitUntil(timeout: Duration, _ expectation: TapeExpectation) -> Waited {
    let check = TapeExpectation.Check(expectation)
    let budget = TapeExpectation.matchBudget(waiting: timeout)
    var checked: (revision: Int, spinnerTurns: Int)?
    var tooSlow: TapeExpectation.PatternTooSlow?
    let met = runtime.advance(until: runtime.clock.elapsed + timeout) {
      let now = (revision: runtime.revision, spinnerTurns: runtime.spinnerTurns)
      if let checked {
        // The screen and the events only change with the model: check again only then. When the spinner
        // alone turned since, an expectation that cannot see it sees what it saw: not met.
        let applied = now.revision - checked.revision
        guard applied > 0, !(check.ignoresSpinner && applied == now.spinnerTurns - checked.spinnerTurns)
        else {
          return false
        }
      }
      checked = now
      do throws(TapeExpectation.PatternTooSlow) {
        return try check.isMet(by: runtime.model, screen: { runtime.render().text }, budget: budget)
      } catch {
        tooSlow = error
        return true
      }
    }
    if let tooSlow { return .tooSlow(tooSlow.budget) }
    return met ? .met : .timedOut
  }

  /// The screen as a report, `--screen` or a JUnit file shows it: a card number being typed keeps only its last
  /// four digits, as in a screenshot bundle (these files go to CI logs and artefacts).
  static func reportedScreen(_ runtime: CheckoutRuntime) -> String {
    SecretRedaction.masking(runtime.render()).text
  }
}
