import Foundation
import GatewaySimulator

@testable import CheckoutEngine

/// Plays the runtime's part for the wallet flows: sends an action, then answers the effects it asks for
/// (the scenario's `onBeforeSubmit` rule, the simulated gateway's order, authorisation and challenge) until
/// none are left.
struct GatewayDriver {
  let gateway: SimulatedGateway
  let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))

  init(transactionId: String, settings: GatewaySettings = GatewaySettings(latencyMilliseconds: 0)) {
    gateway = SimulatedGateway(settings: settings, makeTransactionId: { transactionId })
  }

  /// A driver whose gateway is set up as the scenario's `gateway` object says, without latency.
  init(transactionId: String, scenario: Scenario) {
    var settings = GatewaySettings(latencyMilliseconds: 0, seed: 1, configuration: scenario.gateway)
    settings.latency = settings.latency.mapValues { _ in LatencyDistribution(meanMilliseconds: 0) }
    self.init(transactionId: transactionId, settings: settings)
  }

  func send(_ action: CheckoutAction, _ state: inout CheckoutState) async {
    for effect in CheckoutReducer.reduce(&state, action, context: context) {
      switch effect {
      case .askBeforeSubmit(let method):
        await send(.beforeSubmitAnswered(method, state.scenario.beforeSubmit.verdict(for: method)), &state)
      case .createPayPalOrder(let request):
        await send(.payPalOrderCreated(await gateway.createPayPalOrder(request).value), &state)
      case .authorise(let request):
        await send(.gatewayAnswered(await gateway.authorise(request).value), &state)
      case .completeChallenge(let challenge, let code):
        await send(.gatewayAnswered(await gateway.completeChallenge(challenge, code: code).value), &state)
      default:
        break
      }
    }
  }
}
