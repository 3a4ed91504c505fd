import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PaymentHistory

/// What the run history records of each flow: the attempts the engine says started and ended, as the
/// ledger stores them (`PaymentAttempt(_:)`).
final class AttemptTests: XCTestCase {
  /// How the gateway answers authorisations from now on; nil: never.
  private final class Answers: @unchecked Sendable {
    var answer: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)?
  }

  /// The fixture's gateway, answering authorisations as the test last said.
  private struct SwitchedGateway: PaymentGateway {
    let answers: Answers
    func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome> {
      FixtureGateway(answer: answers.answer).authorise(request)
    }
    func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> Reply<AuthorisationOutcome> {
      FixtureGateway(answer: nil).completeChallenge(challenge, code: code)
    }
    func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder> {
      FixtureGateway(answer: nil).createPayPalOrder(request)
    }
    func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse> {
      FixtureGateway(answer: nil).applePayInit(request)
    }
  }

  private let answers = Answers()
  private var store: AppTestStore!
  /// The model as the runtime has it now.
  private var model: AppModel { store.runtime.model }
  /// The attempts the engine ended, in order.
  private var finished: [PaymentAttempt] {
    store.performed.compactMap {
      guard case .checkout(.attempt(let attempt)) = $0, attempt.ending != nil else { return nil }
      return PaymentAttempt(attempt)
    }
  }

  override func setUp() {
    super.setUp()
    start(.acmeElectronics)
  }

  /// A new checkout of `scenario` in the one test store (not exhaustive: these tests read the attempts).
  private func start(_ scenario: Scenario) {
    store = AppTestStore(
      scenario: scenario, latency: 0, gateway: SwitchedGateway(answers: answers), exhaustivity: .off)
  }

  /// Sends each action through the runtime and delivers what is due at once; the gateway answers the
  /// authorisations asked meanwhile with `gateway` (or never).
  private func run(
    _ actions: [AppAction], gateway: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)? = nil
  ) {
    answers.answer = gateway
    for action in actions {
      store.send(action)
      store.advance(by: .zero)
    }
    store.finish()
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
    XCTAssertNil(model.checkout.attempt)
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

  func testATimeoutIsUnknownNotFailed() throws {
    run(
      Fixture.fillCard(number: "4242424242424242") + [.key(.enter)],
      gateway: { _ in .declined(GatewayFault.timeout.error) })
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(attempt.outcome, .unknown, "nobody knows whether it was charged")
    XCTAssertEqual(attempt.errorCode, "GATEWAY_TIMEOUT")
  }

  func testTwoAttemptsInARowKeepTheirOwnEvents() throws {
    run(Fixture.fillCard(number: "4000000000000002") + [.key(.enter)], gateway: Self.decline)
    // Try again: the form keeps the fields and the focus is on Pay; Tab Tab (Back, then the number), a new
    // number, then pay again.
    run(
      [.key(.enter), .key(.tab), .key(.tab)] + Array(repeating: .key(.backspace), count: 16)
        + Fixture.type("4242424242424242"))
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
    XCTAssertEqual(model.checkout.attempt?.method, .paypal, "onBeforeSubmit(.paypal) started it")
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
    start(Scenario.builtIn(named: "paze-checkout")!)
    let paze = model.checkout.methods.firstIndex(of: .paze)! + 1
    run([.key(.character(Character(String(paze))))])
    XCTAssertEqual(model.checkout.attempt?.method, .paze)
    run([.key(.escape)])
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(attempt.outcome, .cancelled)
    XCTAssertEqual(attempt.errorMessage, "Paze was closed; nothing was charged.")
  }

  func testCancellingTheSheetAfterARefusalAtPreAuthorisationIsCancelled() throws {
    // Jane's PO box is refused once the shopper authorised: the sheet is back, then dismissed.
    run(
      [
        .checkout(.createCheckout), .key(.character("3")), .checkout(.selectShippingContact(3)),
        .checkout(.requestAuthorisation), .checkout(.authenticate(.recognised)),
      ])
    XCTAssertEqual(model.checkout.attempt?.method, .applePay, "onSubmit(.applePay) started it")
    run([.checkout(.cancelSheet)])
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(attempt.outcome, .cancelled)
    XCTAssertEqual(attempt.errorMessage, "User cancelled")
    XCTAssertEqual(attempt.card, model.checkout.scenario.applePay?.eligibleCards.first?.displayName)
    XCTAssertEqual(names(attempt).last, "onCancel")
  }

  func testThePSPResultCodeIsKept() throws {
    run(
      Fixture.fillCard(number: "5555555555554444") + [.key(.enter)],
      gateway: { _ in
        AuthorisationOutcome.declined(SdkError(errorCode: "INSUFFICIENT_FUNDS", errorMessage: "No"))
          .reporting(GatewayReport(profile: .adyen, resultCode: "Refused"))
      })
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(attempt.resultCode, "Refused")
    XCTAssertEqual(attempt.card, "Mastercard ••••4444")
  }

  func testAnAttemptInFlightIsInterruptedNeverSucceeded() throws {
    run(Fixture.fillCard(number: "4242424242424242") + [.key(.enter)], gateway: nil)
    XCTAssertTrue(finished.isEmpty, "the gateway has not answered")
    run([.finish])
    let attempt = try XCTUnwrap(finished.first)
    XCTAssertEqual(attempt.outcome, .interrupted)
    XCTAssertNil(attempt.systemTransactionId)
    XCTAssertEqual(names(attempt), ["onBeforeSubmit", "onSubmit"])
    run([.finish])
    XCTAssertEqual(finished.count, 1, "only once")
  }

  func testARefusedSubmissionIsNoAttempt() {
    var scenario = Scenario.acmeElectronics
    scenario.beforeSubmit = BeforeSubmitRule(allow: false, message: "Please accept terms and conditions")
    start(scenario)
    run(Fixture.fillCard(number: "4242424242424242") + [.key(.enter)], gateway: Self.approve)
    XCTAssertTrue(finished.isEmpty)
    XCTAssertNil(model.checkout.attempt)
  }
}
