import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI

/// `paydrill bench`: figures anyone can re-run, one line each with its unit. Tests never assert them.
public enum Benchmark {
  /// The actions of one card checkout, from the method list to the gateway's answer.
  static func cardCheckoutActions() -> [CheckoutAction] {
    var actions: [CheckoutAction] = [.selectMethod(.card)]
    actions += "4242424242424242".map { .type(String($0), into: .number) }
    actions += [.leaveField(.number)]
    actions += "1234".map { .type(String($0), into: .expiry) }
    actions += "123".map { .type(String($0), into: .securityCode) }
    actions += "Jane Doe".map { .type(String($0), into: .holderName) }
    actions += [.submitCard, .beforeSubmitAnswered(.card, BeforeSubmitVerdict(allowed: true))]
    actions += [.gatewayAnswered(.approved(systemTransactionId: "bench"))]
    return actions
  }

  public static func run() {
    let context = ReduceContext(now: Date())
    let actions = cardCheckoutActions()

    let reduceRate = measure(seconds: 1) {
      var state = CheckoutState(scenario: .acmeElectronics)
      for action in actions { _ = CheckoutReducer.reduce(&state, action, context: context) }
      return actions.count
    }
    print(String(format: "reduce: %.0f actions/s", reduceRate))

    let gateway = SimulatedGateway(latency: .zero)
    let checkoutRate = measure(seconds: 1) {
      var state = CheckoutState(scenario: .acmeElectronics)
      var pending = actions.dropLast()[...]
      while let action = pending.popFirst() {
        for effect in CheckoutReducer.reduce(&state, action, context: context) {
          if case .authorise(let request) = effect {
            _ = CheckoutReducer.reduce(&state, .gatewayAnswered(gateway.decide(request)), context: context)
          }
        }
      }
      return 1
    }
    print(String(format: "headless card checkouts: %.0f checkouts/s", checkoutRate))

    for size in [Size(columns: 100, rows: 32), Size(columns: 200, rows: 60)] {
      var model = AppModel(
        checkout: CheckoutState(scenario: .acmeElectronics), size: size, latencyMilliseconds: 0)
      for action in actions.prefix(20) {
        _ = AppReducer.reduce(&model, .checkout(action), context: context)
      }
      var buffer = ScreenBuffer(size: size)
      let framesPerSecond = measure(seconds: 1) {
        RootView.render(model, into: &buffer)
        return 1
      }
      print(String(format: "render %d×%d: %.3f ms/frame", size.columns, size.rows, 1000 / framesPerSecond))
    }
  }

  /// Runs `body` repeatedly for about `seconds`; returns the units it reported per second.
  private static func measure(seconds: Double, _ body: () -> Int) -> Double {
    let clock = ContinuousClock()
    var units = 0
    let start = clock.now
    var elapsed = Duration.zero
    while elapsed < .seconds(seconds) {
      units += body()
      elapsed = clock.now - start
    }
    let (whole, fraction) = elapsed.components
    return Double(units) / (Double(whole) + Double(fraction) / 1e18)
  }
}
