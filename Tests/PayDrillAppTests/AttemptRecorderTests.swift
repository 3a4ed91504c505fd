import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp

/// Event sequences in, attempts out: what the run history records for each flow.
final class AttemptRecorderTests: XCTestCase {
  private var model = Fixture.model(Size(columns: 100, rows: 32))
  private var recorder = AttemptRecorder()
  private var finished: [PaymentAttempt] = []

  /// Sends each action through the runtime (effects answered at once); the attempts that ended are those
  /// the app asked the ledger to record as ended, and `recorder` is the app's.
  private func run(
    _ actions: [AppAction], gateway: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)? = nil
  ) {
    for action in actions {
      for case .recordAttempt(_, let attempt) in Fixture.settle([action], in: &model, gateway: gateway)
      where attempt.outcome != .interrupted {
        finished.append(attempt)
      }
      recorder = model.attemptRecorder
    }
  }

  private static let approve: @Sendable (AuthorisationRequest) -> AuthorisationOutcome = { _ in
    .approved(systemTransactionId: "tx-approved")
  }

  private static let decline: @Sendable (AuthorisationRequest) -> AuthorisationOutcome = { _ in
    .declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."))
  }

  private func names(_ attempt: PaymentAttempt) -> [String] {
    attempt.events.map(\.name.rawValue)
  }

  func testASuccessfulCardPayment() throws {
    run(
      [.checkout(.createCheckout)] + Fixture.fillCard(number: "4242424242424242") + [.key(.enter)],
      gateway: Self.approve)
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(finished.count, 1)
    XCTAssertEqual(attempt.outcome, .succeeded)
    XCTAssertEqual(attempt.method, .card)
    XCTAssertEqual(attempt.card, "Visa ••••4242")
    XCTAssertEqual(attempt.amount, Money(minorUnits: 4999, currency: Currency(code: "USD")!))
    XCTAssertEqual(attempt.scenario, "acme-electronics")
    XCTAssertEqual(attempt.systemTransactionId, "tx-approved")
    XCTAssertEqual(attempt.merchantTransactionId, Scenario.acmeElectronics.merchantTransactionId)
    XCTAssertNil(attempt.errorCode)
    XCTAssertEqual(names(attempt), ["onBeforeSubmit", "onSubmit", "onSuccess"])
    XCTAssertFalse(
      attempt.events.map { $0.jsonLine() }.joined().contains("4242424242424242"), "never the full number")
    XCTAssertNil(recorder.current)
  }

  func testADeclineIsFailedWithItsCode() throws {
    run(Fixture.fillCard(number: "4000000000000002") + [.key(.enter)], gateway: Self.decline)
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(attempt.outcome, .failed)
    XCTAssertEqual(attempt.errorCode, "CARD_DECLINED")
    XCTAssertEqual(attempt.errorMessage, "The card was declined.")
    XCTAssertEqual(attempt.card, "Visa ••••0002")
    XCTAssertNil(attempt.systemTransactionId)
  }

  func testTwoAttemptsInARowKeepTheirOwnEvents() throws {
    run(Fixture.fillCard(number: "4000000000000002") + [.key(.enter)], gateway: Self.decline)
    // Try again: the form keeps the fields; a new number, then pay again.
    run([.key(.enter)] + Array(repeating: .key(.backspace), count: 16) + Fixture.type("4242424242424242"))
    run([.key(.tab), .key(.tab), .key(.tab), .key(.tab), .key(.enter)], gateway: Self.approve)
    XCTAssertEqual(finished.map(\.outcome), [.failed, .succeeded])
    XCTAssertEqual(finished.map(\.card), ["Visa ••••0002", "Visa ••••4242"])
    XCTAssertEqual(
      finished.map { names($0) },
      [["onBeforeSubmit", "onSubmit", "onError"], ["onBeforeSubmit", "onSubmit", "onSuccess"]])
    XCTAssertLessThanOrEqual(finished[0].endedAt, finished[1].startedAt)
  }

  func testPayPalStartsWithOnBeforeSubmitAndSucceeds() throws {
    run([.key(.character("2"))])
    XCTAssertEqual(recorder.current?.method, .paypal, "onBeforeSubmit(.paypal) started it")
    run([.key(.enter)], gateway: Self.approve)
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(attempt.method, .paypal)
    XCTAssertEqual(attempt.outcome, .succeeded)
    XCTAssertEqual(attempt.card, "PayPal balance")
    XCTAssertEqual(names(attempt), ["onBeforeSubmit", "onPreAuthorisation", "onSuccess"])
  }

  func testCancellingPayPalIsCancelled() throws {
    run([.key(.character("2")), .key(.escape)])
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(attempt.outcome, .cancelled)
    XCTAssertEqual(attempt.errorCode, "PAYPAL_CANCELED")
  }

  func testClosingPazeWithoutACallbackIsCancelled() throws {
    model = Fixture.model(Size(columns: 100, rows: 32), scenario: Scenario.builtIn(named: "paze-checkout")!)
    let paze = model.checkout.methods.firstIndex(of: .paze)! + 1
    run([.key(.character(Character(String(paze))))])
    XCTAssertEqual(recorder.current?.method, .paze)
    run([.key(.escape)])
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(attempt.outcome, .cancelled)
    XCTAssertEqual(attempt.errorMessage, "Paze was closed; nothing was charged.")
  }

  func testOnCancelAfterOnSubmitIsCancelled() throws {
    var state = CheckoutState(scenario: .acmeElectronics)
    let time = Fixture.now
    state.events = [
      CallbackEvent(
        sequence: 1, time: time, name: .onSubmit, method: .applePay,
        details: [
          EventDetail("paymentMethod.displayName", .string("Visa ••••4242")),
          EventDetail("amount", .string("63.97")), EventDetail("currency", .string("USD")),
        ]),
      CallbackEvent(
        sequence: 2, time: time.addingTimeInterval(2), name: .onCancel, method: .applePay,
        details: [EventDetail("reason", .string("User cancelled"))]),
    ]
    state.screen = .applePaySheet(
      ApplePaySheet(
        summaryItems: [], shippingMethods: [], shippingMethod: nil, shippingContact: nil, card: nil))
    let attempts = recorder.observe(state).filter(\.isFinished).map(\.attempt)
    XCTAssertEqual(attempts.count, 1)
    XCTAssertEqual(attempts.first?.outcome, .cancelled)
    XCTAssertEqual(attempts.first?.card, "Visa ••••4242")
    XCTAssertEqual(attempts.first?.amount.minorUnits, 6397)
    XCTAssertEqual(attempts.first?.endedAt, time.addingTimeInterval(2))
  }

  func testThePSPResultCodeIsKept() throws {
    var state = CheckoutState(scenario: .acmeElectronics)
    state.events = [
      CallbackEvent(
        sequence: 1, time: Fixture.now, name: .onSubmit, method: .card,
        details: [EventDetail("scheme", .string("Mastercard")), EventDetail("last4", .string("4444"))]),
      CallbackEvent(
        sequence: 2, time: Fixture.now, name: .onError, method: .card,
        details: [
          EventDetail("errorCode", .string("INSUFFICIENT_FUNDS")), EventDetail("errorMessage", .string("No")),
          EventDetail("resultCode", .string("Refused")),
        ]),
    ]
    state.screen = .result(
      .failure(method: .card, error: SdkError(errorCode: "INSUFFICIENT_FUNDS", errorMessage: "No")))
    let attempt = try XCTUnwrap(recorder.observe(state).last?.attempt)
    XCTAssertEqual(attempt.resultCode, "Refused")
    XCTAssertEqual(attempt.card, "Mastercard ••••4444")
  }

  func testAnAttemptInFlightIsInterruptedNeverSucceeded() throws {
    run(Fixture.fillCard(number: "4242424242424242") + [.key(.enter)], gateway: nil)
    XCTAssertTrue(finished.isEmpty, "the gateway has not answered")
    let attempt = try XCTUnwrap(recorder.interrupt(at: Fixture.now.addingTimeInterval(5))?.attempt)
    XCTAssertEqual(attempt.outcome, .interrupted)
    XCTAssertNil(attempt.systemTransactionId)
    XCTAssertEqual(names(attempt), ["onBeforeSubmit", "onSubmit"])
    XCTAssertNil(recorder.interrupt(at: Fixture.now), "only once")
  }

  func testARefusedSubmissionIsNoAttempt() {
    var scenario = Scenario.acmeElectronics
    scenario.beforeSubmit = BeforeSubmitRule(allow: false, message: "Please accept terms and conditions")
    model = Fixture.model(Size(columns: 100, rows: 32), scenario: scenario)
    run(Fixture.fillCard(number: "4242424242424242") + [.key(.enter)], gateway: Self.approve)
    XCTAssertTrue(finished.isEmpty)
    XCTAssertNil(recorder.current)
  }
}
