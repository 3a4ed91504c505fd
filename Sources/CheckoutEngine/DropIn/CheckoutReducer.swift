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

    case .applePayInitAnswered(let response):
      initAnswered(response, in: &state, context: context)
      return []

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
        state.payPal = nil
        state.pazeCard = nil
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
      if let expired = sessionExpired(state, context: context) {
        conclude(.declined(expired), method: .card, amount: state.total, in: &state, context: context)
        return []
      }
      state.notice = nil
      state.awaitingMerchant = .card
      return [.askBeforeSubmit(.card)]

    case .beforeSubmitAnswered(let method, let verdict):
      // Only the answer for the method that asked: a stale answer for another method changes nothing.
      guard state.awaitingMerchant == method else { return [] }
      state.awaitingMerchant = nil
      var details = [EventDetail("returned", .bool(verdict.allowed))]
      if let message = verdict.message { details.append(EventDetail("message", .string(message))) }
      record(.onBeforeSubmit, method: method, details: details, in: &state, context: context)
      guard verdict.allowed else {
        state.notice = verdict.message ?? "The merchant did not allow this payment to be submitted."
        return []
      }
      if method == .applePay { return openSheet(in: &state, context: context) }
      if method == .paypal { return createPayPalOrder(&state, context: context) }
      if method == .paze {
        state.screen = .pazeCheckout
        return []
      }
      return submit(method, in: &state, context: context)

    case .gatewayAnswered(let outcome) where state.screen == .applePaySheet:
      return finishApplePay(outcome, in: &state, context: context)

    case .gatewayAnswered(let outcome):
      guard case .processing(let method) = state.screen else { return [] }
      // PayPal processes twice: creating the order, then authorising the approved one. Only the second waits
      // for the gateway's decision.
      guard method != .paypal || state.payPal != nil else { return [] }
      conclude(outcome, method: method, amount: state.total, in: &state, context: context)
      return []

    case .tryAgain:
      guard case .result(.failure(let method, _)) = state.screen else { return [] }
      state.screen = method == .card ? .cardForm : .methodList
      state.payPal = nil
      state.pazeCard = nil
      return []

    case .submitChallengeCode(let code):
      guard case .threeDSChallenge(let challenge) = state.screen else { return [] }
      state.screen = .processing(challenge.request.method)
      state.processingSince = context.now
      return [.completeChallenge(challenge, code: code)]

    case .cancelChallenge:
      guard case .threeDSChallenge(let challenge) = state.screen else { return [] }
      state.screen = .processing(challenge.request.method)
      return [.completeChallenge(challenge, code: nil)]

    case .payPalOrderCreated, .approvePayPal, .cancelPayPal:
      return reducePayPal(&state, action, context: context)

    case .approvePaze, .cancelPaze:
      return reducePaze(&state, action, context: context)

    case .selectShippingContact, .selectShippingMethod, .selectCard, .enterCouponCode, .sheetUpdated,
      .requestAuthorisation, .authenticate, .preAuthorisationAnswered, .cancelSheet, .switchAuthentication,
      .updateTimedOut:
      return reduceSheet(&state, action, context: context)

    case .merchantHookFailed(let failure):
      return merchantHookFailed(failure, in: &state, context: context)

    case .startNewCheckout:
      guard case .result(.success) = state.screen else { return [] }
      // The session is spent: its payment succeeded. The new checkout is created in a new session, on the
      // same device, and says so.
      var next = CheckoutState(scenario: state.scenario)
      next.events = state.events
      next.attempts = state.attempts
      next.device = state.device
      next.sessionNumber = state.sessionNumber + 1
      next.notice =
        "Session \(state.sessionId) is spent (its payment succeeded): this checkout uses a new session, \(next.sessionId)."
      state = next
      return create(&state, context: context)
    }
  }

  /// `onSuccess` or `onError` and the result screen, once the gateway answered.
  static func conclude(
    _ outcome: AuthorisationOutcome, method: DropInPaymentMethod, amount: Money,
    in state: inout CheckoutState,
    context: ReduceContext
  ) {
    state.processingSince = nil
    // The seed's card timeline: the AVS update, then 3-D Secure, then the authorisation's callback.
    let outcome = recordAddressVerification(outcome, method: method, in: &state, context: context)
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
      return
    case .approvedWithThreeDSecure(_, let result):
      record(
        .threeDSecure, method: method,
        details: [
          EventDetail("transStatus", .string(result.transStatus)), EventDetail("eci", .string(result.eci)),
        ],
        in: &state, context: context)
    default:
      break
    }
    switch outcome.decision {
    case .challengeRequired, .reported:
      break
    case .approved(let systemTransactionId), .approvedAfterRedirect(let systemTransactionId, _),
      .approvedWithThreeDSecure(let systemTransactionId, _):
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
      state.screen = .result(.success(result))
    case .declined(let error):
      record(
        .onError, method: method, details: error.eventDetails + reportDetails, in: &state, context: context)
      state.screen = .result(.failure(method: method, error: error))
    }
  }

  /// Records the AVS session update the gateway reported, if any, and returns the outcome without it (so it
  /// is recorded once).
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
    in state: inout CheckoutState, context: ReduceContext
  ) {
    let outcomeDetail = outcome.map { [EventDetail("outcome", .string($0))] } ?? []
    record(
      .onError, method: method, details: outcomeDetail + error.eventDetails, in: &state, context: context)
    state.screen = .methodList
    state.notice = notice ?? error.errorMessage
  }

  /// The error for a submission in a session past its `sessionExpiry`, or nil while it is valid.
  static func sessionExpired(_ state: CheckoutState, context: ReduceContext) -> SdkError? {
    guard let expiry = state.scenario.session.expiry, context.now >= expiry else { return nil }
    return SdkError(
      errorCode: "SESSION_EXPIRED",
      errorMessage:
        "The session expired at \(state.scenario.session.sessionExpiry); create a new session to pay")
  }

  static func isEditable(_ state: CheckoutState) -> Bool {
    state.screen == .cardForm && !state.isAwaitingMerchant
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
    state.screen = .processing(method)
    state.processingSince = context.now
    var request = authorisationRequest(method, card: card, amount: state.total, state: state)
    if state.cardFields.contains(.postalCode) {
      request.addressVerification = ApplePayTransactionInitData.AddressVerification(
        countryCode: "", houseNumberOrName: "", postalCode: form.postalCode)
    }
    return [.authorise(request)]
  }

  /// The gateway request for the current attempt, in the checkout's session.
  static func authorisationRequest(
    _ method: DropInPaymentMethod, card: CardDetails, amount: Money, state: CheckoutState
  ) -> AuthorisationRequest {
    AuthorisationRequest(
      method: method, card: card, amount: amount, intent: state.scenario.cardIntent,
      merchantTransactionId: state.scenario.merchantTransactionId, sessionId: state.sessionId,
      idempotencyKey: "\(state.scenario.merchantTransactionId)-\(state.attempts)")
  }

  static func amountDetails(_ money: Money) -> [EventDetail] {
    [
      EventDetail("amount", .string(money.plainString)),
      EventDetail("currency", .string(money.currency.code)),
    ]
  }

  static func record(
    _ name: CallbackName, method: DropInPaymentMethod?, details: [EventDetail],
    in state: inout CheckoutState, context: ReduceContext
  ) {
    state.events.append(
      CallbackEvent(
        sequence: state.events.count + 1, time: context.now, name: name, method: method, details: details))
  }
}
