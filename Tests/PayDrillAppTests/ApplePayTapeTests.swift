import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop
@testable import PayDrillTools

/// The Apple Pay tapes replayed headlessly; their callbacks are compared with reviewed JSON Lines files
/// (timestamps removed, the gateway's transaction id fixed).
final class ApplePayTapeTests: XCTestCase {
  private func replay(_ name: String) throws -> (TapePlayer.Outcome, CheckoutRuntime) {
    let scenario = Scenario.acmeElectronics
    let runtime = CheckoutRuntime(
      model: AppModel(
        checkout: CheckoutState(scenario: scenario), size: Size(columns: 100, rows: 32),
        latencyMilliseconds: 20),
      dependencies: Dependencies(
        gateway: SimulatedGateway(latency: .milliseconds(20), makeTransactionId: { "tx-00000000-0001" }),
        hooks: ScenarioMerchantHooks(scenario: scenario), clock: .virtual(startingAt: Fixture.now)))
    let tape = try Tape.load(path: TapeTests.root.appendingPathComponent("Tapes/\(name).tape").path)
    return (TapePlayer(runtime: runtime).play(tape), runtime)
  }

  /// The events as JSON Lines without their times, which differ from run to run.
  private func timeless(_ events: EventLog) -> String {
    events.map {
      $0.jsonLine().replacingOccurrences(of: #""time":"[^"]*","#, with: "", options: .regularExpression)
    }
    .joined(separator: "\n") + "\n"
  }

  func testShippingCouponAndCardChangesThenPay() throws {
    let (outcome, runtime) = try replay("apple-pay-shipping-coupon")
    XCTAssertEqual(outcome, .completed)
    let checkout = runtime.model.checkout
    XCTAssertEqual(
      checkout.events.map(\.name).filter(\.isMerchantCallback),
      [
        .onBeforeSubmit, .onShippingContactSelected, .onPaymentMethodSelected, .onShippingContactSelected,
        .onShippingMethodSelected, .onCouponCodeChanged, .onCouponCodeChanged, .onPaymentMethodSelected,
        .onSubmit,
        .onPreAuthorisation, .onPostAuthorisation, .onSuccess,
      ])
    // 49.99 + express 12.99 + NY tax 6 % (3.00) + credit fee 2.99 - SAVE10 (5.00) = 63.97
    guard case .result(.success(let receipt)) = checkout.screen else { return XCTFail("\(checkout.screen)") }
    XCTAssertEqual(receipt.amount, Money(minorUnits: 6397, currency: .usd))
    Snapshot.compare(timeless(checkout.events), with: "apple-pay-shipping-coupon.events.jsonl")
  }

  func testCancelFiresOnCancelAndChargesNothing() throws {
    let (outcome, runtime) = try replay("apple-pay-cancel")
    XCTAssertEqual(outcome, .completed)
    let checkout = runtime.model.checkout
    XCTAssertEqual(checkout.events.last?.name, .onCancel)
    XCTAssertFalse(checkout.events.contains { [.onSubmit, .onSuccess, .onError].contains($0.name) })
    XCTAssertEqual(checkout.attempts, 0)
    XCTAssertEqual(checkout.screen, .methodList)
    Snapshot.compare(timeless(checkout.events), with: "apple-pay-cancel.events.jsonl")
  }

  func testPOBoxIsRefusedAtPreAuthorisationThenAnotherAddressPays() throws {
    let (outcome, runtime) = try replay("apple-pay-po-box")
    XCTAssertEqual(outcome, .completed)
    let events = runtime.model.checkout.events
    let refusal = try XCTUnwrap(events.first { $0.name == .onPreAuthorisation })
    XCTAssertEqual(refusal["refused"], .string("We cannot deliver to a PO box: give a street address"))
    XCTAssertEqual(events.filter { $0.name == .onPostAuthorisation }.count, 1, "charged once, after the fix")
    XCTAssertEqual(events.last?.name, .onSuccess)
  }
}

/// The PayPal tape, and the approval page's golden screen.
final class PayPalTapeTests: XCTestCase {
  func testPayPalTapePaysWithoutOnSubmit() throws {
    let runtime = try Fixture.replay("pay-with-paypal")
    XCTAssertEqual(
      runtime.model.checkout.events.map(\.name).filter(\.isMerchantCallback),
      [.onBeforeSubmit, .onPreAuthorisation, .onSuccess])
  }

  func testApprovalPageGolden() {
    for size in [Size(columns: 100, rows: 32), Size(columns: 60, rows: 20)] {
      var model = Fixture.model(size)
      Fixture.settle([.key(.character("2")), .key(.down)], in: &model)
      Snapshot.assert(RootView.render(model), named: "paypal-approval-\(size.columns)x\(size.rows)")
    }
  }
}

/// The 3-D Secure tapes and the challenge page.
final class ThreeDSecureTapeTests: XCTestCase {
  /// Drop-in, callback timeline (card): 3-D Secure, then the authorisation's answer: a challenge that passes
  /// shows `threeDSecure` C, then Y, both before `onSuccess`.
  func testCallbackTimeline_AChallengeThatPassesShowsYBeforeTheAuthorisationsAnswer() throws {
    let events = try Fixture.replay("three-d-secure-challenge").model.checkout.events
    XCTAssertEqual(
      events.filter { $0.name == .threeDSecure }.map { $0["transStatus"] }, [.string("C"), .string("Y")])
    XCTAssertEqual(
      events.filter { $0.method == .card }.map(\.name),
      [.onBeforeSubmit, .onSubmit, .threeDSecure, .threeDSecure, .onSuccess])
  }

  func testWrongCodeFails() throws {
    let runtime = try Fixture.replay("three-d-secure-failed")
    XCTAssertEqual(runtime.model.checkout.events.last?["errorCode"], .string("THREE_DS_FAILED"))
  }

  func testPazeTapeWithItsScenario() throws {
    let runtime = try Fixture.replay("pay-with-paze", scenario: Scenario.builtIn(named: "paze-checkout")!)
    XCTAssertEqual(runtime.model.checkout.events.last?["paymentData"], .string("paze(PazeCheckoutDecoded)"))
  }

  func testChallengePageGolden() {
    for size in [Size(columns: 100, rows: 32), Size(columns: 60, rows: 20)] {
      var model = Fixture.model(size)
      Fixture.settle(
        Fixture.fillCard(number: "4000000000003220") + [.key(.enter)] + Fixture.type("12"), in: &model,
        gateway: {
          SimulatedGateway(latency: .zero, makeTransactionId: { "0b813565" }).authorise($0).decided!
        })
      Snapshot.assert(RootView.render(model), named: "three-d-secure-challenge-\(size.columns)x\(size.rows)")
    }
  }
}

/// The gateway panel stages a network failure: the right error, nothing charged, then a successful retry.
final class GatewayPanelTests: XCTestCase {
  func testNetworkFailureTape() throws {
    let runtime = try Fixture.replay("network-failure")
    let callbacks = runtime.model.checkout.events.filter(\.name.isMerchantCallback)
    XCTAssertEqual(
      callbacks.map(\.name), [.onBeforeSubmit, .onSubmit, .onError, .onBeforeSubmit, .onSubmit, .onSuccess])
    XCTAssertEqual(callbacks[2]["errorCode"], .string("NETWORK_ERROR"))
  }

  func testAVSDeclineTape() throws {
    let runtime = try Fixture.replay("avs-declined", scenario: Scenario.builtIn(named: "harbour-books")!)
    let events = runtime.model.checkout.events
    XCTAssertEqual(events.map(\.name), [.onBeforeSubmit, .onSubmit, .addressVerification, .onError])
    XCTAssertEqual(events[2]["avsResult"], .string("N"))
    XCTAssertEqual(events[3]["errorCode"], .string("AVS_DECLINED"))
    XCTAssertEqual(events[3]["resultCode"], .string("Refused"), "harbour-books speaks as Adyen")
  }

  func testEveryOperationsLatencyAndTheProfileChangeFromThePanel() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    let rows = GatewayPanel.rows.count
    // Down to "Init / order" (row 5), Enter: 600 → 1500; then to "Distribution" (row 8), Enter; "PSP profile".
    Fixture.send(
      [.key(.character("g"))] + Array(repeating: .key(.down), count: 5) + [.key(.enter)], to: &model)
    XCTAssertEqual(model.gatewaySettings.latency(of: .initialise).meanMilliseconds, 1500)
    XCTAssertEqual(
      model.gatewaySettings.latency(of: .authorise).meanMilliseconds, 600, "the others keep theirs")
    Fixture.send(
      [.key(.down), .key(.down), .key(.down), .key(.enter), .key(.down), .key(.enter)], to: &model)
    XCTAssertEqual(model.gatewaySettings.latency(of: .session).shape, .normal)
    XCTAssertEqual(model.gatewaySettings.profile, .adyen)
    Fixture.send(Array(repeating: .key(.down), count: rows), to: &model)
    XCTAssertEqual(model.gatewayPanel, rows - 1, "the highlight stops at the last row")
  }

  func testPanelKeysChangeTheSettings() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.character("g")), .key(.enter), .key(.down), .key(.down), .key(.enter)], to: &model)
    XCTAssertEqual(model.gatewaySettings.latencyMilliseconds, 1500, "600 → 1500")
    XCTAssertEqual(model.gatewaySettings.nextFault, .networkError)
    Snapshot.assert(RootView.render(model), named: "gateway-panel-100x32")
    Fixture.send([.key(.escape)], to: &model)
    XCTAssertNil(model.gatewayPanel)
  }
}
