import CheckoutEngine

/// The card authorisation every gateway test sends: $49.99 for a test card number, with the method, the
/// idempotency key and the session as the test needs them.
func cardRequest(
  _ number: String, method: DropInPaymentMethod = .card, key: String = "m-1-1", session: String = ""
) -> AuthorisationRequest {
  AuthorisationRequest(
    method: method,
    card: CardDetails(
      number: CardNumber(digits: number), expiryMonth: 12, expiryYear: 2034, securityCode: "123",
      holderName: "Jane Doe"),
    amount: Money(minorUnits: 4999, currency: .usd), intent: "Authorisation", merchantTransactionId: "m-1",
    sessionId: session, idempotencyKey: key)
}
