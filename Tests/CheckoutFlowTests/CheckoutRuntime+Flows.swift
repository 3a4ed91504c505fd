import GatewaySimulator
import PayDrillApp

@testable import CheckoutEngine
@testable import PayDrillLoop

/// The wallet and card flows run through the app's one interpreter, as the program runs them: the tests
/// describe what the shopper does and read the checkout, and never answer an effect themselves.
extension CheckoutRuntime {
  /// A runtime on the scenario's merchant rules and the simulated gateway, set up as the scenario's
  /// `gateway` object says (profile, AVS rules) but answering at once, every transaction named
  /// `transactionId`. It starts, as a new `CheckoutState` does, on the method list, without `create()`.
  static func flow(scenario: Scenario, transactionId: String) -> CheckoutRuntime {
    var settings = GatewaySettings(latencyMilliseconds: 0, seed: 1, configuration: scenario.gateway)
    settings.latency = settings.latency.mapValues { _ in LatencyDistribution(meanMilliseconds: 0) }
    return CheckoutRuntime(
      scenario: scenario, size: AppModel.minimumSize, latencyMilliseconds: 0,
      gateway: SimulatedGateway(settings: settings, makeTransactionId: { transactionId }))
  }

  /// The checkout's state.
  var checkout: CheckoutState { model.checkout }

  /// Sends the shopper's action, then delivers every answer due now (and what those lead to).
  func settle(after action: CheckoutAction) {
    send(.checkout(action))
    settle()
  }
}
