import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// What the checkout does when the merchant hook gives no usable answer: the seed's behaviour without the
/// merchant's answer, and a `merchantHookFailed` event that says why.
final class MerchantHookFailureTests: XCTestCase {
  private let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))
  private let crash = SdkError(errorCode: "MERCHANT_HOOK_CRASHED", errorMessage: "The merchant hook exited")

  private let unusable = SdkError(
    errorCode: "MERCHANT_HOOK_PROTOCOL_ERROR",
    errorMessage: "The merchant hook's answer to onShippingContactSelected is unusable: USD 1.999")

  /// The hook's failure, as the answer to request `id`.
  private func failure(of id: RequestID, _ error: SdkError? = nil) -> CheckoutAction {
    .answered(id, .merchantHookFailed(error ?? crash))
  }

  func testAFailedOnBeforeSubmitRefusesTheSubmissionWithANotice() {
    var state = CheckoutState(scenario: .acmeElectronics)
    XCTAssertEqual(
      CheckoutReducer.reduce(&state, .selectMethod(.paypal), context: context),
      [.askBeforeSubmit(RequestID(1), .paypal)])
    XCTAssertTrue(state.isAwaitingMerchant)
    let effects = CheckoutReducer.reduce(&state, failure(of: RequestID(1)), context: context)
    XCTAssertEqual(effects, [])
    XCTAssertFalse(state.isAwaitingMerchant)
    XCTAssertEqual(state.notice, "onBeforeSubmit failed: The merchant hook exited. Nothing was submitted.")
    XCTAssertEqual(state.events.last?.name, .merchantHookFailed)
    XCTAssertEqual(state.events.last?["callback"], .string("onBeforeSubmit"))
    XCTAssertEqual(state.events.last?["errorCode"], .string("MERCHANT_HOOK_CRASHED"))
    XCTAssertEqual(state.events.last?.method, .paypal)
    XCTAssertEqual(state.attempts, 0)
  }

  func testAFailedSheetUpdateEndsThePaymentAsPassKitsTimeoutDoesAndAStaleOneIsDropped() {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: context)
    XCTAssertEqual(
      CheckoutReducer.reduce(
        &state, .answered(RequestID(1), .beforeSubmit(BeforeSubmitVerdict(allowed: true))), context: context
      ).map(\.requestID), [RequestID(2), RequestID(3)], "onShippingContactSelected and its timer")
    // A late failure of onBeforeSubmit (#1, answered already): the sheet waits for the contact's update.
    let store = CheckoutTestStore(state: state)
    store.assertDrops(.merchantHookFailed(crash), for: RequestID(1), at: context.now)
    state = store.state
    XCTAssertTrue(state.screen.isApplePaySheet)
    let effects = CheckoutReducer.reduce(&state, failure(of: RequestID(2)), context: context)
    XCTAssertEqual(effects, [.cancel(RequestID(3))], "the update's timer stops")
    guard case .result(.failure(.applePay, let error, _)) = state.screen else {
      return XCTFail("\(state.screen)")
    }
    XCTAssertEqual(error.errorCode, "APPLE_PAY_UPDATE_TIMEOUT")
    XCTAssertEqual(
      error.errorMessage,
      "Payment could not be completed: onShippingContactSelected did not answer (The merchant hook exited)")
    XCTAssertEqual(state.events.suffix(2).map(\.name), [.merchantHookFailed, .onError])
  }

  func testAnUnusableSheetUpdateEndsThePaymentWithTheHooksReasonNotATimeout() {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: context)
    _ = CheckoutReducer.reduce(
      &state, .answered(RequestID(1), .beforeSubmit(BeforeSubmitVerdict(allowed: true))), context: context)
    let effects = CheckoutReducer.reduce(&state, failure(of: RequestID(2), unusable), context: context)
    XCTAssertEqual(effects, [.cancel(RequestID(3))], "the update's timer stops")
    guard case .result(.failure(.applePay, let error, _)) = state.screen else {
      return XCTFail("\(state.screen)")
    }
    XCTAssertEqual(error, unusable)
    XCTAssertEqual(state.events.suffix(2).map(\.name), [.merchantHookFailed, .onError])
    XCTAssertEqual(state.events.last?["errorCode"], .string("MERCHANT_HOOK_PROTOCOL_ERROR"))
    XCTAssertEqual(state.attempts, 0)
  }
}
