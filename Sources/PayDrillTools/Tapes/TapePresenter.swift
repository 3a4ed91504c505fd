import Foundation
import PayDrillApp
import PayDrillLoop
import TerminalUI

/// `paydrill demo`: plays a tape in the real terminal at human pace, one key at a time, with the tape's
/// captions. The presenter's keys drive the playback: Space pauses and resumes, → steps (or skips the wait
/// in progress), q stops. The interactive session calls `advance` on every turn of its loop. The tape's beats
/// and its `Wait`/`Expect` come from the `TapeCursor` that `play` uses too: the presenter adds the pace.
public final class TapePresenter {
  /// How fast the tape plays.
  public struct Pace: Equatable, Sendable {
    /// The time between two typed characters.
    public var typing: Duration
    /// The time before a key such as Enter or Tab.
    public var key: Duration
    /// `Sleep` lines last this many times as long.
    public var pauseScale: Double

    public init(
      typing: Duration = .milliseconds(70), key: Duration = .milliseconds(450), pauseScale: Double = 1
    ) {
      self.typing = typing
      self.key = key
      self.pauseScale = pauseScale
    }
  }

  private let runtime: CheckoutRuntime
  private let pace: Pace
  /// The tape's beats and the one `Wait`/`Expect` implementation, shared with `play`.
  private var cursor: TapeCursor
  /// When the beat in progress is due (a key, a pause) or gives up (a check), on the runtime's clock.
  private var deadline: Duration?
  private var stepRequested = false

  public init(tape: Tape, runtime: CheckoutRuntime, pace: Pace = Pace()) {
    self.runtime = runtime
    self.pace = pace
    cursor = TapeCursor(tape)
    runtime.send(.presentation(Presentation()))
  }

  /// The beats the tape plays.
  var beats: [TapeCursor.Beat] { cursor.beats }

  private var presentation: Presentation { runtime.model.presentation ?? Presentation() }

  private func update(_ change: (inout Presentation) -> Void) {
    var presentation = presentation
    change(&presentation)
    guard presentation != runtime.model.presentation else { return }
    runtime.send(.presentation(presentation))
  }

  /// A key of the presenter. Returns false when it stops the demo.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .character(" "): update { $0.isPaused.toggle() }
    case .right: stepRequested = true
    case .character("q"), .interrupt, .escape: return false
    case .resize: runtime.press(key)
    default: break
    }
    return true
  }

  /// Moves the playback on as far as the runtime's clock allows (live in the terminal, virtual in tests).
  public func advance() {
    let now = runtime.clock.elapsed
    while let beat = cursor.current {
      if presentation.isPaused && !stepRequested { return }
      guard perform(beat, now: now) else { return }
      cursor.moveOn()
      deadline = nil
      if stepRequested {
        stepRequested = false
        if presentation.isPaused { return }
      }
    }
    if !presentation.isFinished { update { $0.isFinished = true } }
  }

  /// When the beat in progress is due or gives up, if the playback is waiting for a time (not paused, not
  /// finished), on the runtime's clock: the loop need not wake before, unless something happens (a key, an
  /// answer, a signal).
  public var nextDeadline: Duration? {
    guard cursor.current != nil, !presentation.isPaused || stepRequested else { return nil }
    return deadline
  }

  /// Whether the beat is done; false while it is still waiting.
  private func perform(_ beat: TapeCursor.Beat, now: Duration) -> Bool {
    let line = beat.step.line
    switch beat.kind {
    case .caption(let text):
      update { $0.caption = text }
      return true
    case .key(let key, let typed):
      guard isDue(after: typed ? pace.typing : pace.key, now: now) else { return false }
      runtime.press(key)
      return true
    case .pause(let duration):
      return isDue(after: duration * pace.pauseScale, now: now)
    case .check(let expectation, let timeout):
      do throws(TapeExpectation.PatternTooSlow) {
        if try cursor.isMet(on: runtime) {
          update { $0.problem = nil }
          return true
        }
      } catch {
        // A pattern too slow to match: stop on it at once, saying why, rather than try it every tick.
        update {
          $0.problem =
            "line \(line): its pattern took more than"
            + " \(TapeExpectation.spoken(error.budget)) to match"
          $0.isPaused = true
        }
        return true
      }
      if stepRequested { return true }
      guard isDue(after: timeout, now: now) else { return false }
      // Stop here, say why, and let the presenter decide: → goes on, q stops.
      update {
        $0.problem = "line \(line): \(expectation.text) did not hold"
        $0.isPaused = true
      }
      return true
    }
  }

  private func isDue(after duration: Duration, now: Duration) -> Bool {
    if stepRequested { return true }
    let due = deadline ?? now + duration
    deadline = due
    return now >= due
  }
}
