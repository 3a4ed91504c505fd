import CheckoutEngine
import Foundation
import NcursesBackend
import TerminalUI

/// The checkout in a real terminal: reads keys, applies what effects answered, turns the spinner, and draws
/// only when the model changed. Whatever ends it (q, Ctrl-C, SIGTERM, SIGHUP), the terminal is given back.
public final class InteractiveSession {
  private let runtime: CheckoutRuntime
  private let theme: Theme
  private let useColor: Bool
  /// Sees every key before the checkout does (`paydrill record` writes them as a tape).
  private let onKey: ((KeyEvent) -> Void)?
  /// Plays a tape instead of taking the user's keys (`paydrill demo`): the keys drive the playback.
  private let presenter: TapePresenter?

  public init(
    runtime: CheckoutRuntime, theme: Theme, useColor: Bool, onKey: ((KeyEvent) -> Void)? = nil,
    presenter: TapePresenter? = nil
  ) {
    self.runtime = runtime
    self.theme = theme
    self.useColor = useColor
    self.onKey = onKey
    self.presenter = presenter
  }

  /// Runs until the user quits; returns the signal that ended the session, if one did.
  public func run() -> Int32? {
    NcursesTerminal.restoreTerminalOnCrash()
    let signals = SignalWatcher()
    let terminal = NcursesTerminal(theme: theme, useColor: useColor)
    defer { terminal.close() }
    runtime.send(.key(.resize(terminal.size)))
    runtime.start()
    var drawn = -1
    var lastTick = ContinuousClock.now
    while !runtime.model.shouldQuit {
      if let number = signals.received { return number }
      if drawn != runtime.revision {
        terminal.present(runtime.render())
        drawn = runtime.revision
      }
      if let key = terminal.readKey(timeout: presenter == nil ? 30 : 10) {
        if let presenter {
          if !presenter.handle(key) { return nil }
        } else {
          onKey?(key)
          runtime.send(.key(key))
        }
      }
      runtime.drainInbox()
      presenter?.advance()
      if runtime.isBusy, ContinuousClock.now - lastTick >= .milliseconds(100) {
        runtime.send(.tick)
        lastTick = ContinuousClock.now
      }
    }
    return nil
  }
}
