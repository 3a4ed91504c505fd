import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp

/// Models built the way a user builds them: by sending keys and effect results through `AppReducer`.
enum Fixture {
  /// 2026-11-29 15:56:38.250 UTC.
  static let now = Date(timeIntervalSince1970: 1_796_140_598.25)
  static let context = ReduceContext(now: now)

  static func model(_ size: Size, scenario: Scenario = .acmeElectronics) -> AppModel {
    AppModel(
      checkout: CheckoutState(scenario: scenario), size: size, latencyMilliseconds: 600,
      timeZone: TimeZone(identifier: "UTC")!)
  }

  /// Sends actions in order; returns every effect they asked for.
  @discardableResult
  static func send(_ actions: [AppAction], to model: inout AppModel) -> [CheckoutEffect] {
    actions.flatMap { AppReducer.reduce(&model, $0, context: context) }
  }

  /// Sends actions and answers every effect at once from the scenario's rules, as the runtime would after
  /// its waits: merchant verdicts, sheet updates, pre-authorisation; the gateway answers with `gateway`
  /// (or is left waiting when it is nil). Time-outs never fire.
  static func settle(
    _ actions: [AppAction], in model: inout AppModel,
    gateway: ((AuthorisationRequest) -> AuthorisationOutcome)? = nil
  ) {
    var queue = actions
    while !queue.isEmpty {
      let action = queue.removeFirst()
      for effect in AppReducer.reduce(&model, action, context: context) {
        let scenario = model.checkout.scenario
        let pricing = scenario.applePay.map { MerchantPricing(configuration: $0, locale: scenario.locale) }
        switch effect {
        case .askBeforeSubmit(let method):
          queue.insert(
            .checkout(.beforeSubmitAnswered(method, scenario.beforeSubmit.verdict(for: method))), at: 0)
        case .requestSheetUpdate(_, let selections):
          if let pricing { queue.insert(.checkout(.sheetUpdated(pricing.update(for: selections))), at: 0) }
        case .preAuthorise(let contact):
          if let pricing {
            queue.insert(
              .checkout(.preAuthorisationAnswered(pricing.preAuthorisationAnswer(shippingContact: contact))),
              at: 0)
          }
        case .authorise(let request):
          if let gateway { queue.insert(.checkout(.gatewayAnswered(gateway(request))), at: 0) }
        case .prepareApplePay(let request):
          queue.insert(.checkout(.applePayInitAnswered(ApplePayInitEndpoint.answer(request))), at: 0)
        case .createPayPalOrder(let request):
          let order = PayPalOrder(
            orderId: "PAYID-FIXTURE0000000001", intent: request.intent, amount: request.amount)
          queue.insert(.checkout(.payPalOrderCreated(order)), at: 0)
        case .completeChallenge(let challenge, let code):
          let outcome = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-3ds" }).challengeAnswer(
            challenge, code: code)
          queue.insert(.checkout(.gatewayAnswered(outcome)), at: 0)
        case .expectUpdate:
          break
        }
      }
    }
  }

  /// Replays `Tapes/NAME.tape` headlessly at 100×32 with a short gateway latency, and asserts it ran through.
  @discardableResult
  static func replay(
    _ name: String, scenario: Scenario = .acmeElectronics, file: StaticString = #filePath, line: UInt = #line
  ) throws -> CheckoutRuntime {
    var scenario = scenario
    scenario.gateway.latency = [:]
    let runtime = CheckoutRuntime(
      scenario: scenario, size: Size(columns: 100, rows: 32), latencyMilliseconds: 20)
    let tape = try Tape.load(path: TapeTests.root.appendingPathComponent("Tapes/\(name).tape").path)
    XCTAssertEqual(TapePlayer(runtime: runtime).play(tape), .completed, name, file: file, line: line)
    return runtime
  }

  /// Key presses for typed text.
  static func type(_ text: String) -> [AppAction] {
    text.map { .key(.character($0)) }
  }

  /// From the method list: open the card form and fill in every field, ending on the Pay button.
  static func fillCard(
    number: String, expiry: String = "1234", code: String = "123", name: String = "Jane Doe"
  )
    -> [AppAction]
  {
    [.key(.enter)] + type(number) + [.key(.tab)] + type(expiry) + [.key(.tab)] + type(code) + [.key(.tab)]
      + type(name) + [.key(.tab)]
  }

  static let allow = AppAction.checkout(.beforeSubmitAnswered(.card, BeforeSubmitVerdict(allowed: true)))
  static let approved = AppAction.checkout(
    .gatewayAnswered(.approved(systemTransactionId: "7f3e9c2a-5b1d-4e8f-a6c4-2d9b8e1f0a37")))
  static let declined = AppAction.checkout(
    .gatewayAnswered(.declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."))))
}
