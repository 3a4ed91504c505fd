import PayDrillApp
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport
@testable import PayDrillLoop

/// PayPal's timeline: onBeforeSubmit(.paypal), processing and the order (onPreAuthorisation), approval on
/// PayPal.com, then onSuccess or onError(.paypal, …). Never onSubmit.
final class PayPalFlowTests: XCTestCase {
  /// The acme checkout (or another scenario's) through the one interpreter, the gateway answering at once.
  private func makeRuntime(_ scenario: Scenario = .acmeElectronics) -> CheckoutRuntime {
    .flow(scenario: scenario, transactionId: "7f3e9c2a-5b1d-4e8f-a6c4-2d9b8e1f0a37")
  }

  func testApprovedWithPayPalFiresNoOnSubmit() {
    let runtime = makeRuntime()
    runtime.settle(after: .selectMethod(.paypal))
    guard case .payPalApproval(let order) = runtime.checkout.screen else {
      return XCTFail("\(runtime.checkout.screen)")
    }
    XCTAssertTrue(order.orderId.hasPrefix("PAYID-"))
    XCTAssertEqual(order.amount, Money(minorUnits: 4999, currency: .usd))
    XCTAssertEqual(runtime.checkout.events.map(\.name), [.onBeforeSubmit, .onPreAuthorisation])
    XCTAssertEqual(runtime.checkout.events[1]["orderId"], .string(order.orderId))
    XCTAssertEqual(CheckoutReducer.payPalOptions(runtime.checkout), [.paypal, .paylater, .declinedSource])
    runtime.settle(after: .approvePayPal(.paylater))
    let state = runtime.checkout
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit, .onPreAuthorisation, .onSuccess])
    XCTAssertFalse(state.events.contains { $0.name == .onSubmit }, "PayPal never fires onSubmit")
    guard case .result(.success(let receipt)) = state.screen else { return XCTFail("\(state.screen)") }
    XCTAssertEqual(
      receipt.paidWith, "Pay Later · \(order.orderId)", "the receipt names the funding and order")
  }

  /// drop-in-implementation.md, DropInTransactionData: "`.ecom`: E-commerce transaction (required for PayPal)".
  /// A `.moto` transaction is refused when PayPal is tapped: onError(.paypal, …) on the method list, before
  /// onBeforeSubmit and with no order and no attempt.
  func testAMotoTransactionCannotPayByPayPal() {
    var scenario = Scenario.acmeElectronics
    scenario.entryType = "moto"
    let runtime = makeRuntime(scenario)
    runtime.settle(after: .selectMethod(.paypal))
    let state = runtime.checkout
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.events.map(\.name), [.onError])
    XCTAssertEqual(state.events.last?.method, .paypal)
    XCTAssertEqual(state.events.last?["errorCode"], .string("PAYPAL_ECOM_REQUIRED"))
    XCTAssertEqual(
      state.notice, "PayPal requires an e-commerce transaction (entryType .ecom); this one is .moto")
    XCTAssertEqual(state.attempts, 0)
  }

  func testADeclinedFundingSourceFiresOnError() {
    let runtime = makeRuntime()
    runtime.settle(after: .selectMethod(.paypal))
    runtime.settle(after: .approvePayPal(.declinedSource))
    let state = runtime.checkout
    guard case .result(.failure(.paypal, let error, _)) = state.screen else {
      return XCTFail("\(state.screen)")
    }
    XCTAssertEqual(error.errorCode, "PAYPAL_INSTRUMENT_DECLINED")
    XCTAssertEqual(state.events.last?.name, .onError)
  }

  func testCancellingOnPayPalChargesNothing() {
    let runtime = makeRuntime()
    runtime.settle(after: .selectMethod(.paypal))
    runtime.settle(after: .cancelPayPal)
    let state = runtime.checkout
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.events.last?["errorCode"], .string("PAYPAL_CANCELED"))
    XCTAssertEqual(state.attempts, 0)
  }

  func testAnOrderTheGatewayCouldNotCreateFiresOnErrorOnTheMethodList() {
    var state = CheckoutState(scenario: .acmeElectronics)
    let context = ReduceContext(now: fixedNow)
    XCTAssertEqual(
      CheckoutReducer.reduce(&state, .selectMethod(.paypal), context: context),
      [.askBeforeSubmit(RequestID(1), .paypal)])
    let verdict = state.scenario.beforeSubmit.verdict(for: .paypal)
    let effects = CheckoutReducer.reduce(
      &state, .answered(RequestID(1), .beforeSubmit(verdict)), context: context)
    guard effects.count == 2, case .createPayPalOrder(RequestID(2), let request) = effects[1] else {
      return XCTFail("no PayPal order was asked for: \(effects)")
    }
    // The allowed onBeforeSubmit begins PayPal's attempt, before the order is asked for.
    let beforeSubmit = CallbackEvent(
      sequence: 1, time: fixedNow, name: .onBeforeSubmit, method: .paypal,
      details: [EventDetail("returned", .bool(true))])
    let attempt = Attempt(
      number: 1, scenario: "acme-electronics", merchantTransactionId: "0ce72cfd-014d-4256-a006-a56601b2ffc4",
      sessionId: Scenario.acmeElectronics.session.sessionId, method: .paypal, paidWith: "PayPal",
      amount: Money(minorUnits: 4999, currency: .usd),
      startedAt: fixedNow, firstEvent: 0)
    XCTAssertEqual(effects.first, .attempt(attempt.telling([beforeSubmit])))
    XCTAssertEqual(state.attempt, attempt)
    XCTAssertEqual(state.attemptNumber, 1)
    XCTAssertEqual(state.screen.processingMethod, .paypal)
    let failure = SdkError(
      errorCode: "GATEWAY_TIMEOUT", errorMessage: "The gateway plugin did not answer paypalOrder within 5 s")
    let order = PayPalOrder(orderId: "", intent: request.intent, amount: request.amount, failure: failure)
    // Without an order nothing could be charged: the attempt failed, even on a timeout.
    let onError = CallbackEvent(
      sequence: 2, time: fixedNow, name: .onError, method: .paypal,
      details: [
        EventDetail("errorCode", .string(failure.errorCode)),
        EventDetail("errorMessage", .string(failure.errorMessage)),
      ])
    XCTAssertEqual(
      CheckoutReducer.reduce(&state, .answered(RequestID(2), .payPalOrder(order)), context: context),
      [.attempt(attempt.ended(.failed(failure), at: fixedNow, events: [beforeSubmit, onError]))])
    XCTAssertNil(state.attempt)
    XCTAssertEqual(state.attemptNumber, 1)
    XCTAssertEqual(state.attemptEventsStart, 2)
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.notice, failure.errorMessage)
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit, .onError])
    XCTAssertEqual(state.events.last?.method, .paypal)
    XCTAssertEqual(state.events.last?["errorCode"], .string("GATEWAY_TIMEOUT"))
    XCTAssertFalse(
      state.events.contains { $0.name == .onPreAuthorisation }, "no order, no onPreAuthorisation")
  }

  func testPayLaterIsOfferedOnlyWhenTheSessionAllowsIt() {
    var scenario = Scenario.acmeElectronics
    scenario.session.allowedFundingTypes.wallets.paypal?.allowedFundingOptions = ["paypal"]
    XCTAssertEqual(
      CheckoutReducer.payPalOptions(CheckoutState(scenario: scenario)), [.paypal, .declinedSource])
  }

  func testARefusalKeepsPayPalClosed() {
    var scenario = Scenario.acmeElectronics
    scenario.beforeSubmit = BeforeSubmitRule(allow: false, message: "Please accept terms and conditions")
    let runtime = makeRuntime(scenario)
    runtime.settle(after: .selectMethod(.paypal))
    let state = runtime.checkout
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.notice, "Please accept terms and conditions")
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit])
  }
}
