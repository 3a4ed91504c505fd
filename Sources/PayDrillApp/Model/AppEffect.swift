import CheckoutEngine
import GatewaySimulator

/// Everything that leaves the app's state, as values: the engine's requests, and the app's own (a
/// screenshot, the history, the ledger, hook notifications, gateway settings, quitting). `AppReducer`
/// returns them; the one `EffectInterpreter` performs them; what comes back is an action carrying the
/// request's id.
public enum AppEffect: Equatable, Sendable {
  /// A request of the engine's (the merchant, the gateway, a timer).
  case checkout(CheckoutEffect)
  /// Save the screen the model shows as a screenshot bundle, named with the clock's date (and a label: the
  /// tape's line for `play --screens`); `.screenshotTaken` answers.
  indirect case saveScreenshot(RequestID, AppModel, label: String? = nil)
  /// Read the ledger's latest attempts; `.historyLoaded` answers.
  case loadHistory(RequestID)
  /// Read one attempt of the ledger with its events (the history's Enter); `.attemptLoaded` answers.
  case loadAttempt(RequestID, Int64)
  /// Tell the merchant's hooks about callbacks that fired.
  case notifyHooks([CallbackEvent])
  /// Give the gateway the panel's settings (latencies, random faults, profile, seed).
  indirect case configureGateway(GatewaySettings)
  /// Put text on the terminal's clipboard (OSC 52, where the terminal allows it) and save it as a file whose
  /// path the footer gives; `.copied` answers.
  case copyToClipboard(RequestID, String)
  /// End the run.
  case quit
}
