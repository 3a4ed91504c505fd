import CheckoutEngine
import Foundation

/// The errors a gateway plugin can cause, as `SdkError`s whose messages name the request and say what went
/// wrong. Text that came from the plugin is quoted short, with anything that looks like a card number masked.
enum PluginError {
  /// The process could not be started (or the shell could not find or run the command).
  static func unavailable(command: String, reason: String) -> SdkError {
    SdkError(
      errorCode: "PLUGIN_UNAVAILABLE",
      errorMessage: "The gateway plugin `\(masked(command))` could not be started: \(masked(reason))")
  }

  /// The process ended before it answered `type`.
  static func crashed(_ exit: PluginChannel.Exit, type: String, stderr: String?) -> SdkError {
    let how = exit.signalled ? "was killed by signal \(exit.status)" : "exited with status \(exit.status)"
    let detail = stderr.map { ": \(quote($0, limit: 200, quoted: false))" } ?? ""
    return SdkError(
      errorCode: "PLUGIN_CRASHED", errorMessage: "The gateway plugin \(how) during \(type)\(detail)")
  }

  /// No answer to `type` came within the timeout.
  static func timedOut(type: String, timeout: Duration) -> SdkError {
    SdkError(
      errorCode: "GATEWAY_TIMEOUT",
      errorMessage: "The gateway plugin did not answer \(type) within \(seconds(timeout)) s")
  }

  /// The answer to `type` is not what the protocol asks for.
  static func protocolError(type: String, expected: String, got text: String) -> SdkError {
    SdkError(
      errorCode: "PLUGIN_PROTOCOL_ERROR",
      errorMessage:
        "The gateway plugin's answer to \(type) is unusable: expected \(expected), got \(quote(text))")
  }

  /// At most `limit` characters of `text`, masked, on one line (and in quotes unless told otherwise).
  static func quote(_ text: String, limit: Int = 60, quoted: Bool = true) -> String {
    let line = masked(text).replacingOccurrences(of: "\n", with: " ")
      .trimmingCharacters(in: .whitespaces)
    let short = line.count > limit ? String(line.prefix(limit)) + "…" : line
    return quoted ? "\"\(short)\"" : short
  }

  /// `text` with every run of 12 to 19 digits (a card number, perhaps) cut to its last four.
  static func masked(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"(?<![0-9])[0-9]{8,15}([0-9]{4})(?![0-9])"#, with: "••••$1", options: .regularExpression)
  }

  /// A duration in seconds as people write it: "5", "0.5".
  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = attoseconds / 1_000_000_000_000_000
    guard milliseconds > 0 else { return "\(seconds)" }
    var fraction = String(milliseconds)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(seconds).\(fraction)"
  }
}
