import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop
@testable import PayDrillTools

/// Models built the way a user builds them: by sending keys and effect results through `AppReducer`.
enum Fixture {
  /// 2026-11-29 15:56:38.250 UTC.
  static let now = Date(timeIntervalSince1970: 1_796_140_598.25)
  static let context = ReduceContext(now: now)

  /// The demo without Apple Pay: `create()` asks nothing of the gateway, so a flow starts quietly.
  static var cardOnly: Scenario {
    var scenario = Scenario.acmeElectronics
    scenario.applePay = nil
    return scenario
  }

  static func model(_ size: Size, scenario: Scenario = .acmeElectronics) -> AppModel {
    AppModel(
      checkout: CheckoutState(scenario: scenario), size: size, latencyMilliseconds: 600,
      timeZone: TimeZone(identifier: "UTC")!)
  }

  /// Sends keys through the reducer alone, in order; returns every effect they asked for (none is
  /// performed, and nothing answers them: a test that needs an answer uses `settle` or `AppTestStore`).
  @discardableResult
  static func send(_ actions: [AppAction], to model: inout AppModel) -> [AppEffect] {
    actions.flatMap { AppReducer.reduce(&model, $0, context: context) }
  }

  /// Sends actions through the one test store (not exhaustive), on a virtual clock that does not move:
  /// every answer due at once is delivered after each action (merchant verdicts, sheet updates,
  /// pre-authorisation, `/init`, a PayPal order, a 3-D Secure decision); the gateway answers authorisations
  /// with `gateway`, or never (nil). Time-outs never fire.
  /// Returns every effect performed meanwhile.
  @discardableResult
  static func settle(
    _ actions: [AppAction], in model: inout AppModel,
    gateway: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)? = nil
  ) -> [AppEffect] {
    let store = AppTestStore(model: model, gateway: FixtureGateway(answer: gateway), exhaustivity: .off)
    for action in actions {
      store.send(action)
      store.advance(by: .zero)
    }
    store.finish()
    model = store.model
    return store.performed
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

  /// A gateway's answer for `settle`: every authorisation approved, under one fixed transaction id.
  static let approving: @Sendable (AuthorisationRequest) -> AuthorisationOutcome = { _ in
    .approved(systemTransactionId: "7f3e9c2a-5b1d-4e8f-a6c4-2d9b8e1f0a37")
  }
  /// A gateway's answer for `settle`: every authorisation declined (`CARD_DECLINED`).
  static let declining: @Sendable (AuthorisationRequest) -> AuthorisationOutcome = { _ in
    .declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."))
  }
}
