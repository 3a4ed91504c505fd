import CheckoutEngine
import Foundation
import NcursesBackend
import PayDrillLoop
import PayDrillTools
import TerminalUI

/// The checkout in a real terminal: reads keys, applies what effects answered, turns the spinner, and draws
/// only when the model changed; between events it sleeps. Whatever ends it (q, Ctrl-C, SIGINT, SIGTERM, SIGHUP, a crash), the terminal
/// is given back. Ctrl-Z and SIGTSTP suspend it (the shell gets a sane terminal); `fg` (SIGCONT) redraws the
/// whole screen.
public final class InteractiveSession {
  private let runtime: CheckoutRuntime
  private let theme: Theme
  private let useColor: Bool
  /// Whether only ASCII is drawn (the locale is not UTF-8).
  private let asciiOnly: Bool
  /// The key that calls `fatalError`, for the end-to-end test of a crash (`PAYDRILL_CRASH_TEST=1`: `!`).
  private let crashKey: KeyEvent?
  /// Sees every key before the checkout does, with its instant on the checkout's clock (`paydrill record`
  /// writes them as a tape).
  private let onKey: ((KeyEvent, Duration) -> Void)?
  /// Called once the checkout has started and after each key it took (`paydrill record` notes the screen:
  /// what changes before the next key came by itself).
  private let onSettled: (() -> Void)?
  /// Plays a tape instead of taking the user's keys (`paydrill demo`): the keys drive the playback.
  private let presenter: TapePresenter?

  /// Ctrl-Z: in raw mode the terminal sends it as a character rather than SIGTSTP.
  static let suspendKey = KeyEvent.character("\u{1A}")

  public init(
    runtime: CheckoutRuntime, theme: Theme, useColor: Bool, asciiOnly: Bool = false,
    crashKey: KeyEvent? = nil,
    onKey: ((KeyEvent, Duration) -> Void)? = nil, onSettled: (() -> Void)? = nil,
    presenter: TapePresenter? = nil
  ) {
    self.onSettled = onSettled
    self.runtime = runtime
    self.theme = theme
    self.useColor = useColor
    self.asciiOnly = asciiOnly
    self.crashKey = crashKey
    self.onKey = onKey
    self.presenter = presenter
  }

  /// Runs until the user quits; returns the signal that ended the session, if one did.
  ///
  /// One turn of the loop: signals, answers due, the demo's next beat, a frame if anything changed, then one
  /// key. With no key there, it sleeps until standard input has one, the doorbell rings (a signal, an answer
  /// another thread posted) or the next deadline comes (`PollTimeout`): idle, it never wakes.
  public func run() -> Int32? {
    NcursesTerminal.restoreTerminalOnCrash()
    let doorbell = Doorbell.process
    let signals = SignalWatcher()
    let jobControl = SignalWatcher(signals: [SIGTSTP, SIGCONT])
    // Watched before ncurses starts, so that ncurses installs no SIGWINCH handler of its own (one that sets a
    // flag of ncurses' and does not wake the sleeping loop).
    let resizes = SignalWatcher(signals: [SIGWINCH])
    runtime.interpreter.ringOnArrival(doorbell)
    StandardErrorHold.begin()
    let terminal = NcursesTerminal(theme: theme, useColor: useColor, asciiOnly: asciiOnly)
    defer {
      terminal.close()
      StandardErrorHold.release()
    }
    runtime.clock.restartLive()
    runtime.send(.key(.resize(terminal.size)))
    runtime.start()
    onSettled?()
    var drawn = -1
    while !runtime.hasQuit {
      if let number = signals.received { return number }
      switch jobControl.take() {
      case SIGTSTP:
        suspend(terminal)
        drawn = -1
      case SIGCONT:
        // Continued after a stop PayDrill did not make (kill -STOP): the screen may be anything, and the shell
        // may have set the terminal to its own mode.
        terminal.restoreProgramMode()
        drawn = -1
      default: break
      }
      if resizes.take() != nil { terminal.windowResized() }
      runtime.deliverDue()
      presenter?.advance()
      if drawn != runtime.revision {
        terminal.present(runtime.render())
        drawn = runtime.revision
      }
      guard let key = terminal.readKey() else {
        // The terminal hung up without a SIGHUP reaching PayDrill (the window closed while SIGHUP was
        // ignored): end as a hang-up does, rather than read a closed terminal in a busy loop.
        if terminal.inputEnded { return SIGHUP }
        doorbell.wait(for: STDIN_FILENO, timeout: sleepLimit())
        continue
      }
      if key == crashKey { fatalError("PAYDRILL_CRASH_TEST: the crash key was pressed") }
      if key == Self.suspendKey {
        suspend(terminal)
        drawn = -1
      } else if let presenter {
        if !presenter.handle(key) { return nil }
      } else {
        runtime.press(key, observe: onKey.map { onKey in { onKey(key, $0) } })
        onSettled?()
      }
    }
    return nil
  }

  /// Until the soonest of the checkout's next wake-up (on its clock) and the demo's next beat.
  private func sleepLimit() -> PollTimeout {
    PollTimeout(untilSoonestOf: [
      runtime.nextDeadline.map { $0 - runtime.clock.elapsed },
      presenter?.nextDeadline.map { $0 - runtime.clock.elapsed },
    ])
  }

  /// Suspends like Ctrl-Z in a shell: gives the terminal back, stops PayDrill's process group (the shell sees
  /// the job stopped), and on `fg` redraws the whole screen at the terminal's size. Without job control (no
  /// shell put PayDrill in a job of its own, so nothing could continue it), it does nothing.
  private func suspend(_ terminal: NcursesTerminal) {
    guard getpgrp() != getsid(0) else { return }
    terminal.suspend()
    kill(0, SIGSTOP)
    terminal.resume()
    runtime.send(.key(.resize(terminal.size)))
  }
}
