/// Work the engine asks for and does not do itself. The runner performs it and sends the result back as a
/// `CheckoutAction`, which keeps `reduce` free of I/O, clocks and randomness.
public enum CheckoutEffect: Equatable, Sendable {
  /// Call the merchant's `onBeforeSubmit`; the answer comes back as `.beforeSubmitAnswered`.
  case askBeforeSubmit(DropInPaymentMethod)
  /// Call one of the sheet's update callbacks; the merchant's update comes back as `.sheetUpdated`.
  case requestSheetUpdate(ApplePaySheet.PendingUpdate, SheetSelections)
  /// Wait `limit`, then send `.updateTimedOut(serial:)`: PassKit gives an update handler 30 seconds.
  case expectUpdate(serial: Int, within: Duration)
  /// Call `onPreAuthorisation`, now with the full shipping contact the shopper authorised; its answer comes
  /// back as `.preAuthorisationAnswered`.
  case preAuthorise(shippingContact: Contact?)
  /// The Apple Pay element's `prepare()`: `POST /init`; the answer comes back as `.applePayInitAnswered`.
  case prepareApplePay(ApplePayInitRequest)
  /// Create the PayPal order; the order comes back as `.payPalOrderCreated`.
  case createPayPalOrder(PayPalOrderRequest)
  /// Send the challenge's outcome (the code, or nil when cancelled) to the issuer; the gateway's decision
  /// comes back as `.gatewayAnswered`.
  case completeChallenge(ThreeDSecureChallenge, code: String?)
  /// Send the payment to the gateway; the answer comes back as `.gatewayAnswered`.
  case authorise(AuthorisationRequest)
}
