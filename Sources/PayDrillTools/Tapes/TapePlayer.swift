import Foundation
import PayDrillApp
import PayDrillLoop
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
    var cursor = TapeCursor(tape)
    while let beat = cursor.current {
      switch beat.kind {
      case .key(let key, _):
        runtime.press(key)
      case .pause(let duration):
        runtime.advance(by: duration)
      case .check(let expectation, let timeout):
        switch waitUntil(timeout: timeout, &cursor) {
        case .met: afterWait?(beat.step)
        case .timedOut:
          guard case .expect = beat.step.command else {
            return .waitTimedOut(step: beat.step, screen: Self.reportedScreen(runtime))
          }
          return .expectationFailed(
            step: beat.step, seen: expectation.seen(in: runtime.model), screen: Self.reportedScreen(runtime))
        case .tooSlow(let budget):
          return .patternTooSlow(step: beat.step, budget: budget, screen: Self.reportedScreen(runtime))
        }
      case .caption:
        break
      }
      if beat.endsStep, runtime.hasQuit { return .quit(step: beat.step) }
      cursor.moveOn()
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

  /// Lets time pass on the checkout's clock until the checkout meets the cursor's check, or the timeout. On a
  /// virtual clock that takes no real time: the clock jumps from one answer, timer or spinner turn to the
  /// next, and the cursor looks again after each that changed what it reads.
  private func waitUntil(timeout: Duration, _ cursor: inout TapeCursor) -> Waited {
    var tooSlow: TapeExpectation.PatternTooSlow?
    let met = runtime.advance(until: runtime.clock.elapsed + timeout) {
      do throws(TapeExpectation.PatternTooSlow) {
        return try cursor.isMet(on: runtime)
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
  package static func reportedScreen(_ runtime: CheckoutRuntime) -> String {
    SecretRedaction.masking(runtime.render()).text
  }
}
