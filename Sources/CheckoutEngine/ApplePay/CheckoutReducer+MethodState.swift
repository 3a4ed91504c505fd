/// The Apple Pay method's life in the Drop-in, as the plugin documents it: the device check at `create()`,
/// `prepare()` and its `POST /init`, and what activating the method does in each state.
extension CheckoutReducer {
  /// `create()`: the device check, at once or, when the device says so, later (meanwhile the element has no
  /// UI and submitting does nothing).
  static func create(_ state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect] {
    guard state.scenario.applePay != nil, state.offers(.applePay) else {
      return []
    }
    state.applePayGeneration += 1
    // The device changed: an earlier `/init` answers a device that is gone, and an earlier device check's
    // timer stops.
    state.requests.abandon { $0 == .applePayInit }
    let stopped = state.requests.abandon { $0 == .deviceCheck }.map(CheckoutEffect.cancel)
    let delay = state.device.deviceCheckDelayMs
    guard delay > 0 else { return stopped + checkDevice(&state, context: context) }
    setApplePayState(
      .checkingDevice,
      reason: "the element was built before the device check landed: hasUI false, submit does nothing",
      in: &state, context: context)
    return stopped + [.checkDevice(state.requests.issue(.deviceCheck), after: .milliseconds(delay))]
  }

  /// The late device check landed.
  static func deviceChecked(in state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect]? {
    guard state.applePayState == .checkingDevice else { return nil }
    return checkDevice(&state, context: context)
  }

  /// The device check: `PLUGIN_INCOMPATIBLE` on a device that cannot pay, no UI without a configured
  /// module, otherwise `prepare()` starts.
  private static func checkDevice(_ state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect] {
    guard let configuration = state.scenario.applePay else { return [] }
    let device = state.device
    let next: ApplePayMethodState
    var reason: String
    if !device.canMakePayments {
      next = .pluginIncompatible
      reason = "canMakePayments() is false on this device: the method is filtered and its button hidden"
    } else if device.module != .configured {
      next = .noUI(device.module)
      reason =
        device.module == .notInstalled
        ? "ApplePayModule was never installed: listed without UI"
        : "ApplePayModule was installed with no configuration: listed, hasUI false"
    } else {
      next = .preparing
      reason = "prepare(): POST /init"
    }
    setApplePayState(next, reason: reason, in: &state, context: context)
    guard next == .preparing else { return [] }
    return [.prepareApplePay(state.requests.issue(.applePayInit), initRequest(configuration, state: state))]
  }

  /// What `prepare()` posts to `/init` for the current device and `create()`.
  static func initRequest(_ configuration: ApplePayConfiguration, state: CheckoutState) -> ApplePayInitRequest
  {
    var request = ApplePayInitRequest(
      gatewayProfile: state.device.gatewayProfile, countryCode: configuration.countryCode,
      currencyCode: configuration.currencyCode.code,
      networks: configuration.supportedNetworks.map(\.rawValue),
      fault: state.device.initFault)
    request.merchantCapabilities = configuration.merchantCapabilities.map(\.rawValue)
    request.generation = state.applePayGeneration
    return request
  }

  /// `/init` answered: ready, ready with the set-up button (no card for the networks), or
  /// `PARTNER_UI_FATAL_ERROR` for the rest of the session.
  static func initAnswered(
    _ response: ApplePayInitResponse, in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect]? {
    guard state.applePayState == .preparing, response.generation == state.applePayGeneration,
      let configuration = state.scenario.applePay
    else { return nil }
    var details: [EventDetail] = [
      EventDetail("gatewayProfile", .string(response.gatewayProfile)),
      EventDetail("countryCode", .string(response.countryCode ?? "—")),
      EventDetail("currencyCode", .string(response.currencyCode ?? "—")),
      EventDetail("networks", .string(response.effectiveNetworks.joined(separator: ","))),
    ]
    if response.networks.isEmpty { details.append(EventDetail("networksFallback", .bool(true))) }
    details.append(
      EventDetail("merchantCapabilities", .string(response.merchantCapabilities.joined(separator: ","))))
    if let name = response.merchantName { details.append(EventDetail("merchantName", .string(name))) }
    // The request as sent: the answer is for this `create()`, so the device and configuration are its own.
    details += initRequest(configuration, state: state).sentFields
    record(.applePayInit, method: .applePay, details: details, in: &state, context: context)
    if let problem = response.problem {
      record(
        .initFailed, method: .applePay,
        details: SdkError(errorCode: "PARTNER_UI_ERROR", errorMessage: problem).eventDetails, in: &state,
        context: context)
      setApplePayState(.partnerUIFatalError(problem), reason: problem, in: &state, context: context)
      state.notice = state.localisation.text(.applePayUnavailable, problem)
      return []
    }
    let hasCards =
      state.device.walletHasCards && configuration.eligibleCards.contains { response.allows($0) }
    setApplePayState(
      hasCards ? .ready(response) : .needsSetUp,
      reason: hasCards
        ? "isReady" : "canMakePayments(usingNetworks:) is false: no card for the supported networks",
      in: &state, context: context)
    return []
  }

  /// Activating Apple Pay: the sheet when ready; the set-up screen without cards; otherwise `failed`,
  /// reported on the method list where the shopper is, with the other methods still selectable.
  static func activateApplePay(_ state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect] {
    let failure: SdkError?
    switch state.applePayState {
    case nil, .ready?:
      if let refused = sessionRefusal(state, context: context) {
        failure = refused
        break
      }
      return askBeforeSubmit(.applePay, in: &state)
    case .needsSetUp?:
      state.screen = .applePaySetUp
      return []
    case .preparing?:
      failure = SdkError(errorCode: "APPLE_PAY_NOT_READY", errorMessage: "call prepare() before present()")
    case .noUI(.notInstalled)?:
      failure = SdkError(
        errorCode: "METHOD_NOT_IMPLEMENTED",
        errorMessage: "Apple Pay is not installed: install ApplePayModule")
    case .noUI?:
      failure = SdkError(
        errorCode: "APPLE_PAY_NOT_CONFIGURED",
        errorMessage: "Apple Pay needs a merchant id: install ApplePayModule(configuration:)")
    case .partnerUIFatalError(let problem)?:
      failure = SdkError(errorCode: "PARTNER_UI_ERROR", errorMessage: problem)
    case .pluginIncompatible?, .checkingDevice?:
      // No button to press: the element without UI does nothing, and reports nothing.
      return []
    }
    guard let failure else { return [] }
    return reportOnMethodList(
      failure, method: .applePay, outcome: "failed",
      notice: failure.errorMessage.hasPrefix("Apple Pay")
        ? failure.errorMessage : "Apple Pay failed: \(failure.errorMessage)", in: &state, context: context)
  }

  static func setApplePayState(
    _ next: ApplePayMethodState, reason: String, in state: inout CheckoutState, context: ReduceContext
  ) {
    state.applePayState = next
    let element = next
    record(
      .methodStateChanged, method: .applePay,
      details: [
        EventDetail("state", .string(next.name)), EventDetail("reason", .string(reason)),
        EventDetail("isReady", .bool(element.isReady)), EventDetail("hasUI", .bool(element.hasUI)),
        EventDetail("selfSubmitting", .bool(element.selfSubmitting)),
      ], in: &state, context: context)
  }
}
