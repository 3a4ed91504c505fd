/// Work the engine asks for and does not do itself. The runner performs it and sends the result back as a
/// `CheckoutAction`, which keeps `reduce` free of I/O, clocks and randomness.
public enum CheckoutEffect: Equatable, Sendable {
  /// Call the merchant's `onBeforeSubmit`; the answer comes back as `.beforeSubmitAnswered`.
  case askBeforeSubmit(DropInPaymentMethod)
  /// Send the payment to the gateway; the answer comes back as `.gatewayAnswered`.
  case authorise(AuthorisationRequest)
}
