import Foundation

/// The Drop-in's rules as one pure function: state and action in, new state and effects out.
///
/// Callbacks are recorded in `state.events` in the seed's order. For a card: `onBeforeSubmit(.card)`,
/// `onSubmit(.card)`, the gateway, then `onSuccess(result)` or `onError(.card, error)`.
public enum CheckoutReducer {
  /// Applies an action and returns the effects the runner must perform.
  public static func reduce(
    _ state: inout CheckoutState, _ action: CheckoutAction, context: ReduceContext
  ) -> [CheckoutEffect] {
    switch action {
    case .createCheckout:
      if let problem = state.scenario.session.initialisationProblem {
        let error = SdkError(
          errorCode: "INVALID_SESSION",
          errorMessage: "CheckoutDropIn(config:) refused the session: \(problem)")
        record(.onError, method: nil, details: error.eventDetails, in: &state, context: context)
        state.screen = .initialisationFailed(error)
        return []
      }
      return create(&state, context: context)

    case .answered(let id, let answer):
      // Taken only while waited for, and only as the kind of answer asked for: anything else is dropped, and
      // the request it named is still waited for.
      guard let awaited = state.requests.awaited(id), awaited.isAnswered(by: answer) else {
        drop(answer, id: id, in: &state, context: context)
        return []
      }
      state.requests.settle(id)
      // An answer that found its request but nothing left to change (its screen moved on) says so too.
      guard let effects = receive(answer, for: awaited, in: &state, context: context) else {
        drop(answer, id: id, in: &state, context: context)
        return []
      }
      return effects

    case .changeDevice(let device):
      guard state.screen == .methodList, !state.isAwaitingMerchant else { return [] }
      state.device = device
      state.notice = nil
      return create(&state, context: context)

    case .selectMethod(let method):
      guard state.screen == .methodList, state.methods.contains(method), !state.isAwaitingMerchant else {
        return []
      }
      state.notice = nil
      if method == .applePay, state.scenario.applePay != nil {
        return activateApplePay(&state, context: context)
      }
      if method == .paypal {
        return activatePayPal(&state, context: context)
      }
      if method == .paze {
        return activatePaze(&state, context: context)
      }
      state.screen = method == .card ? .cardForm : .methodUnavailable(method)
      return []

    case .backToMethods:
      switch state.screen {
      case .processing, .applePaySheet, .payPalApproval, .pazeCheckout, .threeDSChallenge: return []
      case .cardForm where state.isAwaitingMerchant: return []
      default:
        state.screen = .methodList
        state.cardForm = CardForm()
        state.notice = nil
        return []
      }

    case .type(let text, let field):
      guard isEditable(state) else { return [] }
      state.cardForm.type(text, into: field)
      return []

    case .deleteBackward(let field):
      guard isEditable(state) else { return [] }
      state.cardForm.deleteBackward(in: field)
      return []

    case .leaveField(let field):
      guard isEditable(state), !state.cardForm.value(of: field).isEmpty else { return [] }
      state.cardForm.errors[field] = validator(for: state, context: context).error(
        for: field, in: state.cardForm)
      return []

    case .submitCard:
      guard isEditable(state) else { return [] }
      let errors = validator(for: state, context: context).errors(in: state.cardForm)
      state.cardForm.errors = errors
      guard errors.isEmpty else { return [] }
      if let refused = sessionRefusal(state, context: context) {
        return conclude(.declined(refused), method: .card, amount: state.total, in: &state, context: context)
      }
      state.notice = nil
      return askBeforeSubmit(.card, in: &state)

    case .tryAgain:
      // A session that is spent or expired takes no payment: trying again cannot work, and is not offered.
      guard case .result(.failure(let method, let error, _)) = state.screen, !error.endsTheSession else {
        return []
      }
      state.screen = method == .card ? .cardForm : .methodList
      return []

    case .submitChallengeCode(let code):
      guard case .threeDSChallenge(let challenge) = state.screen else { return [] }
      state.screen = .processing(
        Submission(challenge.request, since: context.now, localisation: state.localisation))
      let id = state.requests.issue(.gateway(challenge.request.method))
      return [.completeChallenge(id, challenge, code: code)]

    case .cancelChallenge:
      guard case .threeDSChallenge(let challenge) = state.screen else { return [] }
      state.screen = .processing(
        Submission(challenge.request, since: context.now, localisation: state.localisation))
      let id = state.requests.issue(.gateway(challenge.request.method))
      return [.completeChallenge(id, challenge, code: nil)]

    case .approvePayPal, .cancelPayPal:
      return reducePayPal(&state, action, context: context)

    case .approvePaze, .cancelPaze:
      return reducePaze(&state, action, context: context)

    case .selectShippingContact, .selectShippingMethod, .selectCard, .enterCouponCode,
      .requestAuthorisation, .authenticate, .cancelSheet, .switchAuthentication:
      return reduceSheet(&state, action, context: context)

    case .endRun:
      return endAttempt(.interrupted, in: &state, context: context)

    case .startNewCheckout:
      // After a payment, or after a refusal that ended the session (spent, expired): what can work then.
      switch state.screen {
      case .result(.success): break
      case .result(.failure(_, let error, _)) where error.endsTheSession: break
      default: return []
      }
      // The session is spent: its payment succeeded. The new checkout is created on the same device, in a
      // new session when the scenario made this one up; a backend's session only the backend renews, so
      // the checkout stays in it, where the gateway refuses a second payment. The notice says which.
      var next = CheckoutState(following: state)
      var (ended, code) = ("is spent (its payment succeeded)", "SESSION_SPENT")
      if case .result(.failure(_, let error, _)) = state.screen, error.errorCode == "SESSION_EXPIRED" {
        (ended, code) = ("has expired", "SESSION_EXPIRED")
      }
      switch state.scenario.sessionOrigin {
      case .scenario:
        next.sessionNumber = state.sessionNumber + 1
        next.notice =
          "Session \(state.sessionId) \(ended): this checkout uses a new session, \(next.sessionId)."
      case .merchantBackend:
        next.sessionNumber = state.sessionNumber
        next.notice =
          "Session \(state.sessionId) \(ended): a payment in it is refused (\(code)). "
          + "Your backend creates the next session."
      }
      continueRun(of: &state, in: next)
      return create(&state, context: context)

    case .openSession(let scenario):
      guard state.isAtRest else { return [] }
      var next = CheckoutState(scenario: scenario)
      next.device = state.device
      continueRun(of: &state, in: next)
      return reduce(&state, .createCheckout, context: context)

    case .backendRequest(let details):
      record(.httpRequest, method: nil, details: details, in: &state, context: context)
      return []
    }
  }

  /// Replaces the checkout with `next`, a new checkout of the same run: the event log, the counts of
  /// attempts and payments go on; requests still waited for are abandoned.
  private static func continueRun(of state: inout CheckoutState, in next: CheckoutState) {
    var next = next
    swap(&next.events, &state.events)
    next.attempts = state.attempts
    next.payments = state.payments
    next.runTag = state.runTag
    next.attemptNumber = state.attemptNumber
    next.attemptEventsStart = state.attemptEventsStart
    next.requests = state.requests
    next.requests.abandon { _ in true }
    state = next
    // The log grows with the session: it must have one owner, or the next event would copy it whole.
    next.events = []
  }

  /// `onSuccess` or `onError` and the result screen, once the gateway answered.
  static func conclude(
    _ outcome: AuthorisationOutcome, method: DropInPaymentMethod, amount: Money,
    in state: inout CheckoutState,
    context: ReduceContext
  ) -> [CheckoutEffect] {
    // The seed's card timeline: the AVS update, then 3-D Secure, then the authorisation's callback.
    var outcome = recordAddressVerification(outcome, method: method, in: &state, context: context)
    let reportDetails = outcome.report?.outcomeDetails ?? []
    switch outcome.decision {
    case .challengeRequired(let challenge):
      record(
        .threeDSecure, method: method,
        details: [
          EventDetail("transStatus", .string("C")),
          EventDetail("acsTransactionId", .string(challenge.acsTransactionId)),
        ] + reportDetails, in: &state, context: context)
      state.screen = .threeDSChallenge(challenge)
      return []
    default:
      break
    }
    outcome = recordThreeDSecure(outcome, method: method, in: &state, context: context)
    state.attempt?.amount = amount
    switch outcome.decision {
    case .challengeRequired, .reported:
      return []
    case .approved(let systemTransactionId), .approvedAfterRedirect(let systemTransactionId, _),
      .approvedWithThreeDSecure(let systemTransactionId, _):
      state.openPayment = nil
      let result = DropInSubmitResult(
        systemTransactionId: systemTransactionId,
        merchantTransactionId: state.scenario.merchantTransactionId)
      record(
        .onSuccess, method: method,
        details: [
          EventDetail("systemTransactionId", .string(result.systemTransactionId)),
          EventDetail("merchantTransactionId", .string(result.merchantTransactionId)),
        ] + amountDetails(amount)
          // DropInSubmitResult.paymentData is nil for every method but Paze.
          + (method == .paze ? [EventDetail("paymentData", .string("paze(PazeCheckoutDecoded)"))] : [])
          + reportDetails,
        in: &state, context: context)
      let receipt = Receipt(result: result, method: method, paidWith: state.paidWith, amount: amount)
      state.screen = .result(.success(receipt))
      return endAttempt(
        .succeeded(result), of: method, resultCode: outcome.report?.resultCode, in: &state, context: context)
    case .declined(let error):
      // Nobody knows whether a timed-out payment was charged: it stays open, and a retry keeps its key.
      if !OpenPayment.unknownOutcomeCodes.contains(error.errorCode) { state.openPayment = nil }
      record(
        .onError, method: method, details: error.eventDetails(for: method) + reportDetails, in: &state,
        context: context)
      state.screen = .result(.failure(method: method, error: error, amount: amount))
      return endAttempt(
        ending(after: error), of: method, resultCode: outcome.report?.resultCode, in: &state, context: context
      )
    }
  }

  /// Asks the merchant's `onBeforeSubmit` for a method; the submission waits for the verdict.
  static func askBeforeSubmit(_ method: DropInPaymentMethod, in state: inout CheckoutState)
    -> [CheckoutEffect]
  {
    state.awaitingMerchant = method
    return [.askBeforeSubmit(state.requests.issue(.beforeSubmit(method)), method)]
  }

  /// `onBeforeSubmit`'s payload when the merchant allowed without a message, made once: the log keeps every
  /// event's payload for the session, and this one is shared rather than made again for each.
  static let allowedPayload = [EventDetail("returned", .bool(true))]

  /// The merchant's `onBeforeSubmit` verdict: the submission goes on, or stops with the merchant's notice.
  static func beforeSubmitAnswered(
    _ method: DropInPaymentMethod, _ verdict: BeforeSubmitVerdict, in state: inout CheckoutState,
    context: ReduceContext
  ) -> [CheckoutEffect]? {
    guard state.awaitingMerchant == method else { return nil }
    state.awaitingMerchant = nil
    var details = verdict.allowed ? allowedPayload : [EventDetail("returned", .bool(false))]
    if let message = verdict.message { details.append(EventDetail("message", .string(message))) }
    record(.onBeforeSubmit, method: method, details: details, in: &state, context: context)
    guard verdict.allowed else {
      state.notice = verdict.message ?? state.localisation.text(.merchantDidNotAllow)
      return []
    }
    if method == .applePay { return openSheet(in: &state, context: context) }
    if method == .paypal {
      // PayPal and Paze fire no `onSubmit`: the allowed `onBeforeSubmit` starts their attempt.
      let started = beginAttempt(
        .paypal, paidWith: "PayPal", amount: state.total, in: &state, context: context)
      return started + createPayPalOrder(&state, context: context)
    }
    if method == .paze {
      state.screen = .pazeCheckout
      return beginAttempt(.paze, paidWith: nil, amount: state.total, in: &state, context: context)
    }
    return submit(method, in: &state, context: context)
  }

  /// The gateway's decision on the payment in flight.
  static func gatewayAnswered(
    _ outcome: AuthorisationOutcome, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect]? {
    if state.screen.isApplePaySheet { return finishApplePay(outcome, in: &state, context: context) }
    guard case .processing(let submission) = state.screen else { return nil }
    // PayPal processes twice: creating the order, then authorising the approved one. Only the second waits
    // for the gateway's decision.
    guard submission.method != .paypal || submission.payPal != nil else { return nil }
    return conclude(
      outcome, method: submission.method, amount: submission.amount, in: &state, context: context)
  }

  /// Routes an answer to what asked for it (its kind was checked against the request); nil when what asked
  /// has moved on and the answer changes nothing.
  static func receive(
    _ answer: CheckoutAnswer, for awaited: Awaited, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect]? {
    switch answer {
    case .beforeSubmit(let verdict):
      return beforeSubmitAnswered(awaited.method, verdict, in: &state, context: context)
    case .gateway(let outcome):
      return gatewayAnswered(outcome, in: &state, context: context)
    case .applePayInit(let response):
      return initAnswered(response, in: &state, context: context)
    case .payPalOrder(let order):
      return payPalOrderCreated(order, in: &state, context: context)
    case .sheetUpdate(let update):
      return sheetUpdated(update, in: &state, context: context)
    case .timeLimitPassed:
      return updateTimedOut(in: &state, context: context)
    case .deviceChecked:
      return deviceChecked(in: &state, context: context)
    case .preAuthorisation(let answer):
      return preAuthorisationAnswered(answer, in: &state, context: context)
    case .merchantHookFailed(let error):
      let failure = MerchantHookFailure(
        callback: awaited.callback ?? .onBeforeSubmit, method: awaited.method, error: error)
      return merchantHookFailed(failure, in: &state, context: context)
    }
  }

  /// An answer nothing waits for (late, twice, for a sheet that closed) changes nothing; the event pane says
  /// it was dropped, for the developer.
  static func drop(
    _ answer: CheckoutAnswer, id: RequestID, in state: inout CheckoutState, context: ReduceContext
  ) {
    record(
      .answerDropped, method: nil,
      details: [
        EventDetail("request", .string(id.description)), EventDetail("answer", .string(answer.label)),
      ],
      in: &state, context: context)
  }

  /// Records the AVS session update the gateway reported, if any, and returns the outcome without it (so it
  /// is recorded once).
  /// The `threeDSecure` event of an authentication that passed (`transStatus` Y, A, …), before the
  /// authorisation's own callback; the outcome comes back plainly approved, so that it is told once.
  static func recordThreeDSecure(
    _ outcome: AuthorisationOutcome, method: DropInPaymentMethod, in state: inout CheckoutState,
    context: ReduceContext
  ) -> AuthorisationOutcome {
    guard case .approvedWithThreeDSecure(let transactionId, let result) = outcome.decision else {
      return outcome
    }
    record(
      .threeDSecure, method: method,
      details: [
        EventDetail("transStatus", .string(result.transStatus)), EventDetail("eci", .string(result.eci)),
      ],
      in: &state, context: context)
    let approved = AuthorisationOutcome.approved(systemTransactionId: transactionId)
    return outcome.report.map(approved.reporting) ?? approved
  }

  static func recordAddressVerification(
    _ outcome: AuthorisationOutcome, method: DropInPaymentMethod, in state: inout CheckoutState,
    context: ReduceContext
  ) -> AuthorisationOutcome {
    guard var report = outcome.report, let result = report.addressVerification else { return outcome }
    record(
      .addressVerification, method: method,
      details: [
        EventDetail("avsResult", .string(result.rawValue)), EventDetail("meaning", .string(result.meaning)),
      ],
      in: &state, context: context)
    report.addressVerification = nil
    return outcome.reporting(report)
  }

  /// `onError(method, error)` reported where the shopper already is: the method list, with a notice (the
  /// error's message unless another is given). `outcome` names the plugin's outcome when there is one.
  static func reportOnMethodList(
    _ error: SdkError, method: DropInPaymentMethod, outcome: String? = nil, notice: String? = nil,
    ending: Attempt.Ending? = nil, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect] {
    let outcomeDetail = outcome.map { [EventDetail("outcome", .string($0))] } ?? []
    record(
      .onError, method: method, details: outcomeDetail + error.eventDetails(for: method), in: &state,
      context: context)
    state.screen = .methodList
    state.notice = notice ?? error.errorMessage
    return endAttempt(ending ?? Self.ending(after: error), of: method, in: &state, context: context)
  }

  /// Why the session refuses a payment, or nil when it takes one: it is past its `sessionExpiry`
  /// (`SESSION_EXPIRED`), or it was created with `allowTransaction: false` (`TRANSACTION_NOT_ALLOWED`: the
  /// seed's "whether or not to proceed with the transaction"; it names no code, so the code is PayDrill's,
  /// reported as the seed reports a payment that fails, by `onError(method, error)`).
  static func sessionRefusal(_ state: CheckoutState, context: ReduceContext) -> SdkError? {
    if let expiry = state.sessionExpiry, context.now >= expiry {
      return SdkError(
        errorCode: "SESSION_EXPIRED",
        errorMessage:
          "The session expired at \(state.scenario.session.sessionExpiry); create a new session to pay")
    }
    guard state.scenario.allowTransaction else {
      return SdkError(
        errorCode: "TRANSACTION_NOT_ALLOWED",
        errorMessage:
          "Session \(state.sessionId) was created with allowTransaction: false; the transaction does not proceed"
      )
    }
    return nil
  }

  static func isEditable(_ state: CheckoutState) -> Bool {
    state.screen == .cardForm && !state.isAwaitingMerchant
  }

  /// What is wrong with the card form as typed (the errors Pay would show), none when it would be
  /// submitted: the terminal puts the focus on Pay after "Try again" when the form is still valid.
  public static func cardFormErrors(of state: CheckoutState, context: ReduceContext) -> [CardField: String] {
    validator(for: state, context: context).errors(in: state.cardForm)
  }

  private static func validator(for state: CheckoutState, context: ReduceContext) -> CardValidator {
    let (year, month) = context.yearAndMonth
    return CardValidator(
      acceptedSchemes: state.scenario.session.allowedFundingTypes.acceptedSchemes,
      currentYear: year, currentMonth: month, fields: state.cardFields, localisation: state.localisation)
  }

  /// `onSubmit` and the gateway request, once the merchant let the submission through.
  private static func submit(
    _ method: DropInPaymentMethod, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect] {
    let form = state.cardForm
    let number = CardNumber(digits: form.number)
    let card = CardDetails(
      number: number, expiryMonth: Int(form.expiry.prefix(2)) ?? 0,
      expiryYear: 2000 + (Int(form.expiry.suffix(2)) ?? 0), securityCode: form.securityCode,
      holderName: form.holderName)
    state.attempts += 1
    record(
      .onSubmit, method: method,
      details: [
        EventDetail("scheme", .string(number.scheme?.sessionName ?? "unknown")),
        EventDetail("last4", .string(number.lastFour)),
      ] + amountDetails(state.total), in: &state, context: context)
    let started = beginAttempt(
      method, paidWith: "\(number.scheme?.sessionName ?? "unknown") ••••\(number.lastFour)",
      amount: state.total,
      in: &state, context: context)
    var request = authorisationRequest(method, card: card, amount: state.total, state: &state)
    state.screen = .processing(Submission(request, since: context.now, localisation: state.localisation))
    if state.cardFields.contains(.postalCode) {
      request.addressVerification = ApplePayTransactionInitData.AddressVerification(
        countryCode: "", houseNumberOrName: "", postalCode: form.postalCode)
    }
    return started + [.authorise(state.requests.issue(.gateway(method)), request)]
  }

  /// The gateway request for the current attempt, in the checkout's session, with its payment's idempotency
  /// key.
  static func authorisationRequest(
    _ method: DropInPaymentMethod, card: CardDetails?, amount: Money, intent: String? = nil,
    state: inout CheckoutState
  ) -> AuthorisationRequest {
    AuthorisationRequest(
      method: method, card: card, amount: amount, intent: intent ?? state.scenario.cardIntent,
      merchantTransactionId: state.scenario.merchantTransactionId, sessionId: state.sessionId,
      idempotencyKey: state.idempotencyKey(for: method, amount: amount))
  }

  static func amountDetails(_ money: Money) -> [EventDetail] {
    [
      EventDetail("amount", .string(money.plainString)),
      EventDetail("currency", .string(money.currency.code)),
    ]
  }

  /// Appends a callback to the log, at the context's instant (`EventLog.record`: a payload equal to one the
  /// same callback recorded lately shares that one's storage).
  static func record(
    _ name: CallbackName, method: DropInPaymentMethod?, details: [EventDetail],
    in state: inout CheckoutState, context: ReduceContext
  ) {
    state.events.record(name, method: method, details: details, at: context.now)
  }
}
