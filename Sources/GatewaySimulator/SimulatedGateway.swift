import CheckoutEngine
import Foundation

/// The built-in gateway: answers from the test-card table after a simulated latency, meets the faults a
/// tester arms, and charges a request once however often it arrives.
public struct SimulatedGateway: PaymentGateway {
  /// Makes the gateway's transaction ids; swapped for a counter in tests.
  public var makeTransactionId: @Sendable () -> String
  /// The sessions whose payment succeeded.
  public let spentSessions = SpentSessions()
  /// Latency, faults and the idempotency ledger, changeable while the checkout runs.
  public let controls: GatewayControls

  public init(
    latency: Duration = .milliseconds(600), seed: UInt64 = 1,
    makeTransactionId: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
  ) {
    let (seconds, attoseconds) = latency.components
    let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    controls = GatewayControls(settings: GatewaySettings(latencyMilliseconds: milliseconds, seed: seed))
    self.makeTransactionId = makeTransactionId
  }

  public func apply(_ settings: GatewaySettings) {
    controls.apply(settings)
  }

  /// Waits the next call's latency.
  private func simulateLatency() async {
    let latency = controls.nextLatency()
    if latency > .zero {
      try? await Task.sleep(for: latency)
    }
  }

  public func authorise(_ request: AuthorisationRequest) async -> AuthorisationOutcome {
    await simulateLatency()
    if let fault = controls.takeFault() {
      guard fault == .duplicateRequest else { return .declined(fault.error) }
      // The request arrives twice (a retry after a lost answer): the second gets the first's outcome.
      _ = charge(request)
    }
    return charge(request)
  }

  /// The outcome of a request, once per idempotency key (a retry gets the first answer, and is never
  /// charged again); a payment in a spent session is refused.
  private func charge(_ request: AuthorisationRequest) -> AuthorisationOutcome {
    controls.outcome(for: request.idempotencyKey) {
      if !request.sessionId.isEmpty, spentSessions.isSpent(request.sessionId) {
        return .declined(
          SdkError(
            errorCode: "SESSION_SPENT",
            errorMessage:
              "Session \(request.sessionId) was already used for a successful payment; /validate refused"))
      }
      let outcome = decide(request)
      if outcome.systemTransactionId != nil, !request.sessionId.isEmpty {
        spentSessions.spend(request.sessionId)
      }
      return outcome
    }
  }

  public func createPayPalOrder(_ request: PayPalOrderRequest) async -> PayPalOrder {
    await simulateLatency()
    let id = makeTransactionId().replacingOccurrences(of: "-", with: "").prefix(17).uppercased()
    return PayPalOrder(orderId: "PAYID-\(id)", intent: request.intent, amount: request.amount)
  }

  public func applePayInit(_ request: ApplePayInitRequest) async -> ApplePayInitResponse {
    await simulateLatency()
    return ApplePayInitEndpoint.answer(request)
  }

  /// The issuer's decision once the shopper answered the challenge (`code` nil when they cancelled).
  public func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) async
    -> AuthorisationOutcome
  {
    await simulateLatency()
    let outcome = decideChallenge(challenge, code: code)
    if outcome.systemTransactionId != nil, !challenge.request.sessionId.isEmpty {
      spentSessions.spend(challenge.request.sessionId)
    }
    return outcome
  }

  /// The challenge's outcome without the wait.
  public func decideChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> AuthorisationOutcome {
    guard let code else {
      return .declined(
        SdkError(
          errorCode: "THREE_DS_CANCELLED", errorMessage: "The cardholder cancelled the 3-D Secure challenge"))
    }
    guard code == ThreeDSecureChallenge.passingCode else {
      return .declined(
        SdkError(
          errorCode: "THREE_DS_FAILED",
          errorMessage: "The one-time code was wrong: 3-D Secure failed (transStatus N)"))
    }
    let digits = challenge.request.card?.number.digits ?? ""
    if case .challenge(thenDeclined: true)? = TestCard.card(number: digits)?.threeDS {
      return .declined(
        SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined after 3-D Secure"))
    }
    return .approvedWithThreeDSecure(
      systemTransactionId: makeTransactionId(),
      ThreeDSecureResult(transStatus: "Y", network: challenge.scheme))
  }

  /// The answer without the wait: what the tests and the benchmark call.
  public func decide(_ request: AuthorisationRequest) -> AuthorisationOutcome {
    if let pazeCard = request.paze {
      guard pazeCard != .failing else {
        return .declined(SdkError(errorCode: "SDK1123", errorMessage: "Paze could not complete the checkout"))
      }
      return .approved(systemTransactionId: makeTransactionId())
    }
    if let approval = request.payPal {
      guard approval.funding != .declinedSource else {
        return .declined(
          SdkError(
            errorCode: "PAYPAL_INSTRUMENT_DECLINED",
            errorMessage: "PayPal declined the buyer's funding source for order \(approval.orderId)"))
      }
      return .approved(systemTransactionId: makeTransactionId())
    }
    guard let card = request.card else {
      return .declined(
        SdkError(
          errorCode: "METHOD_NOT_IMPLEMENTED", errorMessage: "\(request.method.displayName) is not simulated")
      )
    }
    let testCard = TestCard.card(number: card.number.digits)
    if let decline = testCard?.decline {
      return .declined(decline)
    }
    let id = makeTransactionId()
    let scheme = card.number.scheme ?? .visa
    switch testCard?.threeDS {
    case .challenge?:
      // Apple Pay's cryptogram stands in for the challenge: the shopper is redirected and comes back.
      guard request.method == .card else {
        return .approvedAfterRedirect(
          systemTransactionId: id, returnURL: "https://gateway.paydrill.test/3ds/return?tx=\(id)")
      }
      return .challengeRequired(
        ThreeDSecureChallenge(acsTransactionId: "acs-\(id)", scheme: scheme, request: request))
    case .frictionless(let status)? where request.method == .card:
      switch status {
      case "N":
        return .declined(
          SdkError(
            errorCode: "THREE_DS_NOT_AUTHENTICATED",
            errorMessage: "3-D Secure did not authenticate the cardholder (transStatus N)"))
      case "R":
        return .declined(
          SdkError(
            errorCode: "THREE_DS_REJECTED",
            errorMessage: "The issuer rejected 3-D Secure authentication (transStatus R)"))
      default:
        return .approvedWithThreeDSecure(
          systemTransactionId: id, ThreeDSecureResult(transStatus: status, network: scheme))
      }
    default:
      return .approved(systemTransactionId: id)
    }
  }
}
