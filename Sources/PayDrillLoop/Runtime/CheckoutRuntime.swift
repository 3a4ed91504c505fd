import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import PaymentHistory
import TerminalUI

/// One running checkout: the model, the reducer and the one interpreter, on the interpreter's clock. The
/// terminal, `play`, `demo`, the fuzzer, the benchmark and the tests all drive it the same way: `send` an
/// action (its effects are performed, their immediate answers sent back), then let time pass (`deliverDue`
/// on a live clock, `advance` on a virtual one), which sends each answer back as it falls due.
public final class CheckoutRuntime {
  public private(set) var model: AppModel
  public let interpreter: EffectInterpreter
  /// Counts the actions applied, so a front end redraws only after one.
  public private(set) var revision = 0
  /// Counts the actions the model's subscriptions sent (the spinner's turns: `.tick`, which moves the
  /// spinner's frame and nothing else), so that a tape's `Wait` that cannot see the spinner is not checked
  /// again after one.
  public private(set) var spinnerTurns = 0
  /// Sees every effect as it is performed and every action as it is applied (the test store listens).
  public var observer: ((Observation) -> Void)?
  /// The subscriptions the model declares now, each with when it last fired (or started).
  private var running: [Running] = []

  private struct Running {
    var subscription: AppSubscription
    var last: Duration
  }

  /// What the observer is told.
  public enum Observation {
    case applied(AppAction)
    case performed(AppEffect)
  }

  public init(model: AppModel, dependencies: Dependencies) {
    self.model = model
    interpreter = EffectInterpreter(dependencies)
  }

  /// The runtime for a scenario: the built-in gateway set up as the scenario's `gateway` object says (or
  /// another gateway, such as a plugin), the scenario's merchant rules (or a hook process), on a virtual
  /// clock unless one is given. Attempts are recorded only when a ledger is given.
  public convenience init(
    scenario: Scenario, size: Size, latencyMilliseconds: Int, seed: UInt64 = 1,
    gateway: (any PaymentGateway)? = nil, hooks: (any MerchantHooks)? = nil,
    ledger: (any AttemptLedger)? = nil, screenshots: ScreenshotWriter? = nil, clock: EffectClock? = nil,
    timeZone: TimeZone = .current, clipboard: Clipboard? = nil,
    spentSessions: SpentSessions = SpentSessions(), setUp: (inout AppModel) -> Void = { _ in }
  ) {
    let settings = GatewaySettings(
      latencyMilliseconds: latencyMilliseconds, seed: seed, configuration: scenario.gateway)
    var checkout = CheckoutState(scenario: scenario)
    checkout.runTag = TransactionIdentifiers.runTag(seed: seed)
    var model = AppModel(
      checkout: checkout, size: size, latencyMilliseconds: latencyMilliseconds, timeZone: timeZone)
    model.gatewaySettings = settings
    // What only the front end knows before the first frame: the initial state, not a change of it.
    setUp(&model)
    let clock = clock ?? .virtual(startingAt: Dependencies.virtualStart)
    self.init(
      model: model,
      dependencies: .simulated(
        scenario: scenario, settings: settings, clock: clock, gateway: gateway, hooks: hooks, ledger: ledger,
        screenshots: screenshots, clipboard: clipboard, spentSessions: spentSessions))
  }

  public var clock: EffectClock { interpreter.clock }
  public var dependencies: Dependencies { interpreter.dependencies }

  /// Drop-in's `create()`: the first thing every front end does.
  public func start() {
    send(.checkout(.createCheckout))
  }

  /// Applies an action, performs its effects, and sends back at once what they answer at once.
  public func send(_ action: AppAction) {
    let effects = AppReducer.reduce(&model, action, context: ReduceContext(now: clock.now))
    revision += 1
    observer?(.applied(action))
    // Every effect first, then what they answered at once, in order.
    var answers: [AppAction] = []
    for effect in effects {
      observer?(.performed(effect))
      answers += interpreter.perform(effect)
    }
    for answer in answers { send(answer) }
    resubscribe()
  }

  /// Keeps the running subscriptions in step with what the model declares: one declared anew starts now
  /// (its first action an interval later), one no longer declared stops.
  private func resubscribe() {
    let declared = AppModel.subscriptions(of: &model)
    guard !declared.isEmpty else {
      if !running.isEmpty { running = [] }
      return
    }
    guard declared.count != running.count || !zip(declared, running).allSatisfy({ $0 == $1.subscription })
    else { return }
    let started = clock.elapsed
    running = declared.map { subscription in
      running.first { $0.subscription == subscription } ?? Running(subscription: subscription, last: started)
    }
  }

  /// Sends every answer due by now (live clock), each at the instant it fell due, and what the model's
  /// subscriptions send by then;
  /// returns whether anything was sent.
  @discardableResult
  public func deliverDue() -> Bool {
    deliver(dueBy: clock.elapsed)
  }

  @discardableResult
  private func deliver(dueBy time: Duration) -> Bool {
    var delivered = false
    while let (action, due) = interpreter.takeNext(dueBy: time) {
      clock.pinned(at: min(due, time)) { send(action) }
      delivered = true
    }
    fireSubscriptions(at: time)
    return delivered
  }

  /// A key from the terminal, at the clock's present instant: the answers due by then first (as the tape's
  /// replay will have them), then the key. `observe` hears the instant (`record` writes it in the tape).
  public func press(_ key: KeyEvent, observe: ((Duration) -> Void)? = nil) {
    let time = clock.elapsed
    deliver(dueBy: time)
    clock.pinned(at: time) {
      observe?(time)
      send(.key(key))
    }
  }

  /// Lets `duration` pass on a virtual clock: each answer is sent at the time it falls due, and each
  /// subscription's action at its times (the spinner turns every 100 ms while it is on screen). On a live
  /// clock it sleeps on the doorbell until an answer arrives or the next deadline, delivering as they come.
  public func advance(by duration: Duration) {
    let end = clock.elapsed + duration
    _ = advance(until: end) { false }
  }

  /// Lets time pass until `isDone` holds (checked after every change) or the clock reaches `end`; returns
  /// whether it held.
  public func advance(until end: Duration, _ isDone: () -> Bool) -> Bool {
    if isDone() { return true }
    guard !clock.isLive else {
      // Hung before anything is looked at: an answer posted from now on rings it.
      let doorbell = interpreter.arrivals
      while clock.elapsed < end {
        if deliverDue(), isDone() { return true }
        // Asleep until an answer arrives, the next deadline or the end, whichever comes first.
        let now = clock.elapsed
        doorbell.wait(timeout: PollTimeout(untilSoonestOf: [nextDeadline.map { $0 - now }, end - now]))
      }
      deliverDue()
      return isDone()
    }
    while true {
      if interpreter.awaitsAnotherProcess {
        // Another process answers in real time: wait for it without moving the virtual clock, asleep until
        // it posts its answer or finishes.
        let doorbell = interpreter.arrivals
        if deliverDue(), isDone() { return true }
        if interpreter.awaitsAnotherProcess { doorbell.wait(timeout: PollTimeout(untilSoonestOf: [])) }
        continue
      }
      guard let next = nextDeadline, next <= end else { break }
      clock.move(to: next)
      while let (action, _) = interpreter.takeNext(dueBy: next) {
        send(action)
        if isDone() { return true }
      }
      if fireSubscriptions(at: next), isDone() { return true }
    }
    clock.move(to: end)
    return isDone()
  }

  /// When something next happens by itself, on the clock: the sooner of the next answer or timer and the
  /// next action of a subscription the model declares; nil when nothing will until an action comes. The
  /// interactive loop wakes by itself only then (the model subscribes to the spinner's turns only while one
  /// is on screen, to the REC marker's seconds only while recording), so an idle checkout never wakes.
  public var nextDeadline: Duration? {
    var next = interpreter.nextDue
    for entry in running {
      guard case .every(let interval, _) = entry.subscription else { continue }
      next = min(next ?? entry.last + interval, entry.last + interval)
    }
    return next
  }

  /// Sends every answer due now, however many follow each other at this instant.
  public func settle() {
    _ = advance(until: clock.elapsed) { false }
  }

  /// Sends the action of each subscription due by `time`; returns whether one was sent.
  @discardableResult
  private func fireSubscriptions(at time: Duration) -> Bool {
    var fired = false
    var index = 0
    while index < running.count {
      let entry = running[index]
      index += 1
      guard case .every(let interval, let action) = entry.subscription, time - entry.last >= interval else {
        continue
      }
      running[index - 1].last = time
      // The spinner's turns only: a pattern that ignores the spinner must still see the REC marker's seconds.
      if action == .tick { spinnerTurns += 1 }
      fired = true
      send(action)
    }
    return fired
  }

  /// Ends the run: an attempt still in flight (the program was quit or signalled, or a tape ended first)
  /// is recorded as interrupted, never as succeeded.
  public func finish() {
    send(.finish)
  }

  /// Whether the run was asked to end (q, Ctrl-C).
  public var hasQuit: Bool { interpreter.hasQuit }

  /// Whether an answer is still to come (a replay waits for it).
  public var isBusy: Bool { interpreter.isBusy }

  /// How many frames `render` drew: what a replay's waits cost, counted by the tests.
  public private(set) var renders = 0

  /// The buffer the frames are drawn into, kept from one frame to the next: `play` reads the screen after
  /// every change it waits on, and a new buffer each time cost an allocation and a release of every cell.
  /// A caller that keeps the frame it was given (the terminal keeps it to tell what changed) shares the
  /// cells, so the next frame copies them once before drawing over them.
  private var frame = ScreenBuffer(width: 0, height: 0)

  /// The current frame.
  public func render() -> ScreenBuffer {
    renders += 1
    if frame.width != model.size.columns || frame.height != model.size.rows {
      frame = ScreenBuffer(size: model.size)
    }
    RootView.render(model, into: &frame)
    return frame
  }
}
