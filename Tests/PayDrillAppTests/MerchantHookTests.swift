import CheckoutEngine
import CheckoutTestSupport
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillHooks
@testable import PayDrillLoop

/// The merchant hook through a real process and the real runtime: the example hook prices the Apple Pay
/// sheet, checks submissions and pre-authorisation; hooks that crash, hang or answer garbage give the
/// documented errors and leave the checkout usable.
final class MerchantHookTests: XCTestCase {
  private var hooks: [ProcessMerchantHooks] = []
  private var scratch: URL!

  override func setUpWithError() throws {
    try Self.requirePython()
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hooks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    for hook in hooks { await hook.shutDown() }
    if let scratch { try? FileManager.default.removeItem(at: scratch) }
  }

  // MARK: - The example hook

  func testShippingContactAndMethodChangesReachTheHookAndPriceTheSheet() throws {
    let runtime = try applePaySheet(on: exampleHook())
    // Cupertino, CA: free standard shipping, 7.25 % tax; the total labelled as the request's totalLabel says
    // (the demo's totalPaymentItem, "Total").
    XCTAssertEqual(labels(runtime), ["Wireless Headphones", "Shipping (Standard Shipping)", "Tax", "Total"])
    XCTAssertEqual(total(runtime), 5361)
    try send(.selectShippingContact(1), to: runtime)  // New York: 4 % tax
    XCTAssertEqual(total(runtime), 5199)
    try send(.selectShippingMethod("express"), to: runtime)
    XCTAssertEqual(total(runtime), 6498, "49.99 + 12.99 + 2.00")
    try send(.selectShippingContact(2), to: runtime)  // London: not served
    let sheet = try XCTUnwrap(runtime.model.checkout.applePaySheet)
    XCTAssertEqual(sheet.shippingMethods, [])
    XCTAssertEqual(sheet.errors.map(\.kind), [.addressUnserviceable])
    XCTAssertEqual(sheet.errors.first?.message, "We only ship within the US")
  }

  func testAValidCouponDiscountsAndAnUnknownOneIsRefusedOnTheSheet() throws {
    let runtime = try applePaySheet(on: exampleHook())
    try send(.selectShippingContact(1), to: runtime)
    try send(.enterCouponCode("hook20"), to: runtime)
    XCTAssertEqual(
      runtime.model.checkout.applePaySheet?.summaryItems.dropLast().last?.label, "Discount (HOOK20)")
    XCTAssertEqual(total(runtime), 4199, "49.99 + 2.00 tax - 10.00")
    try send(.enterCouponCode("BOGUS"), to: runtime)
    let sheet = try XCTUnwrap(runtime.model.checkout.applePaySheet)
    XCTAssertEqual(sheet.errors, [SheetError(kind: .couponCodeInvalid, message: "Unknown coupon code BOGUS")])
    XCTAssertEqual(total(runtime), 5199, "no discount")
    XCTAssertNil(
      sheet.authorisationBlocker(Scenario.acmeElectronics.applePay!), "a coupon error does not block")
  }

  func testPreAuthorisationSendsTheAddressAndRefusesAPOBox() throws {
    let runtime = try applePaySheet(on: exampleHook())
    try send(.selectShippingContact(3), to: runtime)  // PO Box 1234, Austin
    try authorise(runtime)
    try settle(runtime) { $0.applePaySheet?.phase == .reviewing }
    let refusal = try XCTUnwrap(runtime.model.checkout.events.last { $0.name == .onPreAuthorisation })
    XCTAssertEqual(refusal["refused"], .string("We cannot deliver to a PO box: give a street address"))
    XCTAssertEqual(runtime.model.checkout.attempts, 0, "nothing charged")
    try send(.selectShippingContact(1), to: runtime)
    try authorise(runtime)
    try settle(runtime) { $0.screen.isResult }
    let accepted = try XCTUnwrap(runtime.model.checkout.events.last { $0.name == .onPreAuthorisation })
    XCTAssertEqual(accepted["addressVerification.postalCode"], .string("10118"))
    XCTAssertEqual(accepted["addressVerification.countryCode"], .string("US"))
    XCTAssertEqual(runtime.model.checkout.events.last?.name, .onSuccess)
  }

  func testOnBeforeSubmitLetsACardThroughAndTheHookHearsTheRest() async throws {
    let hook = try exampleHook()
    let runtime = try started(hook)
    try pay(byCardIn: runtime)
    XCTAssertEqual(
      runtime.model.checkout.events.map(\.name).filter(\.isMerchantCallback),
      [.onBeforeSubmit, .onSubmit, .onSuccess])
    XCTAssertEqual(
      runtime.model.checkout.events.first { $0.name == .onBeforeSubmit }?["returned"], .bool(true))
    let heard = try await stderr(of: hook, containing: "notified onSuccess card")
    XCTAssertTrue(heard.contains("merchant-hook: notified onSubmit card"), "\(heard)")
  }

  func testOnBeforeSubmitRefusesPayPalOverOneThousand() throws {
    var scenario = Scenario.acmeElectronics
    scenario.items = [
      LineItem(name: "Camera", quantity: 1, unitPrice: Money(minorUnits: 120_000, currency: .usd))
    ]
    let runtime = try started(exampleHook(scenario: scenario), scenario: scenario)
    try send(.selectMethod(.paypal), to: runtime)
    try settle(runtime) { !$0.isAwaitingMerchant }
    XCTAssertEqual(runtime.model.checkout.notice, "PayPal is available for orders up to $1,000")
    XCTAssertEqual(runtime.model.checkout.screen, .methodList)
  }

  /// Issue 25: every string a hook writes passes the plugins' masking: a card number in a refusal's message
  /// or a summary item's label is cut to its last four before the checkout shows or records it.
  func testACardNumberInAHooksAnswerIsMasked() throws {
    let refusal = MerchantHookAnswer(
      line: Data(#"{"id": 1, "allow": false, "message": "card 4111 1111 1111 1111 is blocked"}"#.utf8),
      callback: "onBeforeSubmit", currency: .usd)
    XCTAssertEqual(try refusal.verdict().message, "card ••••1111 is blocked")
    let update = MerchantHookAnswer(
      line: Data(
        #"{"id": 2, "paymentSummaryItems": [{"label": "4000000000000002", "amount": "1.00"}]}"#.utf8),
      callback: "onCouponCodeChanged", currency: .usd)
    XCTAssertEqual(try update.sheetUpdate().paymentSummaryItems.map(\.label), ["••••0002"])
  }

  /// Events, update response objects: a hook that answers `onPaymentMethodSelected` with shipping methods
  /// (which `PKPaymentRequestPaymentMethodUpdate` cannot carry) has that update refused, named, and nothing
  /// of it applied; its contact update, which may carry them, is taken.
  func testUpdateResponseObjectsAHooksMethodUpdateWithShippingMethodsIsRefused() throws {
    let script = scratch.appendingPathComponent("whole-sheet.py")
    try """
    import json, sys
    for line in sys.stdin:
        request = json.loads(line)
        if "id" not in request:
            continue
        answer = {"allow": True}
        if request["type"] != "onBeforeSubmit":
            total = "49.99" if request["type"] == "onShippingContactSelected" else "50.99"
            answer = {"paymentSummaryItems": [{"label": "Wireless Headphones", "amount": total},
                                              {"label": "Total", "amount": total}],
                      "shippingMethods": [{"identifier": "standard", "label": "Standard Shipping",
                                           "amount": "0.00"}]}
        print(json.dumps({"id": request["id"], **answer}), flush=True)
    """.write(to: script, atomically: true, encoding: .utf8)
    let runtime = try applePaySheet(on: hook("python3 '\(script.path)'"))
    let sheet = try XCTUnwrap(runtime.model.checkout.applePaySheet)
    XCTAssertEqual(
      sheet.updateProblem,
      "Configuration error: onPaymentMethodSelected returned shippingMethods, but "
        + "PKPaymentRequestPaymentMethodUpdate carries paymentSummaryItems only")
    XCTAssertEqual(total(runtime), 4999, "the contact's update stands; the refused one is not applied")
    XCTAssertEqual(sheet.shippingMethods.map(\.identifier), ["standard"])
  }

  // MARK: - Hooks that fail

  func testACrashingHookFailsTheSheetUpdateThenTheCheckoutStaysUsable() throws {
    let runtime = try applePaySheet(
      on: misbehavingHook(.crash, on: "onShippingContactSelected"), settled: false)
    try settle(runtime) { $0.screen.isResult }
    let failure = try XCTUnwrap(runtime.model.checkout.events.first { $0.name == .merchantHookFailed })
    XCTAssertEqual(failure["callback"], .string("onShippingContactSelected"))
    XCTAssertEqual(failure["errorCode"], .string("MERCHANT_HOOK_CRASHED"))
    XCTAssertEqual(
      failure["errorMessage"],
      .string(
        "The merchant hook exited with status 3 during onShippingContactSelected: shipping service down"))
    let error = try failedPayment(runtime)
    XCTAssertEqual(error.errorCode, "APPLE_PAY_UPDATE_TIMEOUT")
    XCTAssertEqual(
      error.errorMessage,
      "Payment could not be completed: onShippingContactSelected did not answer (The merchant hook exited "
        + "with status 3 during onShippingContactSelected: shipping service down)")
    XCTAssertEqual(runtime.model.checkout.attempts, 0, "nothing charged")
    try send(.tryAgain, to: runtime)
    try pay(byCardIn: runtime)  // the hook is started again for onBeforeSubmit
  }

  func testAHookThatHangsInOnBeforeSubmitTimesOutThenTheCheckoutStaysUsable() throws {
    // 2 s, not less: the hook started again after the kill must answer the next onBeforeSubmit in that time,
    // and Python takes more than half a second to start on a loaded machine.
    let hook = try misbehavingHook(.hang, on: "onBeforeSubmit", answerTimeout: .seconds(2))
    let runtime = try started(hook)
    try send(.selectMethod(.card), to: runtime)
    for action in Fixture.fillCard(number: "4242424242424242").dropFirst() + [.key(.enter)] {
      runtime.send(action)
    }
    XCTAssertTrue(runtime.model.checkout.isAwaitingMerchant)
    try settle(runtime) { !$0.isAwaitingMerchant }
    let failure = try XCTUnwrap(runtime.model.checkout.events.last)
    XCTAssertEqual(failure.name, .merchantHookFailed)
    XCTAssertEqual(failure["errorCode"], .string("MERCHANT_HOOK_TIMEOUT"))
    XCTAssertEqual(
      runtime.model.checkout.notice,
      "onBeforeSubmit failed: The merchant hook did not answer onBeforeSubmit within 2 s. Nothing was submitted."
    )
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm)
    XCTAssertEqual(runtime.model.checkout.attempts, 0)
    // Usable: the shopper turns to Apple Pay (which the hook answers) and cancels the sheet.
    try send(.backToMethods, to: runtime)
    try send(.selectMethod(.applePay), to: runtime)
    try settle(runtime) { $0.applePaySheet?.pendingUpdate == nil && $0.screen.isApplePaySheet }
    try send(.cancelSheet, to: runtime)
    XCTAssertEqual(runtime.model.checkout.events.last?.name, .onCancel)
    XCTAssertEqual(runtime.model.checkout.screen, .methodList)
  }

  func testAHookSlowerThanTheSheetsLimitEndsThePaymentByTheEnginesTimer() throws {
    let limit = Duration.milliseconds(500)
    let hook = try misbehavingHook(.hang, on: "onCouponCodeChanged", updateTimeLimit: limit)
    let runtime = try applePaySheet(on: hook, updateTimeLimit: limit)
    try send(.enterCouponCode("SLOW"), to: runtime, settled: false)
    try settle(runtime) { $0.screen.isResult }
    XCTAssertEqual(try failedPayment(runtime).errorCode, "APPLE_PAY_UPDATE_TIMEOUT")
    XCTAssertFalse(
      runtime.model.checkout.events.contains { $0.name == .merchantHookFailed },
      "PassKit's limit decides, not a second timer")
    try send(.tryAgain, to: runtime)
    try pay(byCardIn: runtime)  // waits for the hung hook to be killed, then starts a fresh one
  }

  func testAGarbledSheetUpdateFailsThePaymentAndAGarbledPreAuthorisationGoesBackToTheSheet() throws {
    let runtime = try applePaySheet(on: misbehavingHook(.garbage, on: "onPreAuthorisation"))
    try authorise(runtime)
    try settle(runtime) { $0.applePaySheet?.phase == .reviewing }
    let failure = try XCTUnwrap(runtime.model.checkout.events.last)
    XCTAssertEqual(failure.name, .merchantHookFailed)
    XCTAssertEqual(failure["errorCode"], .string("MERCHANT_HOOK_PROTOCOL_ERROR"))
    XCTAssertEqual(runtime.model.checkout.attempts, 0, "nothing charged")
    let notice = try XCTUnwrap(runtime.model.checkout.notice)
    XCTAssertTrue(
      notice.hasPrefix(
        "onPreAuthorisation failed: The merchant hook's answer to onPreAuthorisation is unusable"), notice)
    XCTAssertTrue(runtime.render().text.contains("onPreAuthorisation failed"), "shown on the sheet")
    try send(.cancelSheet, to: runtime)
    XCTAssertEqual(
      runtime.model.checkout.notice, "Apple Pay was closed; nothing was charged.", "the hook's notice is gone"
    )

    let coupon = try applePaySheet(on: misbehavingHook(.garbage, on: "onCouponCodeChanged"))
    try send(.enterCouponCode("HOOK20"), to: coupon, settled: false)
    try settle(coupon) { $0.screen.isResult }
    XCTAssertEqual(
      coupon.model.checkout.events.last { $0.name == .merchantHookFailed }?["errorCode"],
      .string("MERCHANT_HOOK_PROTOCOL_ERROR"))
    XCTAssertEqual(
      try failedPayment(coupon).errorCode, "MERCHANT_HOOK_PROTOCOL_ERROR",
      "the hook answered: the payment ends on its unusable answer, not on a timeout")
    try send(.tryAgain, to: coupon)
    try pay(byCardIn: coupon)
  }

  /// Apple Pay events, sheet updates: a summary item's amount is in the checkout's currency; one that the
  /// currency cannot have (USD 12.999) is refused with that reason, not `APPLE_PAY_UPDATE_TIMEOUT`.
  func testApplePayEvents_AnUpdateWithAnAmountItsCurrencyCannotHaveEndsWithThatReason() throws {
    let runtime = try applePaySheet(on: misbehavingHook(.subcent, on: "onShippingMethodSelected"))
    try send(.selectShippingMethod("express"), to: runtime, settled: false)
    try settle(runtime) { $0.screen.isResult }
    let error = try failedPayment(runtime)
    XCTAssertEqual(error.errorCode, "MERCHANT_HOOK_PROTOCOL_ERROR")
    XCTAssertTrue(
      error.errorMessage.contains("USD 12.999 has more decimals than USD allows (2)"), error.errorMessage)
    XCTAssertTrue(error.errorMessage.contains("as an amount USD can have"), error.errorMessage)
    XCTAssertEqual(runtime.model.checkout.attempts, 0, "nothing charged")
    XCTAssertEqual(
      runtime.model.checkout.events.suffix(2).map(\.name), [.merchantHookFailed, .onError])
  }

  // MARK: - Helpers

  private enum Misbehaviour: String { case crash, hang, garbage, subcent }

  /// Ends a test whose failure is already reported.
  private struct Unexpected: Error {}

  /// Skips without python3, except on CI, where its absence is a failure.
  private static func requirePython() throws {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    guard !folders.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }) else {
      return
    }
    throw Requirement.missing("python3 is not on PATH: the merchant hook tests need it")
  }

  private func exampleHook(scenario: Scenario = .acmeElectronics) throws -> ProcessMerchantHooks {
    let path = TapeTests.root.appendingPathComponent("Examples/merchant-hook.py").path
    return hook("python3 '\(path)'", scenario: scenario)
  }

  /// A hook that misbehaves the first time it gets one callback, and answers everything else plainly.
  private func misbehavingHook(
    _ misbehaviour: Misbehaviour, on callback: String, answerTimeout: Duration = .seconds(5),
    updateTimeLimit: Duration = .seconds(30)
  ) throws -> ProcessMerchantHooks {
    let script = scratch.appendingPathComponent("\(misbehaviour)-\(callback).py")
    try """
    import json, os, sys, time
    for line in sys.stdin:
        request = json.loads(line)
        if "id" not in request:
            continue
        if request["type"] == "\(callback)" and not os.path.exists(sys.argv[1]):
            open(sys.argv[1], "w").close()
            if "\(misbehaviour)" == "crash":
                print("shipping service down", file=sys.stderr, flush=True)
                sys.exit(3)
            if "\(misbehaviour)" == "hang":
                time.sleep(600)
            if "\(misbehaviour)" == "subcent":
                items = [{"label": "Acme Electronics Store", "amount": "12.999"}]
                print(json.dumps({"id": request["id"], "paymentSummaryItems": items}), flush=True)
                continue
            print("<html>502 Bad Gateway</html>", flush=True)
            continue
        answer = {"allow": True} if request["type"] == "onBeforeSubmit" else {}
        print(json.dumps({"id": request["id"], **answer}), flush=True)
    """.write(to: script, atomically: true, encoding: .utf8)
    return hook(
      "python3 '\(script.path)' '\(script.path).done'", answerTimeout: answerTimeout,
      updateTimeLimit: updateTimeLimit)
  }

  private func hook(
    _ command: String, scenario: Scenario = .acmeElectronics, answerTimeout: Duration = .seconds(5),
    updateTimeLimit: Duration = .seconds(30)
  ) -> ProcessMerchantHooks {
    let hook = ProcessMerchantHooks(
      command: command, scenario: scenario, answerTimeout: answerTimeout, updateTimeLimit: updateTimeLimit)
    hooks.append(hook)
    return hook
  }

  /// A runtime on the hooks with a gateway that answers at once; created, with Apple Pay prepared.
  private func started(
    _ hooks: ProcessMerchantHooks, scenario: Scenario = .acmeElectronics, updateTimeLimit: Duration? = nil
  ) throws -> CheckoutRuntime {
    // A hook process answers on the real clock.
    let runtime = CheckoutRuntime(
      model: AppModel(
        checkout: CheckoutState(scenario: scenario), size: Size(columns: 100, rows: 32),
        latencyMilliseconds: 0),
      dependencies: Dependencies(
        gateway: SimulatedGateway(latency: .zero), hooks: hooks, clock: .live(),
        updateTimeLimit: updateTimeLimit))
    runtime.start()
    try settle(runtime) { state in
      if case .ready = state.applePayState { return true }
      return false
    }
    return runtime
  }

  /// The Apple Pay sheet open, with its first updates answered unless told otherwise.
  private func applePaySheet(
    on hooks: ProcessMerchantHooks, updateTimeLimit: Duration? = nil, settled: Bool = true
  ) throws -> CheckoutRuntime {
    let runtime = try started(hooks, updateTimeLimit: updateTimeLimit)
    try send(.selectMethod(.applePay), to: runtime, settled: false)
    try settle(runtime) { $0.screen.isApplePaySheet || $0.screen.isResult }
    if settled { try settle(runtime) { $0.applePaySheet?.pendingUpdate == nil } }
    return runtime
  }

  /// Sends an engine action, then applies what the effects answer until the merchant is no longer awaited.
  private func send(
    _ action: CheckoutAction, to runtime: CheckoutRuntime, settled: Bool = true, line: UInt = #line
  ) throws {
    runtime.send(.checkout(action))
    guard settled else { return }
    try settle(runtime, line: line) { state in
      !state.isAwaitingMerchant
        && (!state.screen.isApplePaySheet || state.applePaySheet?.pendingUpdate == nil)
    }
  }

  /// Delivers the answers as they come until `done` holds (the hook answers from its process); fails after
  /// 20 s.
  private func settle(
    _ runtime: CheckoutRuntime, line: UInt = #line, until done: (CheckoutState) -> Bool
  ) throws {
    let deadline = ContinuousClock.now + .seconds(20)
    while true {
      runtime.deliverDue()
      if done(runtime.model.checkout) { return }
      guard ContinuousClock.now < deadline else {
        XCTFail("never settled; events: \(runtime.model.checkout.events.map(\.name))", line: line)
        throw Unexpected()
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
  }

  private func authorise(_ runtime: CheckoutRuntime) throws {
    try send(.requestAuthorisation, to: runtime)
    try send(.authenticate(.recognised), to: runtime, settled: false)
  }

  /// From the method list: the card form, the Visa test card, Pay; asserts the payment succeeded.
  private func pay(byCardIn runtime: CheckoutRuntime, line: UInt = #line) throws {
    XCTAssertEqual(runtime.model.checkout.screen, .methodList, line: line)
    try send(.selectMethod(.card), to: runtime)
    for action in Fixture.fillCard(number: "4242424242424242").dropFirst() + [.key(.enter)] {
      runtime.send(action)
    }
    try settle(runtime, line: line) { $0.screen.isResult }
    guard case .result(.success) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)", line: line)
    }
  }

  private func failedPayment(_ runtime: CheckoutRuntime) throws -> SdkError {
    guard case .result(.failure(_, let error, _)) = runtime.model.checkout.screen else {
      XCTFail("not a failure: \(runtime.model.checkout.screen)")
      throw Unexpected()
    }
    return error
  }

  private func labels(_ runtime: CheckoutRuntime) -> [String] {
    runtime.model.checkout.applePaySheet?.summaryItems.map(\.label) ?? []
  }

  private func total(_ runtime: CheckoutRuntime) -> Int64? {
    runtime.model.checkout.applePaySheet?.total?.amount.minorUnits
  }

  /// The hook's stderr once a line contains `text` (notifications arrive on their own time); fails after 10 s.
  private func stderr(of hook: ProcessMerchantHooks, containing text: String) async throws -> [String] {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      let lines = await hook.recentStandardError()
      if lines.contains(where: { $0.contains(text) }) { return lines }
      try await Task.sleep(for: .milliseconds(10))
    }
    XCTFail("the hook never wrote \(text)")
    return []
  }
}

extension CheckoutScreen {
  fileprivate var isResult: Bool {
    if case .result = self { return true }
    return false
  }
}
