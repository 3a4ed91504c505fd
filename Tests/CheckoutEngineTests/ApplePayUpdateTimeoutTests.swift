import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// PassKit gives an update handler 30 seconds. The engine asks for a timer as an effect; the test plays the
/// clock (no real wait): a timer that fires while its update is still pending ends the payment.
final class ApplePayUpdateTimeoutTests: XCTestCase {
  private let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))

  /// Selects Apple Pay and lets the merchant allow it (request #1): the sheet opens and asks for the
  /// contact's update (#2) with its timer (#3).
  private func openSheet() -> (CheckoutState, [CheckoutEffect]) {
    var state = CheckoutState(scenario: .acmeElectronics)
    _ = CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: context)
    let effects = CheckoutReducer.reduce(
      &state, .answered(RequestID(1), .beforeSubmit(BeforeSubmitVerdict(allowed: true))), context: context)
    return (state, effects)
  }

  func testEveryUpdateRequestStartsAThirtySecondTimer() {
    let (_, effects) = openSheet()
    guard case .requestSheetUpdate(RequestID(2), .shippingContact, _) = effects.first else {
      return XCTFail("\(effects)")
    }
    XCTAssertEqual(effects.last, .expectUpdate(RequestID(3), within: .seconds(30)))
  }

  func testATimerThatFiresWhileTheUpdateIsPendingEndsThePayment() {
    var (state, _) = openSheet()
    let effects = CheckoutReducer.reduce(&state, .answered(RequestID(3), .timeLimitPassed), context: context)
    XCTAssertEqual(effects, [])
    guard case .result(.failure(.applePay, let error, _)) = state.screen else {
      return XCTFail("\(state.screen)")
    }
    XCTAssertEqual(error.errorCode, "APPLE_PAY_UPDATE_TIMEOUT")
    XCTAssertEqual(
      error.errorMessage,
      "Payment could not be completed: onShippingContactSelected did not answer within 30 seconds")
    XCTAssertEqual(state.events.last?.name, .onError)
    XCTAssertEqual(state.attempts, 0, "nothing was sent to the gateway")
    XCTAssertNil(state.applePaySheet, "the payment concluded: the sheet is gone")
    XCTAssertEqual(state.requests.waiting.count, 0, "nothing of the sheet is waited for")
  }

  func testAStaleTimerIsDropped() {
    var (state, _) = openSheet()
    let configuration = state.scenario.applePay!
    let update = MerchantPricing(configuration: configuration).update(
      for: state.applePaySheet!.selectionsForMerchant)
    let next = CheckoutReducer.reduce(&state, .answered(RequestID(2), .sheetUpdate(update)), context: context)
    XCTAssertEqual(next.first, .cancel(RequestID(3)), "the update arrived in time: its timer stops")
    XCTAssertEqual(next.last, .expectUpdate(RequestID(5), within: .seconds(30)), "the card's update follows")
    let store = CheckoutTestStore(state: state)
    store.assertDrops(.timeLimitPassed, for: RequestID(3), at: context.now)
    XCTAssertTrue(store.state.screen.isApplePaySheet, "the first update arrived in time")
    XCTAssertEqual(store.state.applePaySheet?.pendingUpdate, .paymentMethod)
  }

  func testACancelledSheetsTimerCannotEndTheNextSheet() {
    var state = CheckoutState(scenario: .acmeElectronics)
    XCTAssertEqual(
      CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: context),
      [.askBeforeSubmit(RequestID(1), .applePay)])
    let opening = CheckoutReducer.reduce(
      &state, .answered(RequestID(1), .beforeSubmit(BeforeSubmitVerdict(allowed: true))), context: context)
    guard case .expectUpdate(let timer, within: .seconds(30))? = opening.last else {
      return XCTFail("no timer for the pending update: \(opening)")
    }
    XCTAssertEqual(timer, RequestID(3))
    XCTAssertEqual(state.applePaySheet?.pendingUpdate, .shippingContact)

    // The shopper dismisses the sheet while its update is pending: the timer is stopped.
    XCTAssertEqual(CheckoutReducer.reduce(&state, .cancelSheet, context: context), [.cancel(timer)])
    XCTAssertNil(state.applePaySheet)

    // A new sheet opens and waits for its own update, under new ids.
    XCTAssertEqual(
      CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: context),
      [.askBeforeSubmit(RequestID(4), .applePay)])
    let reopening = CheckoutReducer.reduce(
      &state, .answered(RequestID(4), .beforeSubmit(BeforeSubmitVerdict(allowed: true))), context: context)
    XCTAssertEqual(reopening.last, .expectUpdate(RequestID(6), within: .seconds(30)))
    XCTAssertTrue(state.screen.isApplePaySheet)
    XCTAssertEqual(state.applePaySheet?.pendingUpdate, .shippingContact)

    // The first sheet's timer fires anyway (it was already on its way): it is dropped, the new sheet stays.
    let late = CheckoutTestStore(state: state)
    late.assertDrops(.timeLimitPassed, for: timer, at: context.now)
    XCTAssertTrue(late.state.screen.isApplePaySheet)
    XCTAssertEqual(late.state.applePaySheet?.pendingUpdate, .shippingContact)
    XCTAssertEqual(late.state.events.last?.name, .answerDropped)
    XCTAssertEqual(late.state.events.last?["request"], .string("#3"))
    XCTAssertFalse(late.state.events.contains { $0.name == .onError }, "the payment goes on")
    XCTAssertTrue(
      late.state.requests.isWaiting(for: .updateTimeLimit(.shippingContact)), "the new sheet's timer runs")
  }
}
