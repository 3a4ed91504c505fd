/// Work the engine asks for and does not do itself. The interpreter performs it and sends the result back as
/// `CheckoutAction.answered` with the effect's request id, which keeps `reduce` free of I/O, clocks and
/// randomness. Large requests are boxed, so that effects stay small to copy.
public enum CheckoutEffect: Equatable, Sendable {
  /// Call the merchant's `onBeforeSubmit`; the verdict comes back as `.beforeSubmit`.
  case askBeforeSubmit(RequestID, DropInPaymentMethod)
  /// Call one of the sheet's update callbacks; the merchant's update comes back as `.sheetUpdate`.
  indirect case requestSheetUpdate(RequestID, ApplePaySheet.PendingUpdate, SheetSelections)
  /// Wait `within`, then answer `.timeLimitPassed`: PassKit gives an update handler 30 seconds.
  case expectUpdate(RequestID, within: Duration)
  /// Wait `after`, then answer `.deviceChecked`: the device check of `create()` lands.
  case checkDevice(RequestID, after: Duration)
  /// Stop a timer (or forget a request) that is no longer waited for: its answer will not come.
  case cancel(RequestID)
  /// Call `onPreAuthorisation`, now with the full shipping contact the shopper authorised; its answer comes
  /// back as `.preAuthorisation`.
  indirect case preAuthorise(RequestID, shippingContact: Contact?)
  /// The Apple Pay element's `prepare()`: `POST /init`; the answer comes back as `.applePayInit`.
  indirect case prepareApplePay(RequestID, ApplePayInitRequest)
  /// Create the PayPal order; the order comes back as `.payPalOrder`.
  indirect case createPayPalOrder(RequestID, PayPalOrderRequest)
  /// Send the challenge's outcome (the code, or nil when cancelled) to the issuer; the gateway's decision
  /// comes back as `.gateway`.
  indirect case completeChallenge(RequestID, ThreeDSecureChallenge, code: String?)
  /// Send the payment to the gateway; the answer comes back as `.gateway`.
  indirect case authorise(RequestID, AuthorisationRequest)

  /// A payment attempt started (in flight) or ended: the run history records it. Nothing comes back.
  indirect case attempt(Attempt)

  /// The request id the effect's answer will carry; nil for an effect that is not answered.
  public var requestID: RequestID? {
    switch self {
    case .askBeforeSubmit(let id, _), .requestSheetUpdate(let id, _, _), .expectUpdate(let id, _),
      .checkDevice(let id, _),
      .preAuthorise(let id, _), .prepareApplePay(let id, _), .createPayPalOrder(let id, _),
      .completeChallenge(let id, _, _), .authorise(let id, _):
      return id
    case .cancel, .attempt:
      return nil
    }
  }
}
