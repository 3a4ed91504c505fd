import Foundation
import TerminalUI

/// Plays a tape against a runtime in real time: keys are sent, sleeps let the gateway answer, waits poll the
/// rendered screen. No terminal is involved.
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
        for character in text { press(.character(character)) }
      case .press(let key, let count):
        for _ in 0..<count { press(key) }
      case .sleep(let duration):
        pass(duration)
      case .wait(let pattern, let timeout):
        guard waitUntil(timeout: timeout, TapeExpectation.screen(pattern: pattern)) else {
          return .waitTimedOut(step: step, screen: runtime.render().text)
        }
        afterWait?(step)
      case .expect(let expectation, let timeout):
        guard waitUntil(timeout: timeout, expectation) else {
          return .expectationFailed(
            step: step, seen: expectation.seen(in: runtime.model), screen: runtime.render().text)
        }
        afterWait?(step)
      case .caption:
        break
      }
      if runtime.model.shouldQuit { return .quit(step: step) }
    }
    runtime.drainInbox()
    return .completed
  }

  private func press(_ key: KeyEvent) {
    runtime.drainInbox()
    runtime.send(.key(key))
    runtime.drainInbox()
  }

  private func pass(_ duration: Duration) {
    let deadline = ContinuousClock.now + duration
    var lastTick = ContinuousClock.now
    while ContinuousClock.now < deadline {
      step(&lastTick)
      Thread.sleep(forTimeInterval: 0.005)
    }
    runtime.drainInbox()
  }

  /// Lets time pass until the checkout meets the expectation (true), or the timeout (false).
  private func waitUntil(timeout: Duration, _ expectation: TapeExpectation) -> Bool {
    let deadline = ContinuousClock.now + timeout
    var lastTick = ContinuousClock.now
    var checkedRevision = -1
    while true {
      step(&lastTick)
      // The screen and the events only change with the model: check again only then.
      if runtime.revision != checkedRevision {
        checkedRevision = runtime.revision
        if expectation.isMet(by: runtime.model, screen: runtime.render().text) { return true }
      }
      if ContinuousClock.now >= deadline { return false }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }

  /// Applies what effects answered and turns the spinner about ten times a second.
  private func step(_ lastTick: inout ContinuousClock.Instant) {
    runtime.drainInbox()
    if ContinuousClock.now - lastTick >= .milliseconds(100) {
      runtime.send(.tick)
      lastTick = ContinuousClock.now
    }
  }
}
