import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport
@testable import PayDrillApp

/// Whole flows through `AppTestStore`: every state change, every effect and every action that came back.
final class AppTestStoreTests: XCTestCase {
  func testACardPaymentEffectByEffect() {
    let store = AppTestStore(scenario: Fixture.cardOnly, latency: 600)
    let scenario = store.model.checkout.scenario
    store.send(.checkout(.createCheckout))
    store.send(.key(.character("1"))) {
      $0.checkout.screen = .cardForm
      $0.controls = .cardForm(.field(.number))
    }
    for (text, field) in [
      ("4242424242424242", CardField.number), ("1234", .expiry), ("123", .securityCode),
      ("Jane Doe", .holderName),
    ] {
      store.send(.checkout(.type(text, into: field))) { $0.checkout.cardForm.type(text, into: field) }
    }
    store.send(.checkout(.submitCard), effects: [.checkout(.askBeforeSubmit(RequestID(1), .card))]) {
      $0.checkout.awaitingMerchant = .card
      $0.checkout.requests.issued(RequestID(1), .beforeSubmit(.card))
    }
    XCTAssertEqual(store.model.checkout.requests.awaited(RequestID(1)), .beforeSubmit(.card))

    // The scenario's merchant answers at once: the payment goes to the gateway.
    store.advance(by: .zero)
    let now = Fixture.now
    let allowed = CallbackEvent(
      sequence: 1, time: now, name: .onBeforeSubmit, method: .card,
      details: [EventDetail("returned", .bool(true))])
    let submitted = CallbackEvent(
      sequence: 2, time: now, name: .onSubmit, method: .card,
      details: [
        EventDetail("scheme", .string("Visa")), EventDetail("last4", .string("4242")),
        EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD")),
      ])
    // The run's tag (drawn from its seed) and the payment's number.
    let runTag = store.runtime.model.checkout.runTag
    XCTAssertEqual(runTag.count, 8)
    let key = "\(scenario.merchantTransactionId)-\(runTag)-1"
    let request = AuthorisationRequest(
      method: .card,
      card: CardDetails(
        number: CardNumber(digits: "4242424242424242"), expiryMonth: 12, expiryYear: 2034,
        securityCode: "123",
        holderName: "Jane Doe"),
      amount: scenario.total, intent: scenario.cardIntent,
      merchantTransactionId: scenario.merchantTransactionId,
      sessionId: scenario.session.sessionId, idempotencyKey: key)
    // The engine says the attempt started: the ledger stores it as in flight.
    var attempt = Attempt(
      number: 1, scenario: scenario.name, merchantTransactionId: scenario.merchantTransactionId,
      sessionId: scenario.session.sessionId, method: .card, paidWith: "Visa ••••4242", amount: scenario.total,
      startedAt: now, firstEvent: 0)
    let inFlight = attempt
    attempt.events = [allowed, submitted]
    store.receive(
      .checkout(.answered(RequestID(1), .beforeSubmit(BeforeSubmitVerdict(allowed: true)))),
      effects: [
        .checkout(.attempt(attempt)), .checkout(.authorise(RequestID(2), request)),
        .notifyHooks([allowed, submitted]),
      ]
    ) {
      $0.checkout.awaitingMerchant = nil
      $0.checkout.events = [allowed, submitted]
      $0.checkout.screen = .processing(Submission(request, since: now))
      $0.controls = .processing(spinnerFrame: 0)  // the card form's focus went with it
      $0.checkout.attempts = 1
      $0.checkout.payments = 1
      $0.checkout.openPayment = OpenPayment(idempotencyKey: key, method: .card, amount: scenario.total)
      $0.checkout.requests.answered(RequestID(1))
      $0.checkout.requests.issued(RequestID(2), .gateway(.card))
      $0.eventsNotified = 2
      $0.checkout.attempt = inFlight
      $0.checkout.attemptNumber = 1
    }

    // 600 ms at the gateway: the spinner turns every 100 ms meanwhile, then the approval.
    store.advance(by: .milliseconds(600))
    for frame in 1...5 { store.receive(.tick) { $0.spinnerFrame = frame } }
    let transactionId = TransactionIdentifiers(seed: 1).next()
    let paidAt = now.addingTimeInterval(0.6)
    let succeeded = CallbackEvent(
      sequence: 3, time: paidAt, name: .onSuccess, method: .card,
      details: [
        EventDetail("systemTransactionId", .string(transactionId)),
        EventDetail("merchantTransactionId", .string(scenario.merchantTransactionId)),
        EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD")),
      ])
    let result = DropInSubmitResult(
      systemTransactionId: transactionId, merchantTransactionId: scenario.merchantTransactionId)
    attempt.ending = .succeeded(result)
    attempt.endedAt = paidAt
    attempt.events.append(succeeded)
    let receipt = Receipt(result: result, method: .card, paidWith: "Visa •••• 4242", amount: scenario.total)
    store.receive(
      .checkout(.answered(RequestID(2), .gateway(.approved(systemTransactionId: transactionId)))),
      effects: [.checkout(.attempt(attempt)), .notifyHooks([succeeded])]
    ) {
      $0.checkout.events.append(succeeded)
      $0.checkout.screen = .result(.success(receipt))
      $0.checkout.openPayment = nil
      $0.checkout.requests.answered(RequestID(2))
      $0.controls = .result(choice: 0)
      $0.eventsNotified = 3
      $0.checkout.attempt = nil
      $0.checkout.attemptEventsStart = 3
    }
    XCTAssertTrue(store.model.checkout.requests.waiting.isEmpty, "nothing is waited for any more")
    store.finish()
  }

  func testAnAnswerDeliveredTwiceIsDroppedAndShownAsDropped() {
    let store = AppTestStore(scenario: Fixture.cardOnly, latency: 0)
    store.send(.checkout(.createCheckout))
    store.send(
      .checkout(.selectMethod(.paypal)), effects: [.checkout(.askBeforeSubmit(RequestID(1), .paypal))]
    ) {
      $0.checkout.awaitingMerchant = .paypal
      $0.checkout.requests.issued(RequestID(1), .beforeSubmit(.paypal))
    }
    store.assertDrops(.beforeSubmit(BeforeSubmitVerdict(allowed: true)), for: RequestID(7))
    XCTAssertEqual(store.model.checkout.awaitingMerchant, .paypal, "still waiting for request #1")
  }
}
