import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI

/// One checkout driven by fuzz steps, headless and deterministic, through the real runtime: `AppReducer` and
/// the one `EffectInterpreter` with the simulated gateway (watched by `FuzzGateway`), the scenario's merchant
/// rules (failing now and then), no ledger, on a virtual clock. Answers come when they fall due; the fuzzer
/// moves time, and delivers old answers again to see them dropped. After every step it checks the
/// invariants and returns the first one broken.
public struct FuzzHarness {
  public let scenario: Scenario
  public var model: AppModel { runtime.model }
  /// How many steps may pass between two renders of a changing screen (a resize always renders).
  public let renderInterval: Int
  private let runtime: CheckoutRuntime
  private let gateway: FuzzGateway
  /// What the last step did, as the runtime's observer saw it.
  private let step = StepLog()
  /// Answers already delivered, to deliver again.
  private var delivered: [AppAction] = []
  private var order = FuzzCallbackOrder()
  private let secrets: FuzzSecretCheck
  /// How many times a fault was armed (by the panel's keys or a gateway step), and the one armed now.
  private var faultsArmed = 0
  private var armedFault: GatewayFault?
  /// Long texts the shopper typed so far: their own echo is no leak.
  private var typedEarlier: [String] = []
  private var eventsSeen = 0
  private var stepsSinceRender = 0
  private var renderedModel: AppModel?
  /// How many frames were drawn and checked.
  public private(set) var renders = 0
  /// How many invariant checks ran.
  public private(set) var checks = 0
  /// Whether the shopper quit (q, Ctrl-C): the checkout takes no more steps.
  public var hasQuit: Bool { runtime.hasQuit }

  /// What the runtime did during one step, in order: the effects it performed, and after each action the
  /// number of events and the session they belong to (one step can end a session and start the next).
  private final class StepLog {
    enum Entry {
      case effect(CheckoutEffect)
      case applied(eventCount: Int, session: Int)
    }
    var entries: [Entry] = []
    var answers: [AppAction] = []
    var effects: [CheckoutEffect] {
      entries.compactMap { if case .effect(let effect) = $0 { return effect } else { return nil } }
    }
  }

  /// The virtual clock's start: a fixed day, before the built-in sessions expire.
  static let startDate = Dependencies.virtualStart
  /// The size the checkout starts at.
  public static let startSize = Size(columns: 100, rows: 32)

  public init(scenario: Scenario, seed: UInt64, renderInterval: Int = 1) {
    self.scenario = scenario
    self.renderInterval = max(1, renderInterval)
    let latency = scenario.latencyMilliseconds ?? PayDrillCommand.defaultLatencyMilliseconds
    let settings = GatewaySettings(latencyMilliseconds: latency, seed: seed, configuration: scenario.gateway)
    gateway = FuzzGateway(
      SimulatedGateway(settings: settings, makeTransactionId: TransactionIdentifiers(seed: seed).next))
    runtime = CheckoutRuntime(
      scenario: scenario, size: Self.startSize, latencyMilliseconds: latency, seed: seed, gateway: gateway,
      hooks: FuzzMerchantHooks(scenario: scenario, seed: seed),
      clock: .virtual(startingAt: Self.startDate), timeZone: TimeZone(identifier: "UTC")!)
    secrets = FuzzSecretCheck(scenario: scenario)
    let log = step
    runtime.observer = { [unowned runtime] observation in
      switch observation {
      case .performed(.checkout(let effect)): log.entries.append(.effect(effect))
      case .applied(let action):
        if case .checkout(.answered) = action { log.answers.append(action) }
        let checkout = runtime.model.checkout
        log.entries.append(.applied(eventCount: checkout.events.count, session: checkout.sessionNumber))
      case .performed: break
      }
    }
  }

  /// How many answers and timers the interpreter holds.
  public var pendingCount: Int { runtime.interpreter.scheduledCount }
  /// How many answers have been delivered (and can be delivered again).
  public var deliveredCount: Int { delivered.count }
  /// How many callback events have been checked.
  public var eventsChecked: Int { order.eventsChecked }

  /// Drop-in's `create()`, then the first checks.
  public mutating func start() -> FuzzViolation? {
    runtime.start()
    return check(forceRender: true)
  }

  /// Applies one step, then checks every invariant.
  public mutating func apply(_ step: FuzzStep) -> FuzzViolation? {
    self.step.entries = []
    self.step.answers = []
    var resized = false
    switch step {
    case .key(let key):
      if case .resize = key { resized = true }
      runtime.press(key)
    case .tick:
      runtime.send(.tick)
    case .sleep(let milliseconds):
      runtime.advance(by: .milliseconds(milliseconds))
    case .gateway(let change):
      var settings = model.gatewaySettings
      change.apply(to: &settings)
      runtime.send(.changeGateway(settings))
    case .nextAnswer:
      if let due = runtime.interpreter.nextDue {
        runtime.advance(by: max(.zero, due - runtime.clock.elapsed))
      }
    case .duplicate(let pick):
      guard !delivered.isEmpty else { break }
      let before = model
      let again = delivered[pick % delivered.count]
      runtime.send(again)
      checks += 1
      if let violation = Self.staleAnswerViolation(before: before, after: model, answer: again) {
        return violation
      }
    }
    delivered += self.step.answers
    if delivered.count > 256 { delivered.removeFirst(delivered.count - 256) }
    return check(forceRender: resized)
  }

  /// An answer delivered a second time may add only the event that says it was dropped.
  static func staleAnswerViolation(before: AppModel, after: AppModel, answer: AppAction) -> FuzzViolation? {
    var expected = before.checkout.events
    if let last = after.checkout.events.last, last.name == .answerDropped { expected.append(last) }
    var comparable = after
    comparable.checkout.events = before.checkout.events
    comparable.eventsNotified = before.eventsNotified
    guard after.checkout.events == expected, comparable == before else {
      return FuzzViolation(.staleAnswersDropped, "delivering \(answer) again changed the checkout")
    }
    return nil
  }

  /// What the shopper typed into free-text fields that could hold a long number, now or earlier in this
  /// checkout (a coupon stays in the event pane after its sheet closed).
  private var typedText: [String] {
    mutating get {
      for text in currentTypedText where !typedEarlier.contains(text) { typedEarlier.append(text) }
      return typedEarlier
    }
  }

  private var currentTypedText: [String] {
    let model = self.model
    let form = model.checkout.cardForm
    let texts = [
      form.holderName, form.postalCode, model.couponDraft ?? "",
      model.checkout.applePaySheet?.couponCode ?? "",
      model.challengeDraft, model.passcodeDraft, model.eventList.filter,
    ]
    return texts.filter { $0.count >= 13 }
  }

  /// Every invariant after a step: totals, the new events (order, amounts, secrets), and the screen when it
  /// changed (every `renderInterval` steps, and after every resize).
  private mutating func check(forceRender: Bool) -> FuzzViolation? {
    let armed = model.gatewaySettings.nextFault
    if let armed, armed != armedFault { faultsArmed += 1 }
    armedFault = armed
    checks += 6
    if let violation = chargeViolation() ?? faultViolation() ?? resultViolation() ?? timerViolation() {
      return violation
    }
    if let violation = FuzzAmountCheck.orderTotal(model.checkout)
      ?? FuzzAmountCheck.sheetTotal(model.checkout)
    {
      return violation
    }
    let events = model.checkout.events
    if events.count < eventsSeen { eventsSeen = 0 }
    let fresh = events[eventsSeen...]
    eventsSeen = events.count
    let echoes = typedText
    for event in fresh {
      checks += 2
      if let violation = FuzzAmountCheck.eventAmounts(event, scenario: scenario)
        ?? secrets.check(
          event.jsonLine(), where: "event #\(event.sequence) (\(event.name.rawValue))", echoes: echoes)
      {
        return violation
      }
    }
    // In the order things happened: a request, then the events of its answer, each in its session.
    checks += 1
    var start = fresh.startIndex
    for entry in step.entries {
      switch entry {
      case .effect(let effect):
        order.requested([effect])
      case .applied(let count, let session):
        // Even with no new event: a new session forgets the requests of the last.
        let end = max(start, count)
        if let violation = order.observe(events[start..<end], sessionNumber: session) { return violation }
        start = end
      }
    }
    stepsSinceRender += 1
    guard forceRender || (stepsSinceRender >= renderInterval && renderedModel != model) else { return nil }
    stepsSinceRender = 0
    renderedModel = model
    renders += 1
    checks += 2
    let buffer = RootView.render(model)
    return FuzzScreenCheck.check(buffer, size: model.size)
      ?? secrets.check(buffer, echoes: echoes)
  }

  private func chargeViolation() -> FuzzViolation? {
    let tally = gateway.tally
    if let (session, count) = tally.chargesBySession.first(where: { $0.value > 1 }) {
      return FuzzViolation(.oneChargePerSession, "session \(session) was charged \(count) times")
    }
    if let (key, count) = tally.chargesByPayment.first(where: { $0.value > 1 }) {
      return FuzzViolation(.oneChargePerPayment, "payment \(key) was charged \(count) times")
    }
    return nil
  }

  private func faultViolation() -> FuzzViolation? {
    let used = gateway.tally.faultsUsed
    if used > faultsArmed {
      return FuzzViolation(
        .faultUsedOnce, "\(used) armed faults reached the gateway; \(faultsArmed) were armed")
    }
    let usedNow = step.effects.contains {
      if case .authorise(_, let request) = $0 { return request.fault != nil }
      return false
    }
    if usedNow, model.gatewaySettings.nextFault != nil {
      return FuzzViolation(.faultUsedOnce, "the panel still shows a fault the gateway just used")
    }
    return nil
  }

  /// The result screen names the method, amount or error of the last attempt's callback, nothing else.
  private func resultViolation() -> FuzzViolation? {
    let checkout = model.checkout
    guard case .result(let outcome) = checkout.screen else { return nil }
    switch outcome {
    case .success(let receipt):
      guard let event = checkout.events.last(where: { $0.name == .onSuccess }),
        event.method == receipt.method,
        event["amount"] == .string(receipt.amount.plainString),
        event["systemTransactionId"] == .string(receipt.result.systemTransactionId)
      else {
        return FuzzViolation(
          .resultFromItsAttempt,
          "Paid shows \(receipt.methodName) \(receipt.amount.plainString), not the last onSuccess")
      }
    case .failure(let method, let error, _):
      guard let event = checkout.events.last(where: { $0.name == .onError }), event.method == method,
        event["errorCode"] == .string(error.errorCode)
      else {
        return FuzzViolation(
          .resultFromItsAttempt,
          "the failure screen shows \(method.rawValue) \(error.errorCode), not the last onError")
      }
    }
    return nil
  }

  private func timerViolation() -> FuzzViolation? {
    guard !model.checkout.screen.isApplePaySheet, runtime.interpreter.timerCount > 0 else { return nil }
    return FuzzViolation(
      .timersDieWithTheirSheet, "\(runtime.interpreter.timerCount) timer(s) left after the sheet closed")
  }
}
