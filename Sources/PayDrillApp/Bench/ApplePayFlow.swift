import CheckoutEngine
import Foundation
import GatewaySimulator

/// One Apple Pay payment, headless and without latency, for the benchmark: Drop-in's `create()` and the
/// Apple Pay `/init`, then the sheet opens and the shopper changes the contact, the shipping method and the
/// card, applies a coupon, and authorises with Face ID. `CheckoutReducer.reduce` does the work; every effect
/// is answered at once, as the runtime's `EffectRunner` would after its waits: the merchant from the
/// scenario's rules (`ScenarioMerchantHooks`, through `MerchantPricing`), the gateway from
/// `SimulatedGateway.decide`. Time-out timers never fire.
struct ApplePayFlow {
  let scenario: Scenario
  let hooks: ScenarioMerchantHooks
  let gateway: SimulatedGateway
  let context: ReduceContext

  /// The shopper's steps on the built-in demo (Acme Electronics): Alex's address, express shipping, the
  /// Visa credit card and the SAVE10 coupon.
  static let steps: [CheckoutAction] = [
    .createCheckout, .selectMethod(.applePay), .selectShippingContact(1), .selectShippingMethod("express"),
    .selectCard(1), .enterCouponCode("SAVE10"), .requestAuthorisation, .authenticate(.recognised),
  ]

  init(scenario: Scenario = .acmeElectronics, now: Date = Date()) {
    self.scenario = scenario
    hooks = ScenarioMerchantHooks(scenario: scenario)
    gateway = SimulatedGateway(
      settings: GatewaySettings(latencyMilliseconds: 0, seed: 1, configuration: scenario.gateway),
      makeTransactionId: { "bench" })
    context = ReduceContext(now: now)
  }

  /// Runs the whole flow from a new checkout; returns where it ended.
  func run() -> CheckoutState {
    var state = CheckoutState(scenario: scenario)
    for step in Self.steps { send(step, to: &state) }
    return state
  }

  /// Sends an action, then the answers to the effects it and those answers ask for, in order.
  func send(_ action: CheckoutAction, to state: inout CheckoutState) {
    var queue = [action]
    var next = 0
    while next < queue.count {
      for effect in CheckoutReducer.reduce(&state, queue[next], context: context) {
        if let answer = answer(to: effect) { queue.append(answer) }
      }
      next += 1
    }
  }

  /// The runner's answer to an effect, or nil for one this flow never meets (and for timers).
  func answer(to effect: CheckoutEffect) -> CheckoutAction? {
    switch effect {
    case .askBeforeSubmit(let method):
      return .beforeSubmitAnswered(method, hooks.rule.verdict(for: method))
    case .requestSheetUpdate(_, let selections):
      return .sheetUpdated(hooks.immediateSheetUpdate(for: selections))
    case .preAuthorise(let contact):
      return .preAuthorisationAnswered(hooks.immediatePreAuthorisation(shippingContact: contact))
    case .prepareApplePay(let request):
      return .applePayInitAnswered(ApplePayInitEndpoint.answer(request))
    case .authorise(let request):
      return .gatewayAnswered(gateway.decide(request))
    case .completeChallenge(let challenge, let code):
      return .gatewayAnswered(gateway.decideChallenge(challenge, code: code))
    case .expectUpdate, .createPayPalOrder:
      return nil
    }
  }
}
