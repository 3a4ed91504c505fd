import Foundation
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// The engine says when a payment attempt starts and how it ends (`CheckoutEffect.attempt`): the state holds
/// the attempt in flight without its callbacks, the effect carries them. Each step is checked exhaustively.
final class AttemptLifecycleTests: XCTestCase {
  private typealias Acme = AcmeApplePay

  private let transactionId = "0ce72cfd-014d-4256-a006-a56601b2ffc4"
  private let sessionId = "c5f0799b-0839-43ce-abc5-5b462a98f250"

  // MARK: - Helpers

  /// A store on the demo's card form with a valid Visa typed in (the steps to it are not what is tested:
  /// they start no attempt and say nothing).
  private func storeOnAFilledCardForm(file: StaticString = #filePath, line: UInt = #line)
    -> CheckoutTestStore
  {
    var state = CheckoutState(scenario: .acmeElectronics)
    let actions: [CheckoutAction] = [
      .selectMethod(.card), .type("4242424242424242", into: .number), .type("1234", into: .expiry),
      .type("123", into: .securityCode), .type("Jane Doe", into: .holderName),
    ]
    for action in actions {
      let effects = CheckoutReducer.reduce(&state, action, context: ReduceContext(now: fixedNow))
      XCTAssertEqual(effects, [], "\(action)", file: file, line: line)
    }
    XCTAssertNil(state.attempt, file: file, line: line)
    XCTAssertEqual(state.attemptNumber, 0, file: file, line: line)
    return CheckoutTestStore(state: state)
  }

  /// The gateway request of the form's Visa, under the `payment`th payment's idempotency key.
  private func request(payment: Int = 1) -> AuthorisationRequest {
    AuthorisationRequest(
      method: .card,
      card: CardDetails(
        number: CardNumber(digits: "4242424242424242"), expiryMonth: 12, expiryYear: 2034,
        securityCode: "123", holderName: "Jane Doe"),
      amount: .usd(4999), intent: "Authorisation", merchantTransactionId: transactionId, sessionId: sessionId,
      idempotencyKey: "\(transactionId)-\(payment)")
  }

  /// The card attempt the engine begins at `onSubmit`, as the state holds it while in flight (without its
  /// callbacks): the `number`th of the run, paying with the form's Visa, its callbacks from `firstEvent` on.
  private func cardAttempt(_ number: Int, startedAt: Date, firstEvent: Int) -> Attempt {
    Attempt(
      number: number, scenario: "acme-electronics", merchantTransactionId: transactionId,
      sessionId: Scenario.acmeElectronics.session.sessionId, method: .card, paidWith: "Visa ••••4242",
      amount: .usd(4999), startedAt: startedAt, firstEvent: firstEvent)
  }

  private func cardEvent(_ sequence: Int, _ time: Date, _ name: CallbackName, _ details: [EventDetail])
    -> CallbackEvent
  {
    CallbackEvent(sequence: sequence, time: time, name: name, method: .card, details: details)
  }

  /// The allowed `onBeforeSubmit` and the `onSubmit` of the form's Visa.
  private func submitEvents(from sequence: Int, at time: Date) -> [CallbackEvent] {
    [
      cardEvent(sequence, time, .onBeforeSubmit, [EventDetail("returned", .bool(true))]),
      cardEvent(
        sequence + 1, time, .onSubmit,
        [
          EventDetail("scheme", .string("Visa")), EventDetail("last4", .string("4242")),
          EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD")),
        ]),
    ]
  }

  /// Submits the form's Visa at `at(1)` and lets the merchant allow it at `at(2)`: `onSubmit` begins the
  /// run's first attempt, which the effects tell with its two callbacks before the payment goes out. Returns
  /// the attempt as the state holds it.
  @discardableResult
  private func submitFirstAttempt(
    _ store: CheckoutTestStore, file: StaticString = #filePath, line: UInt = #line
  ) -> Attempt {
    store.send(
      .submitCard, at: at(1), effects: [.askBeforeSubmit(RequestID(1), .card)], file: file, line: line
    ) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    let attempt = cardAttempt(1, startedAt: at(2), firstEvent: 0)
    let events = submitEvents(from: 1, at: at(2))
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)), at: at(2),
      effects: [.attempt(attempt.telling(events)), .authorise(RequestID(2), request())], file: file,
      line: line
    ) {
      $0.requests.issued(RequestID(2), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 1
      $0.payments = 1
      $0.openPayment = OpenPayment(
        idempotencyKey: "\(self.transactionId)-1", method: .card, amount: .usd(4999))
      $0.screen = .processing(Submission(self.request(), since: at(2)))
      $0.events = EventLog(events)
      $0.attempt = attempt
      $0.attemptNumber = 1
    }
    return attempt
  }

  // MARK: - Card

  func testACardAttemptBeginsAtOnSubmitAndEndsSucceededWithItsThreeEvents() {
    let store = storeOnAFilledCardForm()
    let attempt = submitFirstAttempt(store)
    XCTAssertEqual(attempt.ending, nil, "in flight")
    XCTAssertEqual(attempt.events, [], "the state's attempt holds no callbacks")

    let result = DropInSubmitResult(systemTransactionId: "sys-7", merchantTransactionId: transactionId)
    let onSuccess = cardEvent(
      3, at(3), .onSuccess,
      [
        EventDetail("systemTransactionId", .string("sys-7")),
        EventDetail("merchantTransactionId", .string(transactionId)),
        EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD")),
        EventDetail("resultCode", .string("Authorised")),
      ])
    let succeeded = attempt.ended(
      .succeeded(result), at: at(3), resultCode: "Authorised",
      events: submitEvents(from: 1, at: at(2)) + [onSuccess])
    store.answer(
      .gateway(.reported(GatewayReport(resultCode: "Authorised"), .approved(systemTransactionId: "sys-7"))),
      at: at(3), effects: [.attempt(succeeded)]
    ) {
      $0.openPayment = nil
      $0.screen = .result(
        .success(Receipt(result: result, method: .card, paidWith: "Visa •••• 4242", amount: .usd(4999))))
      $0.events.append(onSuccess)
      $0.attempt = nil
      $0.attemptEventsStart = 3
    }
    XCTAssertEqual(succeeded.events.map(\.name), [.onBeforeSubmit, .onSubmit, .onSuccess])
    XCTAssertEqual(succeeded.number, 1)
    XCTAssertEqual(succeeded.merchantTransactionId, transactionId)
  }

  func testAGatewayTimeoutEndsTheAttemptUnknownAndARetryBeginsAttemptTwoUnderTheSameKey() {
    let store = storeOnAFilledCardForm()
    let first = submitFirstAttempt(store)

    // Nobody knows whether the gateway charged: the attempt ends unknown, the payment stays open.
    let timeout = SdkError(errorCode: "GATEWAY_TIMEOUT", errorMessage: "The gateway did not answer in time.")
    let onError = cardEvent(
      3, at(3), .onError,
      [
        EventDetail("errorCode", .string("GATEWAY_TIMEOUT")),
        EventDetail("errorMessage", .string("The gateway did not answer in time.")),
      ])
    store.answer(
      .gateway(.declined(timeout)), at: at(3),
      effects: [
        .attempt(
          first.ended(.unknown(timeout), at: at(3), events: submitEvents(from: 1, at: at(2)) + [onError]))
      ]
    ) {
      $0.screen = .result(.failure(method: .card, error: timeout, amount: first.amount))
      $0.events.append(onError)
      $0.attempt = nil
      $0.attemptEventsStart = 3
    }

    // The retry: tryAgain starts nothing; the allowed submission's onSubmit begins attempt 2, whose
    // callbacks begin after the first's end, and the payment goes out again under the first's key.
    store.send(.tryAgain, at: at(4)) { $0.screen = .cardForm }
    store.send(.submitCard, at: at(5), effects: [.askBeforeSubmit(RequestID(3), .card)]) {
      $0.requests.issued(RequestID(3), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    let second = cardAttempt(2, startedAt: at(6), firstEvent: 3)
    let secondEvents = submitEvents(from: 4, at: at(6))
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)), at: at(6),
      effects: [.attempt(second.telling(secondEvents)), .authorise(RequestID(4), request(payment: 1))]
    ) {
      $0.requests.issued(RequestID(4), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 2
      $0.screen = .processing(Submission(self.request(payment: 1), since: at(6)))
      $0.events += secondEvents
      $0.attempt = second
      $0.attemptNumber = 2
    }
    XCTAssertEqual(store.state.payments, 1, "the retry is the same payment")
    XCTAssertEqual(store.state.openPayment?.idempotencyKey, "\(transactionId)-1")
  }

  // MARK: - Apple Pay

  func testCancellingTheApplePaySheetAfterAnAttemptBeganEndsItCancelled() {
    // Refused at pre-authorisation (a PO box), the sheet stays open with the attempt in flight; a coupon's
    // update is held, so that its timer is waited for when the shopper cancels.
    let driver = SheetDriver()
    driver.openSheet()
    driver.send(.selectShippingContact(Acme.poBox))
    let payment = driver.authorise()
    XCTAssertEqual(payment.names, [.onSubmit, .onPreAuthorisation])
    XCTAssertEqual(driver.sheet?.phase, .reviewing)
    driver.holding = [.sheetUpdate]
    driver.send(.enterCouponCode("SAVE10"))

    // The sheet's total at onSubmit: the PO box is in Austin, TX (the coupon's update is still held).
    let amount = Money.usd(5299)
    XCTAssertEqual(payment.events.first?["amount"], .string("52.99"))
    let attempt = Attempt(
      number: 1, scenario: "acme-electronics", merchantTransactionId: transactionId,
      sessionId: Scenario.acmeElectronics.session.sessionId, method: .applePay, paidWith: "Visa ••••5556",
      amount: amount, startedAt: fixedNow, firstEvent: 0)
    XCTAssertEqual(driver.state.attempt, attempt)
    XCTAssertEqual(driver.state.attemptNumber, 1)
    XCTAssertEqual(driver.state.attemptEventsStart, 0)
    let started = driver.effects.filter { if case .attempt = $0 { return true } else { return false } }
    XCTAssertEqual(started.count, 1, "one attempt began: \(started)")

    let store = CheckoutTestStore(state: driver.state)
    let before = store.state.events
    XCTAssertEqual(
      before.map(\.name),
      [
        .onBeforeSubmit, .onShippingContactSelected, .sheetUpdated, .onPaymentMethodSelected, .sheetUpdated,
        .onShippingContactSelected, .sheetUpdated, .onSubmit, .onPreAuthorisation, .onCouponCodeChanged,
      ])
    let onCancel = CallbackEvent(
      sequence: before.count + 1, time: at(1), name: .onCancel, method: .applePay,
      details: [
        EventDetail("reason", .string("User cancelled")), EventDetail("outcome", .string("canceled")),
      ])
    let cancelled = attempt.ended(
      .cancelled(code: nil, message: "User cancelled"), at: at(1), events: before + [onCancel])
    // The coupon's timer (#10) stops first, then the attempt ends.
    store.send(.cancelSheet, at: at(1), effects: [.cancel(RequestID(10)), .attempt(cancelled)]) {
      $0.requests.answered(RequestID(9))
      $0.requests.cancelled(RequestID(10))
      $0.screen = .methodList
      $0.notice = "Apple Pay was closed; nothing was charged."
      $0.events.append(onCancel)
      $0.attempt = nil
      $0.attemptEventsStart = before.count + 1
    }
  }

  // MARK: - The end of the run

  func testEndRunEndsTheAttemptInFlightAsInterruptedAndNothingWithoutOne() {
    let store = storeOnAFilledCardForm()
    store.send(.endRun, at: at(1))
    let attempt = submitFirstAttempt(store)
    let interrupted = attempt.ended(.interrupted, at: at(3), events: submitEvents(from: 1, at: at(2)))
    store.send(.endRun, at: at(3), effects: [.attempt(interrupted)]) {
      $0.attempt = nil
      $0.attemptEventsStart = 2
    }
    // Only the attempt ends: the payment is still processing, and a second end of the run does nothing.
    XCTAssertEqual(store.state.screen, .processing(Submission(request(), since: at(2))))
    store.send(.endRun, at: at(4))
  }
}
