import Foundation
import TerminalUI

/// What `paydrill fuzz` prints: one summary line after a clean run; after a failure, the seed, the step, the
/// invariant, and the minimal steps as a tape. Keys become tape commands (through `TapeRecorder`); what a
/// tape cannot say (an effect answered, dropped or delivered twice, a resize, a gateway change, a spinner
/// tick, a key with no tape name) becomes a `# fuzz: …` comment in its place, so the tape reads as the exact
/// sequence, and `paydrill fuzz --seed N --actions STEP` (with the same `--scenario`) replays it exactly.
public enum FuzzReport {
  /// The line after a clean run.
  public static func summary(_ outcome: Fuzzer.Outcome, seed: UInt64, seconds: Double) -> String {
    let rate = seconds > 0 ? Int(Double(outcome.actions) / seconds) : outcome.actions
    return
      "paydrill fuzz: \(outcome.actions) actions, \(rate) steps/s (\(String(format: "%.1f", seconds)) s), seed \(seed); "
      + "\(outcome.checkouts) checkouts over \(outcome.scenarioNames.count) scenarios; "
      + "\(FuzzInvariant.allCases.count) invariants, \(outcome.checks) checks "
      + "(\(outcome.eventsChecked) events, \(outcome.renders) screens, \(outcome.processRequests) plugin and hook requests, \(outcome.files) hostile files): "
      + "none broken"
  }

  /// The report of a failure.
  public static func failure(_ failure: Fuzzer.Failure, seed: UInt64, scenarioOption: String?) -> String {
    let scenario = scenarioOption.map { " --scenario \($0)" } ?? ""
    return """
      paydrill fuzz: an invariant broke (seed \(seed), step \(failure.step))
        invariant: \(failure.violation.invariant.rawValue)
        what: \(failure.violation.message)
        scenario: \(failure.scenario.name), checkout \(failure.checkout) (its seed \(failure.checkoutSeed)), \
      step \(failure.steps.count) of it
        again: paydrill fuzz --seed \(seed) --actions \(failure.step)\(scenario)
        shrunk to \(failure.minimalSteps.count) of \(failure.steps.count) steps: \(failure.minimalViolation.message)
      \(tape(failure.minimalSteps, scenario: failure.scenario.name))
      """
  }

  /// Steps as a tape: the header, then keys as commands and the rest as comments.
  public static func tape(_ steps: [FuzzStep], scenario: String) -> String {
    var lines = [
      "\(Tape.headerPrefix) --scenario \(scenario) --size \(FuzzHarness.startSize.columns)x\(FuzzHarness.startSize.rows)"
    ]
    var recorder: TapeRecorder?
    func flush() {
      guard let keys = recorder else { return }
      lines += keys.tape(header: []).split(separator: "\n").dropFirst().map(String.init)
      recorder = nil
    }
    for step in steps {
      if case .key(let key) = step, Self.isRecordable(key) {
        if recorder == nil { recorder = TapeRecorder() }
        recorder?.record(key, on: nil)
      } else {
        flush()
        lines.append(step.tapeComment)
      }
    }
    flush()
    return lines.joined(separator: "\n")
  }

  /// Whether `TapeRecorder` writes the key (a named key, or a character that can be typed).
  private static func isRecordable(_ key: KeyEvent) -> Bool {
    if TapeRecorder.name(of: key) != nil { return true }
    guard case .character(let character) = key else { return false }
    return TapeRecorder.isTypable(character)
  }
}
