import CheckoutEngine
import Foundation

/// Why an exchange with a JSON Lines process gave no usable answer. Its owner (the gateway plugin, the
/// merchant hook) turns it into an `SdkError` in its own words with `sdkError(speaker:…)`.
public enum JSONLinesFailure: Error, Equatable, Sendable {
  /// The process could not be started, or the shell could not find or run the command.
  case unavailable(command: String, reason: String)
  /// The process ended before it answered: its exit status (or the signal's number when `signalled`) and
  /// the last line it wrote to stderr.
  case crashed(status: Int32, signalled: Bool, stderr: String?)
  /// No answer came within the timeout; the process was killed.
  case timedOut(Duration)
  /// The answer is not what the protocol asks for.
  case malformed(expected: String, got: String)

  /// The failure as an `SdkError`: `speaker` ("The gateway plugin") in the message, codes
  /// `PREFIX_UNAVAILABLE`, `PREFIX_CRASHED`, `PREFIX_PROTOCOL_ERROR` and `timeoutCode`. Text that came from the
  /// process is quoted short, with anything that looks like a card number masked.
  public func sdkError(speaker: String, codePrefix: String, timeoutCode: String, request type: String)
    -> SdkError
  {
    switch self {
    case .unavailable(let command, let reason):
      return SdkError(
        errorCode: "\(codePrefix)_UNAVAILABLE",
        errorMessage: "\(speaker) `\(CardNumberMask.masked(command))` could not be started: \(CardNumberMask.masked(reason))")
    case .crashed(let status, let signalled, let stderr):
      let how = signalled ? "was killed by signal \(status)" : "exited with status \(status)"
      let detail = stderr.map { ": \(Self.quote($0, limit: 200, quoted: false))" } ?? ""
      return SdkError(
        errorCode: "\(codePrefix)_CRASHED", errorMessage: "\(speaker) \(how) during \(type)\(detail)")
    case .timedOut(let timeout):
      return SdkError(
        errorCode: timeoutCode,
        errorMessage: "\(speaker) did not answer \(type) within \(Self.seconds(timeout)) s")
    case .malformed(let expected, let text):
      return SdkError(
        errorCode: "\(codePrefix)_PROTOCOL_ERROR",
        errorMessage:
          "\(speaker)'s answer to \(type) is unusable: expected \(expected), got \(Self.quote(text))")
    }
  }

  /// At most `limit` characters of `text`, masked, on one line (and in quotes unless told otherwise).
  static func quote(_ text: String, limit: Int = 60, quoted: Bool = true) -> String {
    let line = CardNumberMask.masked(text).replacingOccurrences(of: "\n", with: " ")
      .trimmingCharacters(in: .whitespaces)
    let short = line.count > limit ? String(line.prefix(limit)) + "…" : line
    return quoted ? "\"\(short)\"" : short
  }


  /// A duration in seconds as people write it: "5", "0.5".
  public static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = attoseconds / 1_000_000_000_000_000
    guard milliseconds > 0 else { return "\(seconds)" }
    var fraction = String(milliseconds)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(seconds).\(fraction)"
  }
}
