import CheckoutEngine
import Foundation

/// The errors a gateway plugin can cause, as `SdkError`s whose messages name the request and say what went
/// wrong: `PLUGIN_UNAVAILABLE`, `PLUGIN_CRASHED`, `GATEWAY_TIMEOUT` and `PLUGIN_PROTOCOL_ERROR`.
enum PluginError {
  /// A failure of the plugin's process, in the plugin's words.
  static func error(_ failure: JSONLinesFailure, type: String) -> SdkError {
    failure.sdkError(
      speaker: "The gateway plugin", codePrefix: "PLUGIN", timeoutCode: "GATEWAY_TIMEOUT", request: type)
  }

  /// The answer to `type` is not what the protocol asks for.
  static func protocolError(type: String, expected: String, got text: String) -> SdkError {
    error(.malformed(expected: expected, got: text), type: type)
  }
}
