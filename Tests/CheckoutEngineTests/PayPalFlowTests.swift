import GatewaySimulator
import XCTest

@testable import CheckoutEngine

/// PayPal's timeline: onBeforeSubmit(.paypal), processing and the order (onPreAuthorisation), approval on
/// PayPal.com, then onSuccess or onError(.paypal, …). Never onSubmit.
final class PayPalFlowTests: XCTestCase {
  private let driver = GatewayDriver(transactionId: "7f3e9c2a-5b1d-4e8f-a6c4-2d9b8e1f0a37")

  private func send(_ action: CheckoutAction, _ state: inout CheckoutState) async {
    await driver.send(action, &state)
  }

  func testApprovedWithPayPalFiresNoOnSubmit() async {
    var state = CheckoutState(scenario: .acmeElectronics)
    await send(.selectMethod(.paypal), &state)
    guard case .payPalApproval(let order) = state.screen else { return XCTFail("\(state.screen)") }
    XCTAssertTrue(order.orderId.hasPrefix("PAYID-"))
    XCTAssertEqual(order.amount, Money(minorUnits: 4999, currency: .usd))
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit, .onPreAuthorisation])
    XCTAssertEqual(state.events[1]["orderId"], .string(order.orderId))
    XCTAssertEqual(CheckoutReducer.payPalOptions(state), [.paypal, .paylater, .declinedSource])
    await send(.approvePayPal(.paylater), &state)
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit, .onPreAuthorisation, .onSuccess])
    XCTAssertFalse(state.events.contains { $0.name == .onSubmit }, "PayPal never fires onSubmit")
    XCTAssertEqual(state.payPal, PayPalApproval(orderId: order.orderId, funding: .paylater))
  }

  func testADeclinedFundingSourceFiresOnError() async {
    var state = CheckoutState(scenario: .acmeElectronics)
    await send(.selectMethod(.paypal), &state)
    await send(.approvePayPal(.declinedSource), &state)
    guard case .result(.failure(.paypal, let error)) = state.screen else { return XCTFail("\(state.screen)") }
    XCTAssertEqual(error.errorCode, "PAYPAL_INSTRUMENT_DECLINED")
    XCTAssertEqual(state.events.last?.name, .onError)
  }

  func testCancellingOnPayPalChargesNothing() async {
    var state = CheckoutState(scenario: .acmeElectronics)
    await send(.selectMethod(.paypal), &state)
    await send(.cancelPayPal, &state)
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.events.last?["errorCode"], .string("PAYPAL_CANCELED"))
    XCTAssertEqual(state.attempts, 0)
  }

  func testAnOrderTheGatewayCouldNotCreateFiresOnErrorOnTheMethodList() {
    var state = CheckoutState(scenario: .acmeElectronics)
    let context = ReduceContext(now: fixedNow)
    XCTAssertEqual(
      CheckoutReducer.reduce(&state, .selectMethod(.paypal), context: context), [.askBeforeSubmit(.paypal)])
    let verdict = state.scenario.beforeSubmit.verdict(for: .paypal)
    guard
      case .createPayPalOrder(let request)? = CheckoutReducer.reduce(
        &state, .beforeSubmitAnswered(.paypal, verdict), context: context
      ).first
    else { return XCTFail("no PayPal order was asked for") }
    XCTAssertEqual(state.screen, .processing(.paypal))
    let failure = SdkError(
      errorCode: "GATEWAY_TIMEOUT", errorMessage: "The gateway plugin did not answer paypalOrder within 5 s")
    let order = PayPalOrder(orderId: "", intent: request.intent, amount: request.amount, failure: failure)
    XCTAssertEqual(CheckoutReducer.reduce(&state, .payPalOrderCreated(order), context: context), [])
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.notice, failure.errorMessage)
    XCTAssertNil(state.processingSince)
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

  func testARefusalKeepsPayPalClosed() async {
    var scenario = Scenario.acmeElectronics
    scenario.beforeSubmit = BeforeSubmitRule(allow: false, message: "Please accept terms and conditions")
    var state = CheckoutState(scenario: scenario)
    await send(.selectMethod(.paypal), &state)
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.notice, "Please accept terms and conditions")
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit])
  }
}
