import CheckoutEngine
import Foundation

/// One tape played: how it ended, how long it took, and what the checkout did, for the reports.
public struct TapeRun: Sendable {
  public var tape: Tape
  public var outcome: TapePlayer.Outcome
  public var duration: Duration
  public var events: [CallbackEvent]

  public init(tape: Tape, outcome: TapePlayer.Outcome, duration: Duration, events: [CallbackEvent]) {
    self.tape = tape
    self.outcome = outcome
    self.duration = duration
    self.events = events
  }

  /// Whether the tape ran through (or quit on purpose) with every `Wait` and `Expect` met, and no payment
  /// was refused because the ledger could not record it (a backend's session on a full disk): that is the
  /// machine failing, never what a tape tests.
  public var passed: Bool {
    switch outcome {
    case .completed, .quit: return ledgerRefusal == nil
    case .waitTimedOut, .expectationFailed, .patternTooSlow: return false
    }
  }

  /// The message of a payment the gateway refused with `LEDGER_WRITE_FAILED`, if one was.
  public var ledgerRefusal: String? {
    for event in events where event.details.contains(where: { $0.value == .string("LEDGER_WRITE_FAILED") }) {
      return event.details.first { $0.key == "errorMessage" }?.value.description ?? "LEDGER_WRITE_FAILED"
    }
    return nil
  }

  /// How many of the last events a failure report shows.
  static let reportedEvents = 5

  /// The failure as a reader needs it: where, what was expected, what was seen, the screen and the last
  /// events. Nil when the tape passed.
  public var failureReport: String? {
    let screen: String
    var lines: [String]
    switch outcome {
    case .completed, .quit:
      return ledgerRefusal.map { "\(tape.file): a payment was refused (LEDGER_WRITE_FAILED): \($0)" }
    case .waitTimedOut(let step, let lastScreen):
      guard case .wait(let pattern, let timeout) = step.command else { return nil }
      lines = ["\(tape.file):\(step.line): Wait /\(pattern)/ timed out after \(timeout); the screen was:"]
      screen = lastScreen
    case .patternTooSlow(let step, let budget, let lastScreen):
      lines = [
        "\(tape.file):\(step.line): the step stopped: its pattern took more than "
          + "\(TapeExpectation.spoken(budget)) to match the screen once (it backtracks without end, as "
          + "(.*.*)* does); simplify it. The screen was:"
      ]
      screen = lastScreen
    case .expectationFailed(let step, let seen, let lastScreen):
      guard case .expect(let expectation, let timeout) = step.command else { return nil }
      lines = [
        "\(tape.file):\(step.line): \(expectation.text) did not hold within \(timeout)",
        "  expected: \(expectation.text)",
        "  seen:     \(seen)",
        "the screen:",
      ]
      screen = lastScreen
    }
    lines.append(screen)
    lines.append("the last events:")
    let last = events.suffix(Self.reportedEvents)
    lines += last.isEmpty ? ["  (none)"] : last.map { "  " + $0.jsonLine() }
    // The report goes to CI logs and JUnit files: no card number below its first line (the file and step),
    // whatever the tape typed or matched; the screen is masked already.
    return ([lines[0]] + lines.dropFirst().map(CardNumberMask.masked)).joined(separator: "\n")
  }

  /// The one line `play` prints for each tape: ✔ or ✘, the tape (and the failing line), and its time.
  public var summary: String {
    let seconds = Self.seconds(duration)
    switch outcome {
    case .completed, .quit:
      guard passed else { return "✘ \(tape.file) (\(seconds))" }
      return "✔ \(tape.file) (\(tape.steps.count) steps, \(seconds))"
    case .waitTimedOut(let step, _), .expectationFailed(let step, _, _), .patternTooSlow(let step, _, _):
      return "✘ \(tape.file):\(step.line) (\(seconds))"
    }
  }

  /// The line `play` ends with: how many tapes passed and failed, of how many, in how long.
  public static func total(_ runs: [TapeRun], duration: Duration) -> String {
    let failed = runs.filter { !$0.passed }.count
    let tapes = runs.count == 1 ? "1 tape" : "\(runs.count) tapes"
    return "\(runs.count - failed) passed, \(failed) failed (\(tapes), \(seconds(duration)))"
  }

  private static func seconds(_ duration: Duration) -> String {
    String(format: "%.2f s", duration.inSeconds)
  }
}
