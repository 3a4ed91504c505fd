import GatewaySimulator
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// The Apple Pay method's states, with the plugin's names and messages: the device check at `create()`,
/// `prepare()` and its `/init`, and what activating the method does in each state.
final class ApplePayMethodStateTests: XCTestCase {
  private let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))

  private func created(_ device: ApplePayDevice) -> (CheckoutState, [CheckoutEffect]) {
    var state = CheckoutState(scenario: .acmeElectronics)
    state.device = device
    let effects = CheckoutReducer.reduce(&state, .createCheckout, context: context)
    return (state, effects)
  }

  /// Answers the one `prepareApplePay` effect by hand, with the gateway simulator's `/init`.
  private func answerInit(_ state: inout CheckoutState, _ effects: [CheckoutEffect]) {
    guard case .prepareApplePay(let id, let request)? = effects.first else {
      return XCTFail("no /init: \(effects)")
    }
    _ = CheckoutReducer.reduce(
      &state, .answered(id, .applePayInit(ApplePayInitEndpoint.answer(request))), context: context)
  }

  private func activate(_ state: inout CheckoutState) -> [CheckoutEffect] {
    CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: context)
  }

  func testPrepareThenReady() {
    var (state, effects) = created(ApplePayDevice())
    XCTAssertEqual(state.applePayState, .preparing)
    var expected = ApplePayInitRequest(
      gatewayProfile: "default", countryCode: "US", currencyCode: "USD",
      networks: ["visa", "masterCard", "amex", "discover"], fault: nil)
    expected.generation = 1
    expected.merchantCapabilities = ["threeDSecure", "emv", "credit", "debit"]
    XCTAssertEqual(effects, [.prepareApplePay(RequestID(1), expected)])
    XCTAssertFalse(state.applePayState!.isReady)
    answerInit(&state, effects)
    guard case .ready? = state.applePayState else {
      return XCTFail("\(String(describing: state.applePayState))")
    }
    XCTAssertTrue(
      state.applePayState!.isReady && state.applePayState!.hasUI && state.applePayState!.selfSubmitting)
    XCTAssertEqual(state.events.map(\.name), [.methodStateChanged, .applePayInit, .methodStateChanged])
    XCTAssertEqual(state.events[1]["networks"], .string("visa,masterCard,amex,discover"))
    XCTAssertEqual(activate(&state), [.askBeforeSubmit(RequestID(2), .applePay)])
  }

  func testActivatingBeforePrepareCompletesFails() {
    var (state, _) = created(ApplePayDevice())
    XCTAssertEqual(activate(&state), [])
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.notice, "Apple Pay failed: call prepare() before present()")
    XCTAssertEqual(state.events.last?.name, .onError)
    XCTAssertEqual(state.events.last?["outcome"], .string("failed"))
    _ = CheckoutReducer.reduce(&state, .selectMethod(.card), context: context)
    XCTAssertEqual(state.screen, .cardForm, "the other methods stay selectable")
  }

  func testDeviceThatCannotPayFiltersTheMethod() {
    let (state, effects) = created(ApplePayDevice(canMakePayments: false))
    XCTAssertEqual(effects, [])
    XCTAssertEqual(state.applePayState, .pluginIncompatible)
    XCTAssertEqual(state.methods, [.card, .paypal])
    XCTAssertEqual(state.events.last?["state"], .string("PLUGIN_INCOMPATIBLE"))
    XCTAssertEqual(state.events.last?["hasUI"], .bool(false))
  }

  func testModuleWithoutConfigurationAndNeverInstalled() {
    for (module, code, message) in [
      (
        ApplePayDevice.Module.unconfigured, "APPLE_PAY_NOT_CONFIGURED",
        "Apple Pay needs a merchant id: install ApplePayModule(configuration:)"
      ),
      (.notInstalled, "METHOD_NOT_IMPLEMENTED", "Apple Pay is not installed: install ApplePayModule"),
    ] {
      var (state, effects) = created(ApplePayDevice(module: module))
      XCTAssertEqual(effects, [], "no /init without a configured module")
      XCTAssertEqual(state.applePayState, .noUI(module))
      XCTAssertFalse(state.applePayState!.hasUI)
      XCTAssertFalse(state.applePayState!.isReady, "an element without UI never reports readiness")
      XCTAssertTrue(state.methods.contains(.applePay), "still listed")
      XCTAssertEqual(activate(&state), [])
      XCTAssertEqual(state.events.last?["errorCode"], .string(code))
      XCTAssertEqual(state.events.last?["errorMessage"], .string(message))
    }
  }

  func testInitFaultsAreFatalForTheSession() {
    let cases: [(ApplePayDevice.InitFault, String)] = [
      (.failure, "Apple Pay /init failed: HTTP 502 Bad Gateway"),
      (.noLogs, "Apple Pay /init returned no plugin_result.logs"),
      (.noCountryCode, "Apple Pay /init did not return a country code"),
      (.noCurrency, "Apple Pay /init did not return a currency"),
    ]
    for (fault, message) in cases {
      var (state, effects) = created(ApplePayDevice(initFault: fault))
      answerInit(&state, effects)
      XCTAssertEqual(state.applePayState, .partnerUIFatalError(message))
      XCTAssertEqual(state.applePayState?.name, "PARTNER_UI_FATAL_ERROR")
      let failed = state.events.first { $0.name == .initFailed }
      XCTAssertEqual(failed?["errorCode"], .string("PARTNER_UI_ERROR"))
      XCTAssertEqual(failed?["errorMessage"], .string(message))
      XCTAssertEqual(state.notice, "Apple Pay is unavailable: \(message)", "said where the shopper is")
      XCTAssertEqual(activate(&state), [])
      XCTAssertEqual(state.events.last?["errorCode"], .string("PARTNER_UI_ERROR"))
      _ = CheckoutReducer.reduce(&state, .selectMethod(.card), context: context)
      XCTAssertEqual(state.screen, .cardForm, "cards still work")
    }
  }

  func testWorldlineListsNoNetworksAndTheSDKFallsBack() {
    var (state, effects) = created(ApplePayDevice(gatewayProfile: "worldline"))
    answerInit(&state, effects)
    let initEvent = state.events.first { $0.name == .applePayInit }
    XCTAssertEqual(initEvent?["networks"], .string("cartesBancaires,masterCard,visa"))
    XCTAssertEqual(initEvent?["networksFallback"], .bool(true))
  }

  /// apple-pay-plugin-purse.md: "the SDK shapes the request per PSP variant (Adyen, Ingenico/Worldline, or the
  /// default)". The applePayInit event shows the /init request as each variant sends it.
  func testPrepareShapesTheInitRequestPerPSPVariant() {
    let expected: [String: [EventDetail]] = [
      "default": [
        EventDetail("request.countryCode", .string("US")),
        EventDetail("request.currencyCode", .string("USD")),
        EventDetail("request.supportedNetworks", .string("visa,masterCard,amex,discover")),
      ],
      "adyen": [
        EventDetail("request.countryCode", .string("US")),
        EventDetail("request.amount.currency", .string("USD")),
        EventDetail("request.channel", .string("iOS")),
        EventDetail("request.allowedPaymentMethods", .string("applepay")),
        EventDetail("request.brands", .string("visa,mc,amex,discover")),
      ],
      "worldline": [
        EventDetail("request.countryCode", .string("US")),
        EventDetail("request.currencyCode", .string("USD")),
        EventDetail("request.paymentProductId", .integer(302)),
      ],
    ]
    for profile in ApplePayDevice.gatewayProfiles {
      var (state, effects) = created(ApplePayDevice(gatewayProfile: profile))
      answerInit(&state, effects)
      let initEvent = state.events.first { $0.name == .applePayInit }
      XCTAssertEqual(
        initEvent?.details.filter { $0.key.hasPrefix("request.") }, expected[profile], profile)
    }
  }

  func testNoCardForTheNetworksShowsTheSetUpScreen() {
    var (state, effects) = created(ApplePayDevice(walletHasCards: false))
    answerInit(&state, effects)
    XCTAssertEqual(state.applePayState, .needsSetUp)
    XCTAssertEqual(activate(&state), [])
    XCTAssertEqual(state.screen, .applePaySetUp)
    XCTAssertFalse(state.events.contains { $0.name.isMerchantCallback }, "no sheet, no callback")
    _ = CheckoutReducer.reduce(&state, .backToMethods, context: context)
    XCTAssertEqual(state.screen, .methodList)
  }

  func testChangingTheDeviceCreatesTheCheckoutAgain() {
    var (state, _) = created(ApplePayDevice())
    let effects = CheckoutReducer.reduce(
      &state, .changeDevice(ApplePayDevice(canMakePayments: false)), context: context)
    XCTAssertEqual(effects, [])
    XCTAssertEqual(state.applePayState, .pluginIncompatible)
    let back = CheckoutReducer.reduce(&state, .changeDevice(ApplePayDevice()), context: context)
    XCTAssertEqual(state.applePayState, .preparing)
    XCTAssertEqual(back.map(\.requestID), [RequestID(2)], "prepare() again, under a new id")
  }

  func testASecondActivationWhileOneIsInFlightStartsNothing() {
    var (state, effects) = created(ApplePayDevice())
    answerInit(&state, effects)
    XCTAssertEqual(activate(&state), [.askBeforeSubmit(RequestID(2), .applePay)])
    XCTAssertEqual(activate(&state), [], "the in-flight activation stands: one payment, one onSuccess")
  }

  /// Apple Pay plugin, when the device cannot pay: "An element built before that check lands has `hasUI`
  /// `false` and submit does nothing: no button, no outcome."
  func testWhenTheDeviceCannotPay_AnElementBuiltBeforeTheCheckLandsHasNoUIAndSubmitDoesNothing() {
    var (state, effects) = created(ApplePayDevice(canMakePayments: false, deviceCheckDelayMs: 3000))
    XCTAssertEqual(effects, [.checkDevice(RequestID(1), after: .milliseconds(3000))])
    XCTAssertEqual(state.applePayState, .checkingDevice)
    XCTAssertFalse(state.applePayState!.hasUI)
    XCTAssertFalse(state.applePayState!.isReady)
    XCTAssertEqual(state.events.last?["state"], .string("CHECKING_DEVICE"))
    XCTAssertEqual(state.events.last?["hasUI"], .bool(false))
    XCTAssertTrue(state.methods.contains(.applePay), "listed until the check lands")
    let before = state
    XCTAssertEqual(activate(&state), [], "submit does nothing")
    XCTAssertEqual(state, before, "no event, no notice, no outcome")

    XCTAssertEqual(
      CheckoutReducer.reduce(&state, .answered(RequestID(1), .deviceChecked), context: context), [])
    XCTAssertEqual(state.applePayState, .pluginIncompatible)
    XCTAssertFalse(state.methods.contains(.applePay), "filtered once the check lands")

    // A device that can pay: prepare() starts when the check lands.
    (state, effects) = created(ApplePayDevice(deviceCheckDelayMs: 3000))
    let landed = CheckoutReducer.reduce(&state, .answered(RequestID(1), .deviceChecked), context: context)
    XCTAssertEqual(state.applePayState, .preparing)
    XCTAssertEqual(landed.map(\.requestID), [RequestID(2)])
  }

  func testChangingTheDeviceWhileItsCheckIsPendingStopsTheCheck() {
    var (state, _) = created(ApplePayDevice(deviceCheckDelayMs: 3000))
    let effects = CheckoutReducer.reduce(&state, .changeDevice(ApplePayDevice()), context: context)
    XCTAssertEqual(effects.first, .cancel(RequestID(1)), "the earlier check's timer stops")
    XCTAssertEqual(state.applePayState, .preparing)
    let store = CheckoutTestStore(state: state)
    store.assertDrops(.deviceChecked, for: RequestID(1), at: context.now)
  }

  func testDeviceDecodesFromTheScenarioWithDefaults() throws {
    let json = #"{"canMakePayments": false, "gatewayProfile": "adyen", "deviceCheckDelayMs": 250}"#
    let device = try JSONDecoder().decode(ApplePayDevice.self, from: Data(json.utf8))
    XCTAssertEqual(
      device, ApplePayDevice(canMakePayments: false, gatewayProfile: "adyen", deviceCheckDelayMs: 250))
    XCTAssertThrowsError(
      try JSONDecoder().decode(ApplePayDevice.self, from: Data(#"{"deviceCheckDelayMs": -1}"#.utf8)))
    XCTAssertThrowsError(
      try JSONDecoder().decode(ApplePayDevice.self, from: Data(#"{"gatewayProfile": "x"}"#.utf8)))
  }

  // MARK: - The Apple Pay plugin (apple-pay-plugin-purse.md, Setup)

  /// Answers `/init`, then opens the sheet (the merchant allows it at once).
  private func openedSheet(_ scenario: Scenario, answer: (ApplePayInitRequest) -> ApplePayInitResponse)
    -> CheckoutState
  {
    var state = CheckoutState(scenario: scenario)
    let effects = CheckoutReducer.reduce(&state, .createCheckout, context: context)
    guard case .prepareApplePay(let id, let request)? = effects.first else {
      XCTFail("no /init: \(effects)")
      return state
    }
    _ = CheckoutReducer.reduce(&state, .answered(id, .applePayInit(answer(request))), context: context)
    guard case .askBeforeSubmit(let asked, _)? = activate(&state).first else {
      XCTFail("Apple Pay did not ask onBeforeSubmit")
      return state
    }
    _ = CheckoutReducer.reduce(
      &state, .answered(asked, .beforeSubmit(BeforeSubmitVerdict(allowed: true))), context: context)
    return state
  }

  /// The acme demo without its `totalPaymentItem`: the sheet labels the total itself.
  private var unlabelledAcme: Scenario {
    var scenario = Scenario.acmeElectronics
    scenario.applePay?.totalPaymentItem = nil
    return scenario
  }

  /// "Country, currency, capabilities and accepted networks are configured there and reach the app through
  /// `/init`": the `applePayInit` event reports the capabilities `/init` returned.
  func testPursePluginCapabilitiesReachTheAppThroughInit() {
    var (state, effects) = created(ApplePayDevice())
    answerInit(&state, effects)
    XCTAssertEqual(state.events[1].name, .applePayInit)
    XCTAssertEqual(state.events[1]["merchantCapabilities"], .string("threeDSecure,emv,credit,debit"))
    XCTAssertNil(state.events[1]["merchantName"], "the simulated /init names nobody")
  }

  /// The capabilities `/init` returned decide the card types the sheet offers: without `debit`, no debit or
  /// prepaid card.
  func testPursePluginInitCapabilitiesDecideTheCardTypes() {
    let state = openedSheet(.acmeElectronics) { request in
      var response = ApplePayInitEndpoint.answer(request)
      response.merchantCapabilities = ["threeDSecure", "credit"]
      return response
    }
    XCTAssertFalse(state.sheetCards.isEmpty)
    XCTAssertEqual(Set(state.sheetCards.map(\.type)), [.credit])
    XCTAssertEqual(state.applePaySheet?.card?.type, .credit)
  }

  /// `merchantName: "Example Store" // the sheet's total line, when /init names nobody`: with no
  /// `totalPaymentItem`, the total line is the session's `merchantName` ("Your Store Name" in the drop-in
  /// seed's session), not `merchantDisplayName`.
  func testPursePluginTotalLineIsTheSessionsMerchantNameWhenInitNamesNobody() {
    let state = openedSheet(unlabelledAcme) { ApplePayInitEndpoint.answer($0) }
    XCTAssertEqual(
      state.scenario.session.allowedFundingTypes.wallets.applePay?.merchantName, "Your Store Name")
    XCTAssertEqual(
      state.applePaySheet?.summaryItems.last,
      SummaryItem(label: "Your Store Name", amount: Money(minorUnits: 4999, currency: .usd)))
  }

  /// A merchant `/init` names labels the total line; a `totalPaymentItem` the merchant configured still wins.
  func testPursePluginTotalLineIsTheMerchantInitNames() {
    func named(_ request: ApplePayInitRequest) -> ApplePayInitResponse {
      var response = ApplePayInitEndpoint.answer(request)
      response.merchantName = "Example Store"
      return response
    }
    let state = openedSheet(unlabelledAcme, answer: named)
    XCTAssertEqual(state.applePaySheet?.summaryItems.last?.label, "Example Store")
    XCTAssertEqual(state.applePaySheet?.selectionsForMerchant.totalLabel, "Example Store")
    XCTAssertEqual(state.events[1]["merchantName"], .string("Example Store"))
    let labelled = openedSheet(.acmeElectronics, answer: named)
    XCTAssertEqual(labelled.applePaySheet?.summaryItems.last?.label, "Total")
  }
}

/// The plugin's outcomes and the sheet failing to present.
final class ApplePayOutcomeTests: XCTestCase {
  func testSheetThatCannotPresentFailsWithTheListToCheck() {
    var scenario = Scenario.acmeElectronics
    scenario.applePay?.device.sheetFailsToPresent = true
    let driver = SheetDriver(scenario: scenario)
    driver.send(.selectMethod(.applePay))
    XCTAssertNil(driver.sheet, "no sheet")
    XCTAssertEqual(driver.state.screen, .methodList)
    let clientError = driver.state.events.first { $0.name == .clientError }
    guard case .string(let message)? = clientError?["errorMessage"] else { return XCTFail("no clientError") }
    for part in [
      "entitlement", "merchant.com.example.store", "certificate", "country (US)", "currency (USD)",
      "networks",
    ] {
      XCTAssertTrue(message.contains(part), "\(part) in \(message)")
    }
    XCTAssertEqual(clientError?["outcome"], .string("failed"))
    XCTAssertEqual(driver.state.applePayState?.name, "PARTNER_UI_FATAL_ERROR")
    // apple-pay-plugin-purse.md: `failed(PurseError)` when "the sheet could not present", reported to the
    // merchant as the plugin's other failures are: onError(.applePay, …), last, after the state change.
    XCTAssertEqual(
      driver.state.events.suffix(3).map(\.name), [.clientError, .methodStateChanged, .onError])
    let onError = driver.state.events.last
    XCTAssertEqual(onError?.method, .applePay)
    XCTAssertEqual(onError?["errorCode"], .string("PARTNER_UI_ERROR"))
    XCTAssertEqual(onError?["error.domain"], .string(ApplePayError.sdkDomain))
    XCTAssertEqual(onError?["error.code"], .integer(1004))
    XCTAssertEqual(driver.state.notice, "Apple Pay failed: \(message)")
  }

  /// apple-pay-plugin-purse.md: `failed(PurseError)` when "the token could not be read", reported as the
  /// plugin event clientError; the method moves into PARTNER_UI_FATAL_ERROR. The shopper authorised, but
  /// nothing reaches the gateway: no onSubmit, no attempt, the sheet closes onto the method list.
  func testATokenThatCannotBeReadFailsAfterAuthorising() {
    var scenario = Scenario.acmeElectronics
    scenario.applePay?.device.tokenUnreadable = true
    let driver = SheetDriver(scenario: scenario)
    driver.openSheet()
    let payment = driver.send(.requestAuthorisation)
    let step = driver.send(.authenticate(.recognised))
    XCTAssertEqual(payment.names + step.names, [.clientError, .methodStateChanged, .onError])
    XCTAssertNil(driver.sheet)
    XCTAssertEqual(driver.state.screen, .methodList)
    XCTAssertEqual(driver.authorisations, [], "nothing was submitted")
    XCTAssertEqual(driver.state.attempts, 0)
    XCTAssertEqual(driver.state.applePayState?.name, "PARTNER_UI_FATAL_ERROR")
    XCTAssertEqual(
      step.events.last?["errorMessage"],
      .string("The Apple Pay payment token could not be read; no payment was submitted"))
    XCTAssertEqual(step.events.last?["outcome"], .string("failed"))
  }

  /// apple-pay-events.md, onError: the error carries `domain`, an integer `code` and a `localizedDescription`
  /// that the seed's own checks match: `contains("Network")` for the network's failures,
  /// `contains("Merchant validation")` for merchant validation.
  func testOnErrorCarriesWhatTheSeedsHandlersRead() {
    let lost = ApplePayError(SdkError(errorCode: "NETWORK_ERROR", errorMessage: "the connection was lost"))
    XCTAssertEqual(lost.domain, "NSURLErrorDomain")
    XCTAssertEqual(lost.code, -1005)
    XCTAssertTrue(lost.localizedDescription.contains("Network"))
    let timeout = ApplePayError(SdkError(errorCode: "GATEWAY_TIMEOUT", errorMessage: "no answer"))
    XCTAssertEqual(timeout.code, -1001)
    XCTAssertTrue(timeout.localizedDescription.contains("Network"))
    let validation = ApplePayError(SdkError(errorCode: "MERCHANT_VALIDATION_FAILED", errorMessage: "refused"))
    XCTAssertTrue(validation.localizedDescription.contains("Merchant validation"))
    XCTAssertFalse(validation.localizedDescription.contains("Network"))
    let declined = ApplePayError(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."))
    XCTAssertEqual(
      declined,
      ApplePayError(
        domain: ApplePayError.sdkDomain, code: 2001, localizedDescription: "The card was declined."))

    // Through the checkout: a declined Wallet card's onError has the three fields, and the card form's has not.
    let driver = SheetDriver()
    driver.openSheet()
    // The Wallet's fifth eligible card is the declining Visa (••••0002).
    driver.send(.selectCard(4))
    let payment = driver.authorise()
    XCTAssertEqual(payment.events.last?.name, .onError)
    XCTAssertEqual(
      payment.events.last?.details.map(\.key),
      ["errorCode", "errorMessage", "error.domain", "error.code", "error.localizedDescription"])
    XCTAssertEqual(payment.events.last?["error.code"], .integer(2001))
    XCTAssertEqual(
      SdkError(errorCode: "CARD_DECLINED", errorMessage: "x").eventDetails(for: .card).map(\.key),
      ["errorCode", "errorMessage"])
  }

  func testReturnedFromRedirectOutcome() {
    let driver = SheetDriver()
    driver.gateway = { _ in
      .approvedAfterRedirect(
        systemTransactionId: "tx-9", returnURL: "https://gateway.paydrill.test/3ds/return?tx=tx-9")
    }
    driver.send(.selectMethod(.applePay))
    driver.send(.requestAuthorisation)
    driver.send(.authenticate(.recognised))
    let post = driver.state.events.first { $0.name == .onPostAuthorisation }
    XCTAssertEqual(post?["outcome"], .string("returnedFromRedirect"))
    XCTAssertEqual(post?["url"], .string("https://gateway.paydrill.test/3ds/return?tx=tx-9"))
    XCTAssertEqual(driver.state.events.last?.name, .onSuccess)
    let result = DropInSubmitResult(
      systemTransactionId: "tx-9", merchantTransactionId: "0ce72cfd-014d-4256-a006-a56601b2ffc4")
    XCTAssertEqual(
      driver.state.screen,
      .result(
        .success(Receipt(result: result, method: .applePay, paidWith: "Visa ••••5556", amount: .usd(5411)))))
  }

  func testCompletedAndCanceledOutcomes() {
    let paid = SheetDriver()
    paid.send(.selectMethod(.applePay))
    paid.send(.requestAuthorisation)
    paid.send(.authenticate(.recognised))
    XCTAssertEqual(
      paid.state.events.first { $0.name == .onPostAuthorisation }?["outcome"], .string("completed"))
    let cancelled = SheetDriver()
    cancelled.send(.selectMethod(.applePay))
    cancelled.send(.cancelSheet)
    XCTAssertEqual(cancelled.state.events.last?.name, .onCancel)
    XCTAssertEqual(cancelled.state.events.last?["outcome"], .string("canceled"))
  }
}

/// After a successful payment the session is spent: the next checkout gets a new one and says so.
final class SpentSessionCheckoutTests: XCTestCase {
  func testANewCheckoutAfterSuccessUsesANewSessionAndPreparesApplePayAgain() {
    let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))
    let driver = SheetDriver()
    driver.send(.selectMethod(.applePay))
    driver.send(.requestAuthorisation)
    driver.send(.authenticate(.recognised))
    XCTAssertEqual(driver.authorisations.first?.sessionId, "c5f0799b-0839-43ce-abc5-5b462a98f250")
    var state = driver.state
    let effects = CheckoutReducer.reduce(&state, .startNewCheckout, context: context)
    XCTAssertEqual(state.sessionId, "c5f0799b-0839-43ce-abc5-5b462a98f250-2")
    XCTAssertEqual(
      state.notice,
      "Session c5f0799b-0839-43ce-abc5-5b462a98f250 is spent (its payment succeeded): this checkout uses a new "
        + "session, c5f0799b-0839-43ce-abc5-5b462a98f250-2.")
    XCTAssertEqual(state.applePayState, .preparing)
    XCTAssertEqual(effects.map(\.requestID), [RequestID(8)], "prepare() again; ids go on from the payment's")
  }
}

/// A device change while `/init` is on its way: the answer for the earlier device is ignored.
final class ApplePayInitGenerationTests: XCTestCase {
  func testAnAnswerForAnEarlierDeviceIsIgnored() {
    let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))
    var state = CheckoutState(scenario: .acmeElectronics)
    let first = CheckoutReducer.reduce(&state, .createCheckout, context: context)
    let second = CheckoutReducer.reduce(
      &state, .changeDevice(ApplePayDevice(initFault: .failure)), context: context)
    guard case .prepareApplePay(RequestID(1), let old)? = first.first,
      case .prepareApplePay(RequestID(2), let new)? = second.first
    else {
      return XCTFail("\(first) \(second)")
    }
    let store = CheckoutTestStore(state: state)
    store.assertDrops(.applePayInit(ApplePayInitEndpoint.answer(old)), for: RequestID(1), at: context.now)
    state = store.state
    XCTAssertEqual(state.applePayState, .preparing, "the stale answer is dropped")
    _ = CheckoutReducer.reduce(
      &state, .answered(RequestID(2), .applePayInit(ApplePayInitEndpoint.answer(new))), context: context)
    XCTAssertEqual(state.applePayState?.name, "PARTNER_UI_FATAL_ERROR")
  }

  func testWorldlinesFallbackNetworksLeaveAmexOffTheSheet() {
    let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))
    var state = CheckoutState(scenario: .acmeElectronics)
    state.device.gatewayProfile = "worldline"
    let effects = CheckoutReducer.reduce(&state, .createCheckout, context: context)
    guard case .prepareApplePay(let id, let request)? = effects.first else { return XCTFail("\(effects)") }
    _ = CheckoutReducer.reduce(
      &state, .answered(id, .applePayInit(ApplePayInitEndpoint.answer(request))), context: context)
    XCTAssertFalse(state.sheetCards.contains { $0.network == .amex })
    XCTAssertTrue(state.sheetCards.contains { $0.network == .masterCard })
    XCTAssertTrue(
      ApplePayInitEndpoint.answer(
        ApplePayInitRequest(
          gatewayProfile: "adyen", countryCode: "US", currencyCode: "USD", networks: ["masterCard"],
          fault: nil)
      ).allows(.masterCard), "Adyen's mc is Mastercard")
  }
}
