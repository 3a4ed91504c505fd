import CheckoutEngine
import GatewaySimulator
import TerminalUI

/// What reaches the application: keys, the spinner's clock, and the answers of effects (each with its
/// request's id).
public enum AppAction: Equatable, Sendable {
  case key(KeyEvent)
  /// A spinner tick, about ten a second while something is processing.
  case tick
  /// A second of a recording: the REC marker's time moves on.
  case recordingTick
  /// An action for the engine: the shopper's, or an effect's answer (`.answered(id, …)`).
  case checkout(CheckoutAction)
  /// The screenshot of request `id` was saved, or could not be.
  case screenshotTaken(RequestID, ScreenshotOutcome)
  /// The one who plays a tape asks for the screen as evidence, labelled (`play --screens`: `line12`, `end`):
  /// saved through the same effect as `s`, its footer left alone; a failure is kept in `captureFailure`.
  case captureScreen(label: String)
  /// The ledger was read for the history panel of request `id`.
  indirect case historyLoaded(RequestID, HistoryListing)
  /// The ledger was read for the history's entry of request `id`.
  indirect case attemptLoaded(RequestID, AttemptReading)
  /// The copy of request `id` was sent and saved, or could not be.
  case copied(RequestID, CopyOutcome)
  /// The ledger could not be written: the run goes on without it, and the footer says why.
  case ledgerFailed(String)
  /// The gateway's settings changed as a whole (the fuzzer's panel changes, a test's setup).
  indirect case changeGateway(GatewaySettings)
  /// `paydrill demo`'s caption and playback state changed.
  indirect case presentation(Presentation)
  /// A request of the merchant's backend was answered by the simulated API (`--serve`): the event pane
  /// shows it, and a session it created opens the Drop-in.
  indirect case served(ServedExchange)
  /// The server of `--serve` ended on its own (crashed, was killed, stopped on an error): the checkout says
  /// so instead of waiting for a session that cannot come.
  case serverStopped(ServerStop)
  /// The run ends (quit, a signal, the end of a tape): an attempt in flight is recorded as interrupted.
  case finish
}
