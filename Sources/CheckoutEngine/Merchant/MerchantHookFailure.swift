/// A merchant hook process that gave no usable answer to a callback: which callback, for which method, and
/// the error that stands for the answer (`MERCHANT_HOOK_CRASHED`, `MERCHANT_HOOK_TIMEOUT`, …).
public struct MerchantHookFailure: Equatable, Sendable {
  /// The callback that was waiting for the answer (`onBeforeSubmit`, `onShippingContactSelected`, …).
  public var callback: CallbackName
  public var method: DropInPaymentMethod
  public var error: SdkError

  /// Whether the hook answered, with what the callback cannot take (`…_PROTOCOL_ERROR`), rather than not
  /// answering at all.
  public var isUnusableAnswer: Bool { error.errorCode.hasSuffix("_PROTOCOL_ERROR") }

  /// The failure as event payload details: the callback, then the error.
  public var eventDetails: [EventDetail] {
    [EventDetail("callback", .string(callback.rawValue))] + error.eventDetails
  }
}
