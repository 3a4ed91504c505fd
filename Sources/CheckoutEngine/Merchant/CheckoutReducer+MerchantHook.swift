/// A merchant hook that gave no usable answer. The real SDK never gets an answer from such a merchant, so
/// the checkout goes on as it would without one, and the event pane says why (`merchantHookFailed`):
/// - `onBeforeSubmit`: the submission stops with a notice naming the error; nothing is charged.
/// - a sheet update (`onShippingContactSelected`, …): PassKit got no update, as when its 30 seconds pass:
///   `onError(.applePay, APPLE_PAY_UPDATE_TIMEOUT)`, nothing charged; an answer that came but cannot be used
///   (`MERCHANT_HOOK_PROTOCOL_ERROR`, an amount its currency cannot have) ends it with that error instead.
/// - `onPreAuthorisation`: back to the sheet with the error, nothing charged; the shopper may try again.
/// A failure that arrives once the callback stopped waiting (PassKit already gave up) changes nothing.
extension CheckoutReducer {
  static func merchantHookFailed(
    _ failure: MerchantHookFailure, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect]? {
    let message = "\(failure.callback.rawValue) failed: \(failure.error.errorMessage)"
    switch failure.callback {
    case .onBeforeSubmit:
      guard state.awaitingMerchant == failure.method else { return nil }
      state.awaitingMerchant = nil
      recordHookFailure(failure, in: &state, context: context)
      state.notice = "\(message). Nothing was submitted."
      return []

    case .onPreAuthorisation:
      guard let sheet = state.applePaySheet, sheet.phase == .processing, sheet.authorisingSince == nil else {
        return nil
      }
      recordHookFailure(failure, in: &state, context: context)
      state.applePaySheet?.phase = .reviewing
      state.notice = "\(message). Nothing was charged: pay again or cancel."
      return []

    default:
      guard let pending = state.pendingSheetUpdate,
        pending.callbackName == failure.callback
      else { return nil }
      recordHookFailure(failure, in: &state, context: context)
      if failure.isUnusableAnswer {
        // The merchant did answer, with what PassKit could not take (an amount its currency cannot have):
        // the payment ends on that reason, not on a timeout that did not happen.
        return failUpdate(with: failure.error, in: &state, context: context)
      }
      return failUpdate(pending, "(\(failure.error.errorMessage))", in: &state, context: context)
    }
  }

  private static func recordHookFailure(
    _ failure: MerchantHookFailure, in state: inout CheckoutState, context: ReduceContext
  ) {
    record(
      .merchantHookFailed, method: failure.method, details: failure.eventDetails, in: &state,
      context: context)
  }
}
