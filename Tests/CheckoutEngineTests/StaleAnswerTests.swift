import GatewaySimulator
import XCTest

@testable import CheckoutEngine

/// Answers that arrive late or twice change nothing. Each case was found by `paydrill fuzz`, which delivers
/// the engine's answers in any order and sometimes again.
final class StaleAnswerTests: XCTestCase {
  private let context = ReduceContext(now: fixedNow)

  /// Sends an action and answers at once what it asks of the merchant and of `/init`; returns the effects
  /// left for the gateway (and the merchant's `onPreAuthorisation`), unanswered.
  private func send(_ action: CheckoutAction, _ state: inout CheckoutState) -> [CheckoutEffect] {
    var left: [CheckoutEffect] = []
    for effect in CheckoutReducer.reduce(&state, action, context: context) {
      switch effect {
      case .askBeforeSubmit(let method):
        left += send(.beforeSubmitAnswered(method, state.scenario.beforeSubmit.verdict(for: method)), &state)
      case .prepareApplePay(let request):
        left += send(.applePayInitAnswered(ApplePayInitEndpoint.answer(request)), &state)
      case .requestSheetUpdate(_, let selections):
        let pricing = MerchantPricing(configuration: state.scenario.applePay!)
        left += send(.sheetUpdated(pricing.update(for: selections)), &state)
      case .expectUpdate:
        break
      default:
        left.append(effect)
      }
    }
    return left
  }

  private func count(_ name: CallbackName, in state: CheckoutState) -> Int {
    state.events.filter { $0.name == name }.count
  }

  func testAnOnBeforeSubmitAnswerForAnotherMethodIsIgnored() {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = send(.createCheckout, &state)
    XCTAssertEqual(
      CheckoutReducer.reduce(&state, .selectMethod(.paypal), context: context), [.askBeforeSubmit(.paypal)])
    let stale = CheckoutReducer.reduce(
      &state, .beforeSubmitAnswered(.card, BeforeSubmitVerdict(allowed: true)), context: context)
    XCTAssertEqual(stale, [], "a card answer must not submit the (empty) card form while PayPal waits")
    XCTAssertEqual(state.awaitingMerchant, .paypal)
    XCTAssertEqual(count(.onBeforeSubmit, in: state), 0)
    let failure = MerchantHookFailure(
      callback: .onBeforeSubmit, method: .card, error: SdkError(errorCode: "X", errorMessage: "late"))
    XCTAssertEqual(CheckoutReducer.reduce(&state, .merchantHookFailed(failure), context: context), [])
    XCTAssertEqual(state.awaitingMerchant, .paypal)
    let answered = CheckoutReducer.reduce(
      &state, .beforeSubmitAnswered(.paypal, BeforeSubmitVerdict(allowed: true)), context: context)
    XCTAssertEqual(answered.count, 1)
    XCTAssertEqual(state.screen, .processing(.paypal))
  }

  func testAGatewayAnswerWhileThePayPalOrderIsCreatedIsIgnored() {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = send(.createCheckout, &state)
    _ = send(.selectMethod(.paypal), &state)
    XCTAssertEqual(state.screen, .processing(.paypal))
    XCTAssertEqual(
      CheckoutReducer.reduce(
        &state, .gatewayAnswered(.approved(systemTransactionId: "tx-1")), context: context),
      [])
    XCTAssertEqual(state.screen, .processing(.paypal))
    XCTAssertEqual(count(.onSuccess, in: state), 0)
  }

  func testAPayPalOrderAnsweredAgainWhileAuthorisingIsIgnored() {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = send(.createCheckout, &state)
    _ = send(.selectMethod(.paypal), &state)
    let order = PayPalOrder(orderId: "PAYID-1", intent: "Authorisation", amount: state.total)
    _ = CheckoutReducer.reduce(&state, .payPalOrderCreated(order), context: context)
    XCTAssertEqual(CheckoutReducer.reduce(&state, .approvePayPal(.paypal), context: context).count, 1)
    XCTAssertEqual(CheckoutReducer.reduce(&state, .payPalOrderCreated(order), context: context), [])
    XCTAssertEqual(state.screen, .processing(.paypal), "still authorising, not back on the approval page")
    XCTAssertEqual(count(.onPreAuthorisation, in: state), 1)
  }

  /// Opens the Apple Pay sheet and authenticates: `onPreAuthorisation` is asked.
  private func preAuthorising() -> (CheckoutState, Contact?) {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = send(.createCheckout, &state)
    _ = send(.selectMethod(.applePay), &state)
    XCTAssertEqual(state.screen, .applePaySheet)
    _ = send(.requestAuthorisation, &state)
    let effects = send(.authenticate(.recognised), &state)
    guard case .preAuthorise(let contact)? = effects.first else {
      XCTFail("expected onPreAuthorisation, got \(effects)")
      return (state, nil)
    }
    return (state, contact)
  }

  func testAPreAuthorisationAnsweredAgainDoesNotAuthoriseAgain() {
    var (state, contact) = preAuthorising()
    let answer = MerchantPricing(configuration: state.scenario.applePay!).preAuthorisationAnswer(
      shippingContact: contact)
    let first = CheckoutReducer.reduce(&state, .preAuthorisationAnswered(answer), context: context)
    XCTAssertEqual(first.count, 1)
    XCTAssertEqual(CheckoutReducer.reduce(&state, .preAuthorisationAnswered(answer), context: context), [])
    XCTAssertEqual(count(.onPreAuthorisation, in: state), 1)
    XCTAssertEqual(state.attempts, 1, "one request to the gateway")
  }

  func testAGatewayAnswerWhilePreAuthorisingIsIgnored() {
    var (state, _) = preAuthorising()
    let effects = CheckoutReducer.reduce(
      &state, .gatewayAnswered(.approved(systemTransactionId: "tx-1")), context: context)
    XCTAssertEqual(effects, [])
    XCTAssertEqual(count(.onPostAuthorisation, in: state), 0)
    XCTAssertEqual(count(.onSuccess, in: state), 0)
  }
}
