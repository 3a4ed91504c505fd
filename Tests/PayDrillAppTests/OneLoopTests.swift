import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLedger
@testable import PayDrillLoop
@testable import PayDrillTools
@testable import PaymentHistory

/// The bugs that crossed flows when effects had several runners and the screen's data lived beside the
/// screen: each is reproduced through the real runtime (the app reducer and the one interpreter) on a
/// virtual clock.
final class OneLoopTests: XCTestCase {
  private let size = Size(columns: 100, rows: 32)

  /// The demo checkout on a virtual clock with the built-in gateway (600 ms, no jitter) and a ledger.
  private func runtime(
    scenario: Scenario = .acmeElectronics, ledger: (any AttemptLedger)? = nil
  ) -> CheckoutRuntime {
    var scenario = scenario
    scenario.gateway.latency = [:]
    let runtime = CheckoutRuntime(
      scenario: scenario, size: size, latencyMilliseconds: 600, ledger: ledger,
      clock: .virtual(startingAt: Fixture.now), timeZone: TimeZone(identifier: "UTC")!)
    runtime.start()
    runtime.advance(by: .seconds(1))
    return runtime
  }

  private func press(_ keys: [KeyEvent], on runtime: CheckoutRuntime, thenWait wait: Duration = .zero) {
    for key in keys { runtime.press(key) }
    runtime.advance(by: wait)
  }

  private func type(_ text: String) -> [KeyEvent] { text.map { .character($0) } }

  /// From the method list: the card form filled with a card, focus on Pay, then Pay.
  private func payByCard(_ number: String) -> [KeyEvent] {
    type("1") + type(number) + [.tab] + type("1234") + [.tab] + type("123") + [.tab] + type("Jane Doe")
      + [.tab, .enter]
  }

  // MARK: - A result screen is built from its attempt

  func testThePaidScreenShowsTheCardThatPaidNotAnEarlierDeclinedApplePay() {
    let runtime = runtime()
    press(type("3"), on: runtime, thenWait: .seconds(1))
    XCTAssertTrue(runtime.model.checkout.screen.isApplePaySheet)
    // The Wallet's declining Visa, express shipping: the sheet's total is not the order's.
    for action: CheckoutAction in [
      .selectCard(4), .selectShippingMethod("express"), .requestAuthorisation, .authenticate(.recognised),
    ] {
      runtime.send(.checkout(action))
      runtime.advance(by: .seconds(1))
    }
    guard case .result(.failure(.applePay, let error, _)) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    XCTAssertEqual(error.errorCode, "CARD_DECLINED")
    press([.escape], on: runtime)
    XCTAssertTrue(runtime.render().lines[0].hasSuffix("TEST · $49.99"), "the order's amount on the list")
    press(type("1"), on: runtime)
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm)
    XCTAssertTrue(runtime.render().lines[0].hasSuffix("TEST · $49.99"), "and on the card form")
    press([.escape] + payByCard("4242424242424242"), on: runtime, thenWait: .seconds(2))
    guard case .result(.success(let receipt)) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    XCTAssertEqual(receipt.method, .card)
    XCTAssertEqual(receipt.paidWith, "Visa •••• 4242")
    XCTAssertEqual(receipt.amount, Money(minorUnits: 4999, currency: .usd))
    let screen = runtime.render().text
    XCTAssertTrue(screen.contains("Card                   Visa •••• 4242"), screen)
    XCTAssertFalse(screen.contains("Apple Pay "), screen)
    XCTAssertTrue(runtime.render().lines[0].hasSuffix("TEST · $49.99"))
    XCTAssertNil(runtime.model.checkout.applePaySheet)
  }

  // MARK: - Timers die with their sheet

  func testACancelledSheetsUpdateTimerCannotEndTheNextSheet() {
    var scenario = Scenario.acmeElectronics
    // The merchant takes 20 s to answer a new shipping contact: the update is pending for that long.
    scenario.applePay?.rules.updateDelays = ["onShippingContactSelected": 20_000]
    let runtime = runtime(scenario: scenario)
    press(type("3"), on: runtime)
    XCTAssertEqual(runtime.model.checkout.applePaySheet?.pendingUpdate, .shippingContact)
    XCTAssertEqual(runtime.interpreter.timerCount, 1, "PassKit's 30 seconds run")
    runtime.advance(by: .seconds(1))
    press([.escape], on: runtime)
    XCTAssertEqual(runtime.model.checkout.screen, .methodList)
    XCTAssertEqual(runtime.interpreter.timerCount, 0, "the timer died with its sheet")
    runtime.advance(by: .seconds(13))
    press(type("3"), on: runtime)
    XCTAssertEqual(runtime.model.checkout.applePaySheet?.pendingUpdate, .shippingContact)
    // 30 s after the first sheet's update: the second sheet's update has 14 s to go.
    runtime.advance(by: .seconds(17))
    XCTAssertTrue(runtime.model.checkout.screen.isApplePaySheet, "the old timer ended nothing")
    XCTAssertFalse(
      runtime.model.checkout.events.contains { $0["errorCode"] == .string("APPLE_PAY_UPDATE_TIMEOUT") })
    XCTAssertEqual(
      runtime.model.checkout.events.filter { $0.name == .answerDropped }.count, 1,
      "the first sheet's late update was dropped, and the pane says so")
    runtime.advance(by: .seconds(4))
    XCTAssertNil(runtime.model.checkout.applePaySheet?.pendingUpdate, "the second sheet's update arrived")
    XCTAssertEqual(runtime.interpreter.timerCount, 0)
  }

  // MARK: - A used fault is consumed where it is used

  func testAnArmedFaultIsUsedOnceAndThePanelShowsItGone() {
    let runtime = runtime()
    // The gateway panel: "Next call" is the third row; Enter arms a network error.
    press([.character("g"), .down, .down, .enter], on: runtime)
    XCTAssertEqual(runtime.model.gatewaySettings.nextFault, .networkError)
    XCTAssertTrue(runtime.render().text.contains("networkError (NETWORK_ERROR)"))
    press([.escape] + payByCard("4242424242424242"), on: runtime, thenWait: .seconds(2))
    guard case .result(.failure(.card, let error, _)) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    XCTAssertEqual(error.errorCode, "NETWORK_ERROR")
    XCTAssertNil(runtime.model.gatewaySettings.nextFault, "used, so gone")
    press([.right, .enter, .character("g")], on: runtime)
    XCTAssertTrue(runtime.render().text.contains("no fault"), runtime.render().text)
    // Only the latency changes: the next payment meets no fault.
    press([.up, .up, .enter, .escape] + payByCard("4242424242424242"), on: runtime, thenWait: .seconds(2))
    guard case .result(.success) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
  }

  // MARK: - A recording replays to the same end

  func testARecordedSessionReplaysToTheSameOutcomeAtAnotherLatency() throws {
    let live = runtime(scenario: .acmeElectronics)
    var recorder = TapeRecorder()
    func press(_ key: KeyEvent, after milliseconds: Int) {
      live.advance(by: .milliseconds(milliseconds))
      let screen = ScreenLandmark.frame(of: live.render())
      live.press(key) { _ in recorder.record(key, on: screen) }
    }
    press(.character("2"), after: 100)
    // The PayPal order is still being created: this Enter meets the processing screen and does nothing.
    press(.enter, after: 300)
    XCTAssertEqual(live.model.checkout.screen.processingMethod, .paypal)
    press(.down, after: 900)
    press(.enter, after: 250)
    live.advance(by: .seconds(2))
    guard case .result(.success) = live.model.checkout.screen else {
      return XCTFail("\(live.model.checkout.screen)")
    }
    let text = recorder.tape(
      header: ["--scenario", "acme-electronics"],
      outcome: TapeRecorder.Outcome(model: live.model, screen: live.render()))
    XCTAssertFalse(text.contains("Sleep"), text)
    XCTAssertTrue(
      text.contains("Type \"2\"\nWait /─ Processing ─/\nEnter"), "a wait for the screen the key met: \(text)")
    let tape = try Tape.parse(text, file: "recorded.tape")
    var scenario = Scenario.acmeElectronics
    scenario.gateway.latency = [:]
    let replay = CheckoutRuntime(
      scenario: scenario, size: size, latencyMilliseconds: 1500,
      clock: .virtual(startingAt: Fixture.now), timeZone: TimeZone(identifier: "UTC")!)
    XCTAssertEqual(TapePlayer(runtime: replay).play(tape), .completed, text)
    // The same outcome; the device's own callbacks (applePayInit) come when they come, the time not kept.
    XCTAssertEqual(replay.model.checkout.events.last?.name, .onSuccess)
    XCTAssertEqual(
      replay.model.checkout.events.filter { $0.method == .paypal }.map(\.name),
      live.model.checkout.events.filter { $0.method == .paypal }.map(\.name))
  }

  // MARK: - Behind "Terminal too small", only a resize and quitting act

  func testKeysDoNothingBehindTheTooSmallMessage() {
    let runtime = runtime()
    press(payByCard("4000000000003220"), on: runtime, thenWait: .seconds(2))
    guard case .threeDSChallenge = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    press([.resize(Size(columns: 40, rows: 12))], on: runtime)
    XCTAssertTrue(runtime.render().text.contains("too small"), runtime.render().text)
    let hidden = runtime.model
    press(
      type("1234") + [.enter, .escape, .character("g"), .character("s")], on: runtime, thenWait: .seconds(5))
    XCTAssertEqual(runtime.model, hidden, "nobody could see the challenge: nothing happened")
    press([.resize(size)], on: runtime)
    guard case .threeDSChallenge = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    press([.resize(Size(columns: 40, rows: 12)), .interrupt], on: runtime)
    XCTAssertTrue(runtime.hasQuit, "Ctrl-C still quits")
  }

  // MARK: - An idempotency key belongs to the payment

  func testTryAgainAfterATimeoutKeepsThePaymentsKeyAndIsChargedOnce() throws {
    let ledger = try SQLiteLedger(path: ":memory:")
    let runtime = runtime(ledger: ledger)
    var keys: [String] = []
    runtime.observer = { observation in
      if case .performed(.checkout(.authorise(_, let request))) = observation {
        keys.append(request.idempotencyKey)
      }
    }
    // Next call: a timeout (the gateway charges, its answer is lost).
    press([.character("g"), .down, .down, .enter, .enter, .escape], on: runtime)
    press(payByCard("4242424242424242"), on: runtime, thenWait: .seconds(2))
    guard case .result(.failure(.card, let error, _)) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    XCTAssertEqual(error.errorCode, "GATEWAY_TIMEOUT")
    let gateway = try XCTUnwrap(runtime.dependencies.gateway as? SimulatedGateway)
    XCTAssertEqual(gateway.controls.charges, 1, "charged before the answer was lost")
    // Try again: the form keeps the card; Pay.
    press([.enter], on: runtime)
    runtime.send(.checkout(.submitCard))
    runtime.advance(by: .seconds(2))
    guard case .result(.success) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    XCTAssertEqual(keys.count, 2)
    XCTAssertEqual(Set(keys).count, 1, "the retry is the same payment: \(keys)")
    XCTAssertEqual(gateway.controls.charges, 1, "charged once")
    XCTAssertEqual(
      runtime.model.checkout.events.last { $0.name == .onSuccess }?["idempotentReplay"], .bool(true))
    XCTAssertEqual(
      try ledger.attempts(matching: AttemptFilter()).map(\.outcome), [.succeeded, .unknown],
      "the timed-out attempt is unknown, not failed")
  }
}
