import CheckoutEngine

/// Another gateway (a plugin process) paying in sessions that live in the ledger: before a payment goes to
/// it, a spent session or a ledger that cannot say is refused; its approval spends the session as part of
/// the charge, or becomes the refusal when the ledger cannot take it. The simulated gateway does the same
/// inside its idempotency ledger; this gives a plugin the guarantee: a backend's session is never paid
/// twice, nor paid unrecorded.
public struct SessionSpendingGateway: PaymentGateway {
  public let gateway: any PaymentGateway
  public let spentSessions: SpentSessions

  public init(_ gateway: any PaymentGateway, spentSessions: SpentSessions) {
    self.gateway = gateway
    self.spentSessions = spentSessions
  }

  public func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome> {
    if let refusal = spentSessions.refusal(before: request) { return .now(.declined(refusal)) }
    return spending(gateway.authorise(request), request)
  }

  public func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> Reply<
    AuthorisationOutcome
  > {
    spending(gateway.completeChallenge(challenge, code: code), challenge.request)
  }

  public func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder> {
    gateway.createPayPalOrder(request)
  }

  public func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse> {
    gateway.applePayInit(request)
  }

  public func apply(_ settings: GatewaySettings) {
    gateway.apply(settings)
  }

  /// The gateway's answer, with an approval spending the session when it comes.
  private func spending(_ reply: Reply<AuthorisationOutcome>, _ request: AuthorisationRequest)
    -> Reply<AuthorisationOutcome>
  {
    let spentSessions = spentSessions
    return reply.map { outcome in
      spentSessions.refusal(spending: outcome, for: request).map { .declined($0) } ?? outcome
    }
  }
}
