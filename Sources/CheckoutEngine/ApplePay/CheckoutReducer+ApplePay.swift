import Foundation

/// The Apple Pay sheet's part of the reducer. The seed's timeline: `onBeforeSubmit(.applePay)` before the
/// sheet opens; the sheet's update callbacks as the shopper changes rows; authorisation; `onSubmit(.applePay)`
/// as pre-authorisation starts; `onPreAuthorisation`; the gateway; `onPostAuthorisation`; `onSuccess` or
/// `onError(.applePay, …)`. Dismissing fires `onCancel` and charges nothing.
extension CheckoutReducer {
  /// How long PassKit waits for an update handler before it gives up on the payment.
  public static let updateTimeLimit = Duration.seconds(30)

  /// Opens the sheet with the configuration's items and the Wallet's defaults, and asks for the first update.
  static func openSheet(in state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect] {
    guard let configuration = state.scenario.applePay else { return [] }
    if state.device.sheetFailsToPresent {
      return sheetFailedToPresent(configuration, in: &state, context: context)
    }
    let contact =
      configuration.requiredShippingContactFields.isEmpty ? nil : configuration.wallet.contacts.first
    let label = state.sheetTotalLabel ?? configuration.totalLabel
    var sheet = ApplePaySheet(
      summaryItems: configuration.initialSummary(labelled: label),
      shippingMethods: configuration.shippingMethods,
      shippingMethod: configuration.shippingMethods.first, shippingContact: contact,
      card: state.sheetCards.first)
    sheet.totalLabel = label
    sheet.configurationProblem = totalProblem(configuration)
    sheet.authentication = configuration.authentication
    let hasCard = sheet.card != nil
    if contact != nil { sheet.needsInitialCardUpdate = hasCard }
    state.screen = .applePaySheet(sheet)
    if contact != nil { return requestUpdate(.shippingContact, in: &state, context: context) }
    return hasCard ? requestUpdate(.paymentMethod, in: &state, context: context) : []
  }

  /// The last item of an update is the total and must be the sum of the others, or zero when they add up
  /// to less (the seed's `max(0, …)`); a mismatch is the developer's to fix, never fixed here.
  static func totalProblem(of items: [SummaryItem], from source: String) -> String? {
    guard let total = items.last, let currency = items.first?.amount.currency else { return nil }
    guard total.amount.isWithinAmountLimit else {
      return
        "Configuration error: \(source) returned a total of \(total.amount.plainString) \(currency.code), "
        + Money.amountLimitText
    }
    let sum = MerchantPricing.sum(Array(items.dropLast()), currency: currency)
    guard MerchantPricing.total(of: Array(items.dropLast()), currency: currency) != total.amount else {
      return nil
    }
    return
      "Configuration error: \(source) returned a total of \(total.amount.plainString) but its items add up to "
      + "\(sum.plainString) \(currency.code)"
  }

  /// PassKit refused to present and does not say why: `failed` with the list to work down.
  static func sheetFailedToPresent(
    _ configuration: ApplePayConfiguration, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect] {
    let merchantId =
      state.scenario.session.allowedFundingTypes.wallets.applePay?.merchantId ?? "your merchant id"
    let message =
      "PassKit could not present the Apple Pay sheet. Check the In-App Payments entitlement lists \(merchantId), "
      + "a payment processing certificate exists for it with this PSP, and the request's country "
      + "(\(configuration.countryCode)), currency (\(configuration.currencyCode.code)) and networks are usable on this device"
    return pluginFailed(message, reason: "the sheet could not present", in: &state, context: context)
  }

  /// The plugin's `failed(PurseError)` for the sheet (it could not present, or the token could not be read):
  /// the plugin's `clientError`, the method unavailable for the session (`PARTNER_UI_FATAL_ERROR`), and, as
  /// for the plugin's other failures, `onError(.applePay, …)` on the method list. Nothing is charged.
  static func pluginFailed(
    _ message: String, reason: String, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect] {
    let error = SdkError(errorCode: "PARTNER_UI_ERROR", errorMessage: message)
    record(
      .clientError, method: .applePay,
      details: error.eventDetails + [EventDetail("outcome", .string("failed"))],
      in: &state, context: context)
    setApplePayState(.partnerUIFatalError(message), reason: reason, in: &state, context: context)
    let closed = closeSheetRequests(in: &state)
    return closed
      + reportOnMethodList(
        error, method: .applePay, outcome: "failed",
        notice: state.localisation.text(.applePayFailed, message), in: &state,
        context: context)
  }

  /// The configuration's total must be the sum of its items; a mismatch is the developer's to fix.
  package static func totalProblem(_ configuration: ApplePayConfiguration) -> String? {
    guard let total = configuration.totalPaymentItem else { return nil }
    let sum = MerchantPricing.sum(configuration.paymentItems, currency: configuration.currencyCode)
    guard sum != total.amount else { return nil }
    return
      "Configuration error: totalPaymentItem is \(total.amount.plainString) but the paymentItems add up to "
      + "\(sum.plainString) \(configuration.currencyCode.code)"
  }

  /// `onCancel`'s payload when the shopper closes the sheet, made once and shared by every such event the log
  /// keeps.
  static let userCancelledPayload = [
    EventDetail("reason", .string("User cancelled")), EventDetail("outcome", .string("canceled")),
  ]

  /// The shopper's actions on the open sheet. The sheet is changed in place, inside the screen.
  static func reduceSheet(_ state: inout CheckoutState, _ action: CheckoutAction, context: ReduceContext)
    -> [CheckoutEffect]
  {
    // What is read of the sheet is read here, not kept as a copy of the sheet: a copy alive while the sheet
    // changes would make the change copy all of its fields.
    guard let phase = state.applePaySheet?.phase, let configuration = state.scenario.applePay else {
      return []
    }
    let reviewing = phase == .reviewing && state.pendingSheetUpdate == nil
    switch action {
    case .selectShippingContact(let index):
      guard reviewing, configuration.wallet.contacts.indices.contains(index) else { return [] }
      let contact = configuration.wallet.contacts[index]
      return requestUpdate(.shippingContact, in: &state, context: context) {
        $0.shippingContact = contact
        $0.errors.removeAll { $0.kind == .shippingAddressInvalid || $0.kind == .contactInvalid }
      }

    case .selectShippingMethod(let identifier):
      guard reviewing,
        let method = state.applePaySheet?.shippingMethods.first(where: { $0.identifier == identifier })
      else { return [] }
      return requestUpdate(.shippingMethod, in: &state, context: context) { $0.shippingMethod = method }

    case .selectCard(let index):
      let cards = state.sheetCards
      guard reviewing, cards.indices.contains(index) else { return [] }
      let card = cards[index]
      return requestUpdate(.paymentMethod, in: &state, context: context) { $0.card = card }

    case .enterCouponCode(let code):
      guard reviewing else { return [] }
      let coupon = code.trimmingWhitespace()
      return requestUpdate(.couponCode, in: &state, context: context) { $0.couponCode = coupon }

    case .requestAuthorisation:
      // Worked out only here: the other actions of the sheet do not ask.
      guard reviewing, let sheet = state.applePaySheet, sheet.authorisationBlocker(configuration) == nil
      else {
        return []
      }
      let step: ApplePaySheet.AuthenticationStep = sheet.authentication == .passcode ? .passcode : .biometric
      _ = consume sheet
      state.applePaySheet?.phase = .authenticating(step)
      state.notice = nil
      return []

    case .switchAuthentication:
      guard reviewing, let authentication = state.applePaySheet?.authentication else { return [] }
      state.applePaySheet?.authentication = authentication.next
      return []

    case .authenticate(let outcome):
      guard case .authenticating(let step) = phase else { return [] }
      let next: ApplePaySheet.Phase
      switch outcome {
      case .recognised where step == .biometric:
        return authorised(in: &state, context: context)
      case .passcode(let code) where step == .passcode:
        guard (4...6).contains(code.count), code.allSatisfy(\.isNumber) else { return [] }
        return authorised(in: &state, context: context)
      case .notRecognised where step == .biometric:
        next = .authenticating(.notRecognised)
      case .recognised where step == .notRecognised:
        next = .authenticating(.biometric)
      case .usePasscode where step != .passcode:
        next = .authenticating(.passcode)
      case .cancelled:
        next = .reviewing
      default:
        return []
      }
      state.applePaySheet?.phase = next
      return []

    case .cancelSheet:
      guard phase != .processing else { return [] }
      record(.onCancel, method: .applePay, details: userCancelledPayload, in: &state, context: context)
      state.screen = .methodList
      // As PayPal and Paze do: a line on the method list says what became of the payment.
      state.notice = state.localisation.text(.walletClosed, "Apple Pay")
      return closeSheetRequests(in: &state)
        + endAttempt(
          .cancelled(code: nil, message: "User cancelled"), of: .applePay, in: &state, context: context)

    default:
      return []
    }
  }

  /// The sheet is gone: nothing it asked for is waited for any more, and its timers stop.
  static func closeSheetRequests(in state: inout CheckoutState) -> [CheckoutEffect] {
    let timers = state.requests.waiting.filter {
      if case .updateTimeLimit = $0.awaited { return true } else { return false }
    }.map(\.id)
    state.requests.abandon(where: \.belongsToSheet)
    return timers.map(CheckoutEffect.cancel)
  }

  /// The merchant's update for the pending callback: applied, and its timer stopped.
  static func sheetUpdated(_ update: SheetUpdate, in state: inout CheckoutState, context: ReduceContext)
    -> [CheckoutEffect]?
  {
    guard let pending = state.pendingSheetUpdate else { return nil }
    record(
      .sheetUpdated, method: .applePay, details: update.eventDetails(for: pending), in: &state,
      context: context)
    let timers = state.requests.abandon { $0 == .updateTimeLimit(pending) }
    // One change of the sheet in place: the update taken, and whether the opening card update is due.
    let cardUpdateDue = state.applePaySheet?.take(update, for: pending) ?? false
    var effects = timers.map(CheckoutEffect.cancel)
    if cardUpdateDue { effects += requestUpdate(.paymentMethod, in: &state, context: context) }
    return effects
  }

  /// PassKit's 30 seconds passed without the pending update.
  static func updateTimedOut(in state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect]? {
    guard let pending = state.pendingSheetUpdate else { return nil }
    return failUpdate(pending, "within 30 seconds", in: &state, context: context)
  }

  /// What `onPreAuthorisation` returned: the payment goes to the gateway, or back to the sheet with errors.
  static func preAuthorisationAnswered(
    _ answer: PreAuthorisationAnswer, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect]? {
    // Only while pre-authorising: once the payment went to the gateway (`authorisingSince` set), a stale
    // answer must not send it again.
    guard let sheet = state.applePaySheet, sheet.phase == .processing, sheet.authorisingSince == nil,
      let card = sheet.card
    else { return nil }
    let amount = sheet.total?.amount ?? state.total
    let holderName = sheet.shippingContact?.name ?? ""
    // Let go of the copy before the sheet changes, or the change would copy every field.
    _ = consume sheet
    var details = answer.data?.eventDetails ?? []
    if let refusal = answer.errors.first {
      details.append(EventDetail("refused", .string(refusal.message)))
    }
    record(.onPreAuthorisation, method: .applePay, details: details, in: &state, context: context)
    guard answer.errors.isEmpty else {
      state.applePaySheet?.phase = .reviewing
      state.applePaySheet?.errors += answer.errors
      return []
    }
    state.attempts += 1
    let cardDetails = CardDetails(
      number: card.number, expiryMonth: 12, expiryYear: 2030, securityCode: "", holderName: holderName)
    state.applePaySheet?.authorisingSince = context.now
    var request = authorisationRequest(.applePay, card: cardDetails, amount: amount, state: &state)
    // The merchant's own checks travel with the payment: its AVS address, and 3-D Secure it already ran.
    request.addressVerification = answer.data?.addressVerification
    request.threeDSecureData = answer.data?.threeDSecureData
    record(
      .sessionUpdate, method: .applePay,
      details: [EventDetail("allowTransaction", .bool(true))] + amountDetails(amount), in: &state,
      context: context)
    return [.authorise(state.requests.issue(.gateway(.applePay)), request)]
  }

  /// PassKit got no update for the pending callback (`how` says what happened instead): the payment ends
  /// with `onError(.applePay, APPLE_PAY_UPDATE_TIMEOUT)`, nothing charged.
  static func failUpdate(
    _ pending: ApplePaySheet.PendingUpdate, _ how: String, in state: inout CheckoutState,
    context: ReduceContext
  ) -> [CheckoutEffect] {
    let error = SdkError(
      errorCode: "APPLE_PAY_UPDATE_TIMEOUT",
      errorMessage: "Payment could not be completed: \(pending.callbackName) did not answer \(how)")
    return failUpdate(with: error, in: &state, context: context)
  }

  /// The pending update cannot be applied (`error` says why): the payment ends with `onError(.applePay,
  /// error)`, nothing charged.
  static func failUpdate(
    with error: SdkError, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect] {
    let effects = closeSheetRequests(in: &state)
    return effects
      + conclude(
        .declined(error), method: .applePay, amount: state.applePaySheet?.total?.amount ?? state.total,
        in: &state, context: context)
  }

  /// The shopper authenticated: `onSubmit(.applePay)` as pre-authorisation starts, then `onPreAuthorisation`.
  private static func authorised(in state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect] {
    if state.device.tokenUnreadable {
      // PassKit authorised, but the plugin cannot read the payment token it got: nothing to submit.
      return pluginFailed(
        "The Apple Pay payment token could not be read; no payment was submitted",
        reason: "the token could not be read",
        in: &state, context: context)
    }
    state.applePaySheet?.phase = .processing
    guard let sheet = state.applePaySheet else { return [] }
    var details: [EventDetail] = []
    if let card = sheet.card {
      details = [
        EventDetail("paymentMethod.displayName", .string(card.displayName)),
        EventDetail("paymentMethod.network", .string(card.network.rawValue)),
      ]
    }
    let amount = sheet.total?.amount ?? state.total
    record(
      .onSubmit, method: .applePay, details: details + amountDetails(amount), in: &state, context: context)
    let started = beginAttempt(
      .applePay, paidWith: sheet.card?.displayName, amount: amount, in: &state, context: context)
    return started
      + [.preAuthorise(state.requests.issue(.preAuthorisation), shippingContact: sheet.shippingContact)]
  }

  /// `onPostAuthorisation` with the gateway's result (and, now, the full shipping contact), then the Drop-in's
  /// `onSuccess` or `onError(.applePay, …)`.
  static func finishApplePay(
    _ outcome: AuthorisationOutcome, in state: inout CheckoutState, context: ReduceContext
  )
    -> [CheckoutEffect]?
  {
    // Only once the payment went to the gateway: an answer while pre-authorising is a stale one.
    guard let sheet = state.applePaySheet, sheet.phase == .processing, sheet.authorisingSince != nil else {
      return nil
    }
    // The gateway checked the address before it answered: the AVS update comes first, then the 3-D Secure
    // the merchant ran in onPreAuthorisation, then the plugin's onPostAuthorisation.
    var outcome = recordAddressVerification(outcome, method: .applePay, in: &state, context: context)
    outcome = recordThreeDSecure(outcome, method: .applePay, in: &state, context: context)
    if case .challengeRequired = outcome.decision {
      // Apple Pay's cryptogram stands in for 3-D Secure: a gateway (a plugin) that challenges it anyway gets
      // a failed payment, never a challenge page after the plugin's onPostAuthorisation.
      let declined = AuthorisationOutcome.declined(
        SdkError(
          errorCode: "PROCESSING_ERROR",
          errorMessage: "unexpected 3-D Secure challenge: the gateway challenged an Apple Pay payment"))
      outcome = outcome.report.map(declined.reporting) ?? declined
    }
    var details: [EventDetail]
    switch outcome.decision {
    case .approved(let transactionId), .approvedAfterRedirect(let transactionId, _),
      .approvedWithThreeDSecure(let transactionId, _):
      // The seed's handler reads the authorised result's `provider.code` as the transaction id.
      details = [
        EventDetail("submitResultType", .string("Authorised")),
        EventDetail("transactionId", .string(transactionId)),
        EventDetail("provider.code", .string(transactionId)),
      ]
    case .declined(let error) where error.errorCode == "PROCESSING_ERROR":
      details = [
        EventDetail("submitResultType", .string("Exception")),
        EventDetail("errorReason", .string(error.errorMessage)),
      ]
    case .declined(let error):
      details = [
        EventDetail("submitResultType", .string("Declined")),
        EventDetail("errorReason", .string(error.errorMessage)),
      ]
    case .challengeRequired, .reported:
      // Not reached: a challenge was made a decline above, and a report is unwrapped by `decision`.
      details = [
        EventDetail("submitResultType", .string("Exception")),
        EventDetail("errorReason", .string("unexpected 3-D Secure challenge")),
      ]
    }
    // `result.timestamp`: "The date and time of the transaction", on the checkout's clock.
    details.append(
      EventDetail(
        "timestamp", .string(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(context.now))))
    details += sheet.shippingContact?.eventDetails(keys: .shippingContact) ?? []
    // The plugin's outcome, as the seed names it: completed(ValidationResult) or failed(PurseError).
    switch outcome.decision {
    case .approved, .approvedWithThreeDSecure:
      details.append(EventDetail("outcome", .string("completed")))
    case .approvedAfterRedirect(_, let url):
      details.append(EventDetail("outcome", .string("returnedFromRedirect")))
      details.append(EventDetail("url", .string(url)))
      details.append(EventDetail("note", .string("confirm the payment status on your backend")))
    case .declined, .challengeRequired, .reported:
      details.append(EventDetail("outcome", .string("failed")))
    }
    record(.onPostAuthorisation, method: .applePay, details: details, in: &state, context: context)
    return conclude(
      outcome, method: .applePay, amount: sheet.total?.amount ?? state.total, in: &state, context: context)
  }

  /// Fires the update callback for what changed, with what the merchant may see, and locks the sheet.
  static func requestUpdate(
    _ kind: ApplePaySheet.PendingUpdate, in state: inout CheckoutState, context: ReduceContext,
    changing change: (inout ApplePaySheet) -> Void = { _ in }
  ) -> [CheckoutEffect] {
    guard let selections = state.applePaySheet?.beginUpdate(kind, change) else { return [] }
    switch kind {
    case .shippingContact:
      record(
        .onShippingContactSelected, method: .applePay,
        details: selections.shippingContact?.eventDetails(keys: .contact) ?? [], in: &state,
        context: context)
    case .shippingMethod:
      if let method = selections.shippingMethod {
        record(
          .onShippingMethodSelected, method: .applePay,
          details: [
            EventDetail("identifier", .string(method.identifier)),
            EventDetail("label", .string(method.label)),
            EventDetail("detail", .string(method.detail)),
            EventDetail("amount", .string(method.amount.plainString)),
          ], in: &state, context: context)
      }
    case .paymentMethod:
      if let card = selections.card {
        record(
          .onPaymentMethodSelected, method: .applePay,
          details: [
            EventDetail("displayName", .string(card.displayName)),
            EventDetail("network", .string(card.network.rawValue)),
            EventDetail("type", .string(card.type.rawValue)),
          ] + card.paymentPass.eventDetails, in: &state, context: context)
      }
    case .couponCode:
      record(
        .onCouponCodeChanged, method: .applePay,
        details: [EventDetail("couponCode", .string(selections.couponCode))], in: &state, context: context)
    }
    return [
      .requestSheetUpdate(state.requests.issue(.sheetUpdate(kind)), kind, selections),
      .expectUpdate(state.requests.issue(.updateTimeLimit(kind)), within: updateTimeLimit),
    ]
  }
}
