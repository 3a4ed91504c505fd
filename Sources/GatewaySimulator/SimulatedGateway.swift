import CheckoutEngine
import Foundation

/// The built-in gateway: answers from the test-card table after a simulated latency, meets the faults a
/// tester arms, and charges a request once however often it arrives.
public struct SimulatedGateway: PaymentGateway {
  /// Makes the gateway's transaction ids; swapped for a counter in tests.
  public var makeTransactionId: @Sendable () -> String
  /// The sessions whose payment succeeded.
  public let spentSessions: SpentSessions
  /// Latency, faults and the idempotency ledger, changeable while the checkout runs.
  public let controls: GatewayControls

  public init(
    latency: Duration = .milliseconds(600), seed: UInt64 = 1,
    makeTransactionId: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
  ) {
    let (seconds, attoseconds) = latency.components
    let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    self.init(
      settings: GatewaySettings(latencyMilliseconds: milliseconds, seed: seed),
      makeTransactionId: makeTransactionId)
  }

  /// A gateway with the settings a scenario and the command line ask for (profile, AVS rules, latencies).
  public init(
    settings: GatewaySettings,
    makeTransactionId: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
    spentSessions: SpentSessions = SpentSessions()
  ) {
    self.spentSessions = spentSessions
    controls = GatewayControls(settings: settings)
    self.makeTransactionId = makeTransactionId
  }

  public func apply(_ settings: GatewaySettings) {
    controls.apply(settings)
  }

  /// An operation's answer, due after its next latency.
  private func reply<Value>(_ operation: GatewayOperation, _ value: Value) -> Reply<Value> {
    .after(controls.nextLatency(for: operation), value)
  }

  /// Decides now (the armed or random fault, then the charge, once per idempotency key); the answer is due
  /// after the authorisation's latency.
  public func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome> {
    reply(.authorise, authorisation(request))
  }

  private func authorisation(_ request: AuthorisationRequest) -> AuthorisationOutcome {
    guard let fault = request.fault ?? controls.drawFault() else { return charge(request) }
    switch fault {
    case .duplicateRequest:
      // The request arrives twice (a retry after a lost answer): the second gets the first's outcome,
      // uncharged, and says it is a replay.
      _ = charge(request)
      return charge(request)
    case .timeout:
      // The gateway decided (and may have charged), but its answer never came back: a retry with the same
      // idempotency key gets that first decision, never a second charge.
      _ = charge(request)
      return coded(.declined(fault.error), for: request)
    default:
      return coded(.declined(fault.error), for: request)
    }
  }

  /// The outcome of a request, once per idempotency key (a retry gets the first answer marked as a replay,
  /// and is never charged again); a payment in a spent session is refused, and so is one whose session
  /// cannot be checked or spent.
  private func charge(_ request: AuthorisationRequest) -> AuthorisationOutcome {
    let settings = controls.settings
    let (outcome, replayed) = controls.outcome(for: request.idempotencyKey) {
      if let refusal = spentSessions.refusal(before: request) {
        return coded(.declined(refusal), for: request, profile: settings.profile)
      }
      return spending(decide(request, settings: settings), request, settings.profile)
    }
    guard replayed else { return outcome }
    var report = outcome.report ?? GatewayReport(profile: settings.profile)
    report.replayed = true
    return outcome.reporting(report)
  }

  public func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder> {
    let id = makeTransactionId().replacingOccurrences(of: "-", with: "").prefix(17).uppercased()
    return reply(
      .initialise, PayPalOrder(orderId: "PAYID-\(id)", intent: request.intent, amount: request.amount))
  }

  public func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse> {
    reply(.initialise, ApplePayInitEndpoint.answer(request))
  }

  /// The issuer's decision once the shopper answered the challenge (`code` nil when they cancelled). The
  /// challenge settles the request it belongs to: charged once, a repeated answer gets the first, and an
  /// approval spends the session.
  public func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?)
    -> Reply<AuthorisationOutcome>
  {
    let profile = controls.settings.profile
    let outcome = controls.settle(challenge.request.idempotencyKey) {
      spending(
        coded(challengeDecision(challenge, code: code), for: challenge.request, profile: profile),
        challenge.request, profile)
    }
    return reply(.threeDSecure, outcome)
  }

  private func challengeDecision(_ challenge: ThreeDSecureChallenge, code: String?) -> AuthorisationOutcome {
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

  /// The seed's order: the address check (AVS) first, which may decline, then 3-D Secure and the
  /// authorisation itself.
  private func decide(_ request: AuthorisationRequest, settings: GatewaySettings) -> AuthorisationOutcome {
    guard let address = request.addressVerification, request.card != nil else {
      return coded(decision(for: request), for: request, profile: settings.profile)
    }
    let result = TestAddress.result(forPostalCode: address.postalCode)
    let decline = settings.addressVerification.decline(for: result)
    var outcome = coded(
      decline.map(AuthorisationOutcome.declined) ?? decision(for: request), for: request,
      profile: settings.profile)
    var report = outcome.report ?? GatewayReport(profile: settings.profile)
    report.addressVerification = result
    outcome = outcome.reporting(report)
    return outcome
  }

  /// A decision with the codes of the gateway's PSP profile beside it.
  /// An approval in a session spends it, as part of the charge (`SpentSessions.refusal(spending:for:)`):
  /// refused instead when another process paid meanwhile or the ledger cannot take it.
  private func spending(
    _ outcome: AuthorisationOutcome, _ request: AuthorisationRequest, _ profile: PSPProfile
  ) -> AuthorisationOutcome {
    guard let refusal = spentSessions.refusal(spending: outcome, for: request) else { return outcome }
    return coded(.declined(refusal), for: request, profile: profile)
  }

  private func coded(
    _ decision: AuthorisationOutcome, for request: AuthorisationRequest, profile: PSPProfile? = nil
  ) -> AuthorisationOutcome {
    let intent = request.method == .paypal ? "Authorisation" : request.intent
    return decision.reporting(
      (profile ?? controls.settings.profile).report(
        for: decision, intent: intent, funding: request.payPal?.funding))
  }

  /// 3-D Secure's result when it completes without a challenge: N and R decline, the rest approve.
  private func threeDSecureDecision(
    _ result: ThreeDSecureResult, systemTransactionId: String
  ) -> AuthorisationOutcome {
    switch result.transStatus {
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
      return .approvedWithThreeDSecure(systemTransactionId: systemTransactionId, result)
    }
  }

  private func decision(for request: AuthorisationRequest) -> AuthorisationOutcome {
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
    if let supplied = request.threeDSecureData {
      // The merchant ran 3-D Secure itself (onPreAuthorisation): its result stands, no challenge.
      return threeDSecureDecision(
        ThreeDSecureResult(
          transStatus: supplied.threeDSecureTransactionStatus, eci: supplied.electronicCommerceIndicator),
        systemTransactionId: id)
    }
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
      return threeDSecureDecision(
        ThreeDSecureResult(transStatus: status, network: scheme), systemTransactionId: id)
    default:
      return .approved(systemTransactionId: id)
    }
  }
}
