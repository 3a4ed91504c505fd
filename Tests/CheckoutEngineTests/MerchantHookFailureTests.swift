import XCTest

@testable import CheckoutEngine

/// What the checkout does when the merchant hook gives no usable answer: the seed's behaviour without the
/// merchant's answer, and a `merchantHookFailed` event that says why.
final class MerchantHookFailureTests: XCTestCase {
  private let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))
  private let crash = SdkError(errorCode: "MERCHANT_HOOK_CRASHED", errorMessage: "The merchant hook exited")

  private func failure(_ callback: CallbackName, _ method: DropInPaymentMethod = .applePay)
    -> CheckoutAction
  {
    .merchantHookFailed(MerchantHookFailure(callback: callback, method: method, error: crash))
  }

  func testAFailedOnBeforeSubmitRefusesTheSubmissionWithANotice() {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = CheckoutReducer.reduce(&state, .selectMethod(.paypal), context: context)
    XCTAssertTrue(state.isAwaitingMerchant)
    let effects = CheckoutReducer.reduce(&state, failure(.onBeforeSubmit, .paypal), context: context)
    XCTAssertEqual(effects, [])
    XCTAssertFalse(state.isAwaitingMerchant)
    XCTAssertEqual(state.notice, "onBeforeSubmit failed: The merchant hook exited. Nothing was submitted.")
    XCTAssertEqual(state.events.last?.name, .merchantHookFailed)
    XCTAssertEqual(state.events.last?["callback"], .string("onBeforeSubmit"))
    XCTAssertEqual(state.events.last?["errorCode"], .string("MERCHANT_HOOK_CRASHED"))
    XCTAssertEqual(state.attempts, 0)
  }

  func testAFailedSheetUpdateEndsThePaymentAsPassKitsTimeoutDoesAndAStaleOneIsIgnored() {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: context)
    _ = CheckoutReducer.reduce(
      &state, .beforeSubmitAnswered(.applePay, BeforeSubmitVerdict(allowed: true)), context: context)
    let before = state
    _ = CheckoutReducer.reduce(&state, failure(.onCouponCodeChanged), context: context)
    XCTAssertEqual(state, before, "the sheet waits for onShippingContactSelected, not the coupon's update")
    _ = CheckoutReducer.reduce(&state, failure(.onShippingContactSelected), context: context)
    guard case .result(.failure(.applePay, let error)) = state.screen else {
      return XCTFail("\(state.screen)")
    }
    XCTAssertEqual(error.errorCode, "APPLE_PAY_UPDATE_TIMEOUT")
    XCTAssertEqual(
      error.errorMessage,
      "Payment could not be completed: onShippingContactSelected did not answer (The merchant hook exited)")
    XCTAssertEqual(state.events.suffix(2).map(\.name), [.merchantHookFailed, .onError])
  }
}
