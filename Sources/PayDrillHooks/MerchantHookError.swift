import CheckoutEngine
import GatewaySimulator

/// The errors a merchant hook can cause, as `SdkError`s that name the callback and say what went wrong:
/// `MERCHANT_HOOK_UNAVAILABLE`, `MERCHANT_HOOK_CRASHED`, `MERCHANT_HOOK_TIMEOUT` and
/// `MERCHANT_HOOK_PROTOCOL_ERROR`.
enum MerchantHookError {
  /// A failure of the hook's process, in the hook's words, card numbers cut.
  static func error(_ failure: JSONLinesFailure, callback: String) -> SdkError {
    // Its stderr or a garbled line, quoted, never carries a card number.
    CardDataMask(nil).masking(
      failure.sdkError(
        speaker: "The merchant hook", codePrefix: "MERCHANT_HOOK", timeoutCode: "MERCHANT_HOOK_TIMEOUT",
        request: callback))
  }

  /// The answer to `callback` is not what the protocol asks for.
  static func protocolError(callback: String, expected: String, got text: String) -> SdkError {
    error(.malformed(expected: expected, got: text), callback: callback)
  }
}
