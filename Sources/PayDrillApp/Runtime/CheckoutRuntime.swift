import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI

/// One running checkout: the model, the reducer, the effect runner and a clock. The interactive terminal,
/// tape replay and the benchmark all drive the same runtime.
///
/// After each step, the `AttemptRecorder` looks at the events and every finished payment attempt goes to
/// the ledger, when there is one. A ledger that fails to write is dropped with one warning: the checkout
/// goes on without it.
public final class CheckoutRuntime {
  public private(set) var model: AppModel
  private let runner: EffectRunner
  private let now: @Sendable () -> Date
  /// Counts changes of the model, so a front end redraws only when something changed.
  public private(set) var revision = 0
  /// Where screenshots go when the model asks for one; without it, the footer says they are off.
  public var screenshots: ScreenshotWriter?
  /// Where finished attempts are recorded; nil for none (`--no-ledger`, or after a failed write).
  public private(set) var ledger: (any AttemptLedger)?
  private var recorder = AttemptRecorder()
  /// The ledger's row of the attempt in flight, written when it started.
  private var inFlightAttemptId: Int64?
  /// Why the ledger stopped recording, once it did (also shown in the footer).
  public private(set) var ledgerWarning: String?
  /// How many of the checkout's events the hooks have been told about.
  private var eventsForwarded: Int

  public init(
    model: AppModel, runner: EffectRunner, ledger: (any AttemptLedger)? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.model = model
    self.runner = runner
    self.ledger = ledger
    self.now = now
    eventsForwarded = model.checkout.events.count
  }

  /// The runtime for a scenario with the scenario's merchant rules (or other hooks, such as a merchant hook
  /// process), and the built-in gateway set up as the scenario's `gateway` object says (or another gateway,
  /// such as a plugin). Attempts are recorded only when a ledger is given (tests and tape replays record
  /// nothing by default).
  public convenience init(
    scenario: Scenario, size: Size, latencyMilliseconds: Int, seed: UInt64 = 1,
    gateway: (any PaymentGateway)? = nil, hooks: (any MerchantHooks)? = nil,
    ledger: (any AttemptLedger)? = nil
  ) {
    let settings = GatewaySettings(
      latencyMilliseconds: latencyMilliseconds, seed: seed, configuration: scenario.gateway)
    let runner = EffectRunner(
      gateway: gateway
        ?? SimulatedGateway(settings: settings, makeTransactionId: TransactionIdentifiers(seed: seed).next),
      hooks: hooks ?? ScenarioMerchantHooks(scenario: scenario), inbox: ActionInbox())
    var model = AppModel(
      checkout: CheckoutState(scenario: scenario), size: size, latencyMilliseconds: latencyMilliseconds)
    model.gatewaySettings = settings
    self.init(model: model, runner: runner, ledger: ledger)
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
    for var attempt in recorder.observe(model.checkout) {
      attempt.id = inFlightAttemptId
      inFlightAttemptId = nil
      record(attempt)
    }
    if inFlightAttemptId == nil, var provisional = recorder.current {
      // Written as interrupted when it starts, and replaced when it ends: a crash or a kill in between
      // leaves it interrupted in the ledger, never paid and never missing.
      provisional.outcome = .interrupted
      provisional.errorMessage = "in flight, or paydrill ended before the attempt's callback"
      inFlightAttemptId = record(provisional)
    }
    if before.history == nil, model.history != nil { loadHistory() }
    forwardNewEvents()
    effects.forEach(runner.run)
    if model.screenshotRequested {
      send(.screenshotTaken(screenshots?.save(model) ?? .off))
    }
  }

  /// Ends the run: an attempt still in flight (the program was quit or signalled, or a tape ended first)
  /// is recorded as interrupted, never as succeeded.
  public func finish() {
    guard var attempt = recorder.interrupt(at: now()) else { return }
    attempt.id = inFlightAttemptId
    inFlightAttemptId = nil
    record(attempt)
  }

  /// The attempt in flight, if any.
  public var attemptInFlight: PaymentAttempt? { recorder.current }

  /// Reports that the ledger could not be used, from the start: the footer says so.
  public func disableLedger(because warning: String) {
    ledger = nil
    ledgerWarning = warning
    model.ledgerNotice = warning
    revision += 1
  }

  /// Stores an attempt; returns its id, or nil when there is no ledger (or it just failed).
  @discardableResult
  private func record(_ attempt: PaymentAttempt) -> Int64? {
    guard let ledger else { return nil }
    do {
      return try ledger.record(attempt)
    } catch {
      disableLedger(because: "\(error); run history is off for this run")
      return nil
    }
  }

  /// Reads the latest attempts into the history panel that was just opened.
  private func loadHistory() {
    guard let ledger else {
      model.history?.problem = ledgerWarning ?? "No ledger: --no-ledger, or it could not be opened."
      return
    }
    do {
      model.history?.attempts = try ledger.attempts(matching: AttemptFilter(limit: HistoryPanel.limit))
      model.history?.location = ledger.location
    } catch {
      model.history?.problem = "\(error)"
    }
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
