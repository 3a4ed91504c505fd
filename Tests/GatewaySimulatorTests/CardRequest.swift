import GatewaySimulator

@testable import CheckoutEngine

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

/// Each test call is a payment of its own, unless the test says otherwise.
nonisolated(unsafe) private var nextTestKey = 0

extension PaymentGateway {
  /// The gateway's answer to a request as a new payment (a key of its own), read from the gateway's one API:
  /// the simulated gateway decides at once, whatever the latency it says the answer takes.
  func answer(to request: AuthorisationRequest) -> AuthorisationOutcome {
    var request = request
    nextTestKey += 1
    request.idempotencyKey = "test-\(nextTestKey)"
    return authorise(request).decided!
  }

  /// The issuer's decision on a challenge, as a payment of its own.
  func challengeAnswer(_ challenge: ThreeDSecureChallenge, code: String?) -> AuthorisationOutcome {
    var challenge = challenge
    nextTestKey += 1
    challenge.request.idempotencyKey = "test-\(nextTestKey)"
    return completeChallenge(challenge, code: code).decided!
  }
}
