import CheckoutEngine
import TerminalUI

/// What reaches the application: keys, the spinner's clock, and results of effects.
public enum AppAction: Equatable, Sendable {
  case key(KeyEvent)
  /// A spinner tick, about ten a second while something is processing.
  case tick
  /// An action for the engine, usually the result of an effect.
  case checkout(CheckoutAction)
  /// The runtime saved the screenshot the model asked for, or could not.
  case screenshotTaken(ScreenshotOutcome)
}
