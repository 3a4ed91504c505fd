import PayDrillLoop
import TerminalUI

/// Where a tape's playback stands, for `play` (`TapePlayer`) and `demo` (`TapePresenter`) alike: the tape's
/// steps as beats (one key, a pause, a check, a caption), the beat in progress, and the one implementation
/// of `Wait` and `Expect`. The players differ only in how time passes: `play` lets the checkout's clock jump
/// to each change, `demo` adds human pacing and captions on the terminal's turns.
struct TapeCursor {
  /// One thing to do: a key, a pause, a check to wait for, a caption; with the step it comes from.
  struct Beat: Equatable {
    enum Kind: Equatable {
      case key(KeyEvent, typed: Bool)
      case pause(Duration)
      /// A `Wait` (a screen pattern) or an `Expect`, and how long it may take.
      case check(TapeExpectation, timeout: Duration)
      case caption(String)
    }

    var kind: Kind
    var step: TapeStep
    /// Whether this is the step's last beat (a `Type` line is one beat a character).
    var endsStep: Bool
  }

  let beats: [Beat]
  /// The index of the beat in progress.
  private(set) var position = 0
  /// The check in progress, once looked at: what it checks, and the model's revision and the spinner's turns
  /// when it last did.
  private var watch: (check: TapeExpectation.Check, revision: Int, spinnerTurns: Int)?

  init(_ tape: Tape) {
    beats = tape.steps.flatMap { step -> [Beat] in
      let kinds: [Beat.Kind]
      switch step.command {
      case .type(let text): kinds = text.map { .key(.character($0), typed: true) }
      case .press(let key, let count): kinds = Array(repeating: .key(key, typed: false), count: count)
      case .sleep(let duration): kinds = [.pause(duration)]
      case .wait(let pattern, let timeout): kinds = [.check(.screen(pattern: pattern), timeout: timeout)]
      case .expect(let expectation, let timeout): kinds = [.check(expectation, timeout: timeout)]
      case .caption(let text): kinds = [.caption(text)]
      }
      return kinds.indices.map { Beat(kind: kinds[$0], step: step, endsStep: $0 == kinds.count - 1) }
    }
  }

  /// The beat in progress; nil at the end of the tape.
  var current: Beat? { position < beats.count ? beats[position] : nil }

  /// Goes on to the next beat.
  mutating func moveOn() {
    position += 1
    watch = nil
  }

  /// Whether the checkout meets the check in progress (true when the beat is no check). The screen and the
  /// events only change with the model: it is looked at again only after an action was applied, and when the
  /// spinner alone turned since, an expectation that cannot see it sees what it saw (the screen is drawn for
  /// a screen pattern only). A screen pattern that takes too long to match throws.
  mutating func isMet(on runtime: CheckoutRuntime) throws(TapeExpectation.PatternTooSlow) -> Bool {
    guard let beat = current, case .check(let expectation, let timeout) = beat.kind else { return true }
    let check = watch?.check ?? TapeExpectation.Check(expectation)
    if let watch {
      let applied = runtime.revision - watch.revision
      guard applied > 0, !(check.ignoresSpinner && applied == runtime.spinnerTurns - watch.spinnerTurns)
      else { return false }
    }
    watch = (check, runtime.revision, runtime.spinnerTurns)
    return try check.isMet(
      by: runtime.model, screen: { runtime.render().text },
      budget: TapeExpectation.matchBudget(waiting: timeout))
  }
}
