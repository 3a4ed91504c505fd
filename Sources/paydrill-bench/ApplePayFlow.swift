import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import PayDrillLoop
import TerminalUI

/// One Apple Pay payment, headless and without latency, for the benchmark: the sheet opens and the shopper
/// changes the contact, the shipping method and the card, applies a coupon, and authorises with Face ID;
/// then a new checkout starts (Drop-in's `create()` and the Apple Pay `/init` again), as a tester repeating
/// the flow does. It goes the way `play` and the terminal go: through `AppReducer` and the one
/// `EffectInterpreter`, with the simulated gateway and the scenario's rules on a virtual clock.
struct ApplePayFlow {
  let scenario: Scenario

  /// The shopper's steps on the built-in demo (Acme Electronics): Alex's address, express shipping, the
  /// Visa credit card and the SAVE10 coupon.
  static let steps: [CheckoutAction] = [
    .selectMethod(.applePay), .selectShippingContact(1), .selectShippingMethod("express"),
    .selectCard(1), .enterCouponCode("SAVE10"), .requestAuthorisation, .authenticate(.recognised),
  ]

  init(scenario: Scenario = .acmeElectronics) {
    var scenario = scenario
    scenario.gateway.latency = [:]
    self.scenario = scenario
  }

  /// A runtime ready for the flow: the checkout created and `/init` answered, drawn at `size`.
  func runtime(size: Size = Benchmark.terminalSize) -> CheckoutRuntime {
    let runtime = CheckoutRuntime(
      scenario: scenario, size: size, latencyMilliseconds: 0,
      timeZone: TimeZone(identifier: "UTC")!)
    runtime.start()
    runtime.settle()
    return runtime
  }

  /// Runs the whole flow in a new runtime; returns it where the flow ended (paid).
  func run() -> CheckoutRuntime {
    let runtime = runtime()
    pay(on: runtime)
    return runtime
  }

  /// Pays once on a ready runtime, then starts the next checkout (a new session, created and prepared).
  func payThenStartAgain(on runtime: CheckoutRuntime) {
    pay(on: runtime)
    runtime.send(.checkout(.startNewCheckout))
    runtime.settle()
  }

  /// Pays once on a ready runtime; it ends on the receipt.
  func pay(on runtime: CheckoutRuntime) {
    for step in Self.steps {
      runtime.send(.checkout(step))
      runtime.settle()
    }
  }
}
