import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI

/// One running checkout: the model, the reducer, the effect runner and a clock. The interactive terminal,
/// tape replay and the benchmark all drive the same runtime.
public final class CheckoutRuntime {
  public private(set) var model: AppModel
  private let runner: EffectRunner
  private let now: @Sendable () -> Date
  /// Counts changes of the model, so a front end redraws only when something changed.
  public private(set) var revision = 0
  /// How many of the checkout's events the hooks have been told about.
  private var eventsForwarded: Int

  public init(model: AppModel, runner: EffectRunner, now: @escaping @Sendable () -> Date = { Date() }) {
    self.model = model
    self.runner = runner
    self.now = now
    eventsForwarded = model.checkout.events.count
  }

  /// The runtime for a scenario with the scenario's merchant rules (or other hooks, such as a merchant hook
  /// process), and the built-in gateway set up as the scenario's `gateway` object says (or another gateway,
  /// such as a plugin).
  public convenience init(
    scenario: Scenario, size: Size, latencyMilliseconds: Int, seed: UInt64 = 1,
    gateway: (any PaymentGateway)? = nil, hooks: (any MerchantHooks)? = nil
  ) {
    let settings = GatewaySettings(
      latencyMilliseconds: latencyMilliseconds, seed: seed, configuration: scenario.gateway)
    let runner = EffectRunner(
      gateway: gateway ?? SimulatedGateway(settings: settings),
      hooks: hooks ?? ScenarioMerchantHooks(scenario: scenario), inbox: ActionInbox())
    var model = AppModel(
      checkout: CheckoutState(scenario: scenario), size: size, latencyMilliseconds: latencyMilliseconds)
    model.gatewaySettings = settings
    self.init(model: model, runner: runner)
  }

  /// Sets up what only the front end knows before the first frame (the theme's appearance, a screen to
  /// start on).
  public func prepare(_ change: (inout AppModel) -> Void) {
    change(&model)
    revision += 1
  }

  /// Drop-in's `create()`: the first thing every front end does.
  public func start() {
    send(.checkout(.createCheckout))
  }

  /// Applies an action and starts the effects it asks for.
  public func send(_ action: AppAction) {
    let before = model
    let effects = AppReducer.reduce(&model, action, context: ReduceContext(now: now()))
    if model != before { revision += 1 }
    if model.gatewaySettings != before.gatewaySettings { runner.gateway.apply(model.gatewaySettings) }
    forwardNewEvents()
    effects.forEach(runner.run)
  }

  /// Tells the hooks about the callbacks that fired since the last time.
  private func forwardNewEvents() {
    let events = model.checkout.events
    if events.count < eventsForwarded { eventsForwarded = 0 }
    for event in events[eventsForwarded...] { runner.hooks.callbackFired(event) }
    eventsForwarded = events.count
  }

  /// Applies the actions that finished effects left in the inbox; returns whether there were any.
  @discardableResult
  public func drainInbox() -> Bool {
    let actions = runner.inbox.takeAll()
    for action in actions { send(.checkout(action)) }
    return !actions.isEmpty
  }

  /// Whether an effect is still working (the spinner turns meanwhile).
  public var isBusy: Bool { runner.inbox.isBusy }

  /// The current frame.
  public func render() -> ScreenBuffer { RootView.render(model) }
}
