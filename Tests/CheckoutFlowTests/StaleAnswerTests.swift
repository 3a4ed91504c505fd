import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// Answers that arrive late or twice are dropped: they change nothing but the event pane. Each case was
/// found by `paydrill fuzz`, which delivers the engine's answers in any order and sometimes again. The
/// checkout is driven through the one interpreter (`SheetDriver`) to where the stale answer does harm; the
/// stale answer itself is one test input, sent by hand.
final class StaleAnswerTests: XCTestCase {
  private typealias Acme = AcmeApplePay

  private func count(_ name: CallbackName, in state: CheckoutState) -> Int {
    state.events.filter { $0.name == name }.count
  }

  /// Types a valid card into the open card form; `number` decides what the scripted gateway answers.
  private func fillCard(_ driver: SheetDriver, number: String = "4242424242424242") {
    for (text, field) in [
      (number, CardField.number), ("1234", .expiry), ("123", .securityCode), ("Jane Doe", .holderName),
    ] {
      driver.send(.type(text, into: field))
    }
  }

  /// An attempt the engine began, as the state holds it while in flight (without its callbacks): the
  /// `number`th of the run, in the demo's scenario, its callbacks from `firstEvent` on.
  private func attempt(
    _ number: Int, _ method: DropInPaymentMethod, paidWith: String, amount: Money, firstEvent: Int
  ) -> Attempt {
    Attempt(
      number: number, scenario: Acme.scenario.name, merchantTransactionId: Acme.transactionId,
      sessionId: Scenario.acmeElectronics.session.sessionId, method: method, paidWith: paidWith,
      amount: amount, startedAt: fixedNow, firstEvent: firstEvent)
  }

  /// A checkout created on the demo's device: `/init` is request #1, answered at once.
  private func createdDriver() -> SheetDriver {
    let driver = SheetDriver()
    driver.send(.createCheckout)
    XCTAssertEqual(driver.effects.map(\.requestID), [RequestID(1)], "prepare(): POST /init")
    return driver
  }

  func testAnOnBeforeSubmitAnswerForAnotherMethodIsDropped() {
    let driver = createdDriver()
    driver.verdict = BeforeSubmitVerdict(allowed: false, message: "Not by card today")
    driver.send(.selectMethod(.card))
    fillCard(driver)
    XCTAssertEqual(driver.send(.submitCard).effects, [.askBeforeSubmit(RequestID(2), .card)])
    XCTAssertEqual(driver.state.notice, "Not by card today")
    driver.send(.backToMethods)
    driver.verdict = BeforeSubmitVerdict(allowed: true)
    driver.holding = [.beforeSubmit]
    XCTAssertEqual(driver.send(.selectMethod(.paypal)).effects, [.askBeforeSubmit(RequestID(3), .paypal)])

    // The card's verdict (#2) comes again, allowing: it must not submit the (empty) card form while PayPal
    // waits; nor may a late failure of the card's hook refuse PayPal.
    let store = CheckoutTestStore(state: driver.state)
    store.assertDrops(.beforeSubmit(BeforeSubmitVerdict(allowed: true)), for: RequestID(2))
    store.assertDrops(.merchantHookFailed(SdkError(errorCode: "X", errorMessage: "late")), for: RequestID(2))
    XCTAssertEqual(store.state.awaitingMerchant, .paypal)
    XCTAssertEqual(count(.onBeforeSubmit, in: store.state), 1, "the card's refusal only")
    XCTAssertEqual(count(.merchantHookFailed, in: store.state), 0)

    let sequence = store.state.events.count + 1
    let order = PayPalOrderRequest(
      intent: Acme.scenario.paypalIntent, amount: .usd(4999), merchantTransactionId: Acme.transactionId,
      sessionId: Acme.scenario.session.sessionId)
    let beforeSubmit = CallbackEvent(
      sequence: sequence, time: fixedNow, name: .onBeforeSubmit, method: .paypal,
      details: [EventDetail("returned", .bool(true))])
    // The card was refused before any attempt: PayPal's is the run's first, from its onBeforeSubmit.
    let payPal = attempt(1, .paypal, paidWith: "PayPal", amount: .usd(4999), firstEvent: sequence - 1)
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)),
      effects: [.attempt(payPal.telling([beforeSubmit])), .createPayPalOrder(RequestID(4), order)]
    ) {
      $0.requests.issued(RequestID(4), .payPalOrder)
      $0.awaitingMerchant = nil
      $0.screen = .processing(
        Submission(method: .paypal, paidWith: "PayPal", amount: .usd(4999), since: fixedNow))
      $0.events.append(beforeSubmit)
      $0.attempt = payPal
      $0.attemptNumber = 1
    }
  }

  func testAnEarlierGatewayAnswerWhileThePayPalOrderIsCreatedIsDropped() {
    let driver = createdDriver()
    driver.send(.selectMethod(.card))
    fillCard(driver, number: "4000000000000002")
    driver.send(.submitCard)
    XCTAssertEqual(driver.authorisations.count, 1, "#3: declined")
    XCTAssertEqual(driver.state.events.last?["errorCode"], .string("CARD_DECLINED"))
    driver.send(.tryAgain)
    driver.send(.backToMethods)
    driver.holding = [.payPalOrder]
    driver.send(.selectMethod(.paypal))
    XCTAssertEqual(driver.state.screen.processingMethod, .paypal)
    guard case .createPayPalOrder(RequestID(5), _)? = driver.held.last else {
      return XCTFail("the order is not being created: \(driver.held)")
    }

    // The card's gateway answer (#3) comes again, approving: the PayPal payment must not succeed on it.
    let store = CheckoutTestStore(state: driver.state)
    store.assertDrops(.gateway(.approved(systemTransactionId: "tx-1")), for: RequestID(3))
    XCTAssertEqual(store.state.screen.processingMethod, .paypal)
    XCTAssertEqual(count(.onSuccess, in: store.state), 0)
  }

  func testAPayPalOrderAnsweredAgainWhileAuthorisingIsDropped() {
    let driver = createdDriver()
    driver.send(.selectMethod(.paypal))
    guard case .payPalApproval(let order) = driver.state.screen else {
      return XCTFail("\(driver.state.screen)")
    }
    driver.holding = [.authorise]
    XCTAssertEqual(driver.send(.approvePayPal(.paypal)).effects.map(\.requestID), [RequestID(4)])

    // The order (#3) comes again while the gateway authorises the approved one.
    let store = CheckoutTestStore(state: driver.state)
    store.assertDrops(.payPalOrder(order), for: RequestID(3))
    XCTAssertEqual(
      store.state.screen.processingMethod, .paypal, "still authorising, not back on the approval page")
    XCTAssertEqual(count(.onPreAuthorisation, in: store.state), 1)
  }

  /// Opens the Apple Pay sheet and authenticates, holding `onPreAuthorisation` and the gateway: returns the
  /// authentication's step, whose effect asks for `onPreAuthorisation`.
  private func preAuthorise(_ driver: SheetDriver) -> SheetDriver.Step {
    driver.openSheet()
    XCTAssertTrue(driver.state.screen.isApplePaySheet)
    driver.holding = [.preAuthorise, .authorise]
    driver.send(.requestAuthorisation)
    return driver.send(.authenticate(.recognised))
  }

  func testAPreAuthorisationAnsweredAgainDoesNotAuthoriseAgain() {
    let driver = createdDriver()
    // #2 onBeforeSubmit, #3-#6 the opening updates and their timers, #7 onPreAuthorisation.
    let jane = Acme.contact(Acme.jane)
    let step = preAuthorise(driver)
    // The sheet's onSubmit begins the attempt, its callbacks from onBeforeSubmit (after prepare()'s).
    let events = Array(driver.state.events[3...])
    XCTAssertEqual(
      events.map(\.name),
      [
        .onBeforeSubmit, .onShippingContactSelected, .sheetUpdated, .onPaymentMethodSelected, .sheetUpdated,
        .onSubmit,
      ])
    XCTAssertEqual(Set(events.map(\.method)), [.applePay])
    let applePay = attempt(1, .applePay, paidWith: "Visa ••••5556", amount: .usd(5411), firstEvent: 3)
    XCTAssertEqual(
      step.effects,
      [.attempt(applePay.telling(events)), .preAuthorise(RequestID(7), shippingContact: jane)])
    driver.release()
    XCTAssertEqual(driver.authorisations.count, 1, "the answer sent the payment to the gateway (#8)")

    let answer = MerchantPricing(configuration: Acme.configuration).preAuthorisationAnswer(
      shippingContact: jane)
    let store = CheckoutTestStore(state: driver.state)
    store.assertDrops(.preAuthorisation(answer), for: RequestID(7))
    XCTAssertEqual(count(.onPreAuthorisation, in: store.state), 1)
    XCTAssertEqual(store.state.attempts, 1, "one request to the gateway")
  }

  func testAnEarlierAttemptsGatewayAnswerWhilePreAuthorisingIsDropped() {
    let driver = createdDriver()
    driver.openSheet()
    driver.send(.selectCard(Acme.visaDeclining))
    driver.authorise()
    // #2-#6 the opening, #7-#8 the card's update, #9 onPreAuthorisation, #10 the gateway: declined.
    XCTAssertEqual(driver.authorisations.count, 1)
    XCTAssertEqual(driver.effects.last { $0.requestID != nil }?.requestID, RequestID(10))
    XCTAssertEqual(driver.state.events.last?["errorCode"], .string("CARD_DECLINED"))
    driver.send(.tryAgain)
    let jane = Acme.contact(Acme.jane)
    let first = driver.state.events.count
    let step = preAuthorise(driver)
    // The sheet's onSubmit begins the run's second attempt, its callbacks from the new onBeforeSubmit.
    let events = Array(driver.state.events[first...])
    XCTAssertEqual(
      events.map(\.name),
      [
        .onBeforeSubmit, .onShippingContactSelected, .sheetUpdated, .onPaymentMethodSelected, .sheetUpdated,
        .onSubmit,
      ])
    XCTAssertEqual(Set(events.map(\.method)), [.applePay])
    let second = attempt(2, .applePay, paidWith: "Visa ••••5556", amount: .usd(5411), firstEvent: first)
    XCTAssertEqual(
      step.effects, [.attempt(second.telling(events)), .preAuthorise(RequestID(16), shippingContact: jane)])

    // The declined attempt's gateway answer (#10) comes again, approving, while the merchant is asked.
    let store = CheckoutTestStore(state: driver.state)
    store.assertDrops(.gateway(.approved(systemTransactionId: "tx-1")), for: RequestID(10))
    XCTAssertEqual(count(.onPostAuthorisation, in: store.state), 1, "the declined attempt's only")
    XCTAssertEqual(count(.onSuccess, in: store.state), 0)
    XCTAssertEqual(store.state.applePaySheet?.phase, .processing)
  }
}
