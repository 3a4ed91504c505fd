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
        guard waitUntil(timeout: timeout, TapeExpectation.screen(pattern: pattern)) else {
          return .waitTimedOut(step: step, screen: Self.reportedScreen(runtime))
        }
        afterWait?(step)
      case .expect(let expectation, let timeout):
        guard waitUntil(timeout: timeout, expectation) else {
          return .expectationFailed(
            step: step, seen: expectation.seen(in: runtime.model), screen: Self.reportedScreen(runtime))
        }
        afterWait?(step)
      case .caption:
        break
      }
      if runtime.hasQuit { return .quit(step: step) }
    }
    runtime.settle()
    return .completed
  }

  /// Lets time pass on the checkout's clock until the checkout meets the expectation (true), or the timeout
  /// (false). On a virtual clock that takes no real time.
  private func waitUntil(timeout: Duration, _ expectation: TapeExpectation) -> Bool {
    var checkedRevision = -1
    return runtime.advance(until: runtime.clock.elapsed + timeout) {
      // The screen and the events only change with the model: check again only then.
      guard runtime.revision != checkedRevision else { return false }
      checkedRevision = runtime.revision
      return expectation.isMet(by: runtime.model, screen: runtime.render().text)
    }
  }

  /// The screen as a report, `--screen` or a JUnit file shows it: a card number being typed keeps only its last
  /// four digits, as in a screenshot bundle (these files go to CI logs and artefacts).
  static func reportedScreen(_ runtime: CheckoutRuntime) -> String {
    SecretRedaction.masking(runtime.render()).text
  }
}
