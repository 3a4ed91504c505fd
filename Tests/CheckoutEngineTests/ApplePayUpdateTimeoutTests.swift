import XCTest

@testable import CheckoutEngine

/// PassKit gives an update handler 30 seconds. The engine asks for a timer as an effect; the test plays the
/// clock (no real wait): a timer that fires while its update is still pending ends the payment.
final class ApplePayUpdateTimeoutTests: XCTestCase {
  private let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))

  private func openSheet() -> (CheckoutState, [CheckoutEffect]) {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: context)
    let effects = CheckoutReducer.reduce(
      &state, .beforeSubmitAnswered(.applePay, BeforeSubmitVerdict(allowed: true)), context: context)
    return (state, effects)
  }

  func testEveryUpdateRequestStartsAThirtySecondTimer() {
    let (_, effects) = openSheet()
    guard case .requestSheetUpdate(.shippingContact, _) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(effects.last, .expectUpdate(serial: 1, within: .seconds(30)))
  }

  func testATimerThatFiresWhileTheUpdateIsPendingEndsThePayment() {
    var (state, _) = openSheet()
    let effects = CheckoutReducer.reduce(&state, .updateTimedOut(serial: 1), context: context)
    XCTAssertEqual(effects, [])
    guard case .result(.failure(.applePay, let error)) = state.screen else {
      return XCTFail("\(state.screen)")
    }
    XCTAssertEqual(error.errorCode, "APPLE_PAY_UPDATE_TIMEOUT")
    XCTAssertEqual(
      error.errorMessage,
      "Payment could not be completed: onShippingContactSelected did not answer within 30 seconds")
    XCTAssertEqual(state.events.last?.name, .onError)
    XCTAssertEqual(state.attempts, 0, "nothing was sent to the gateway")
  }

  func testAStaleTimerIsIgnored() {
    var (state, _) = openSheet()
    let configuration = state.scenario.applePay!
    let update = MerchantPricing(configuration: configuration).update(
      for: state.applePaySheet!.selectionsForMerchant)
    let next = CheckoutReducer.reduce(&state, .sheetUpdated(update), context: context)
    XCTAssertEqual(next.last, .expectUpdate(serial: 2, within: .seconds(30)), "the card's update follows")
    _ = CheckoutReducer.reduce(&state, .updateTimedOut(serial: 1), context: context)
    XCTAssertEqual(state.screen, .applePaySheet, "the first update arrived in time")
    XCTAssertEqual(state.applePaySheet?.pendingUpdate, .paymentMethod)
  }
}
