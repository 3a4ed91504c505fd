import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import PayDrillLedger
import PayDrillLoop
import PaymentHistory
import TerminalUI

/// One checkout driven by fuzz steps, headless and deterministic, through the real runtime: `AppReducer` and
/// the one `EffectInterpreter` with the simulated gateway or a gateway plugin (watched by `FuzzGateway`), the
/// scenario's merchant rules (failing now and then) or a merchant hook process, and PayDrill's SQLite ledger
/// in memory, as `FuzzSetup` draws them from the seed, on a virtual clock. Plugin and hook processes are
/// played by `FuzzPeer` through PayDrill's own process code, and answer late, twice, with garbage or not at
/// all. Answers come when they fall due; the fuzzer moves time, and delivers old answers again to see them
/// dropped. After every step it checks the invariants and returns the first one broken; after a step that
/// wrote the ledger, it also checks the ledger and what a failed tape would print and save.
public struct FuzzHarness {
  public let scenario: Scenario
  /// What plays the gateway, the merchant and the ledger.
  public let setup: FuzzSetup
  public var model: AppModel { runtime.model }
  /// How many steps may pass between two renders of a changing screen (a resize always renders).
  public let renderInterval: Int
  private let runtime: CheckoutRuntime
  private let gateway: FuzzGateway
  private let hooks: FuzzMerchantHooks
  private let ledger: FuzzLedger?
  /// The attempts the engine told (in flight, then ended), in the order they started.
  private var attempts: [Attempt] = []
  /// The cards sent to the gateway, whose details no message may quote.
  private var cards: [CardDetails] = []
  /// The amount each method's last authorisation asked for.
  private var authorised: [DropInPaymentMethod: Money] = [:]
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
  /// The model last drawn, if one was (an optional would be copied to be compared).
  private var renderedModel: AppModel
  private var hasRendered = false
  /// The frames drawn and checked.
  private var frames: FuzzFrames
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
    /// Each authorisation asked for, with the total the checkout showed as it asked.
    var authorisations: [(request: AuthorisationRequest, shown: Money?)] = []
    var effects: [CheckoutEffect] {
      entries.compactMap { if case .effect(let effect) = $0 { return effect } else { return nil } }
    }
  }

  /// The virtual clock's start: a fixed day, before the built-in sessions expire.
  static let startDate = Dependencies.virtualStart
  /// The size the checkout starts at.
  public static let startSize = Size(columns: 100, rows: 32)

  /// `ledgerTemplate`, an empty in-memory ledger, is copied for the checkout's ledger rather than a new one
  /// migrated (the fuzzer makes one for its run).
  public init(
    scenario: Scenario, seed: UInt64, renderInterval: Int = 1, setup: FuzzSetup? = nil,
    ledgerTemplate: SQLiteLedger? = nil
  ) {
    self.scenario = scenario
    self.renderInterval = max(1, renderInterval)
    let setup = setup ?? FuzzSetup(seed: seed)
    self.setup = setup
    let latency = scenario.latencyMilliseconds ?? GatewaySettings.defaultLatencyMilliseconds
    let settings = GatewaySettings(latencyMilliseconds: latency, seed: seed, configuration: scenario.gateway)
    gateway =
      setup.gatewayPlugin
      ? FuzzGateway(plugin: FuzzPeerScript(role: .plugin, seed: seed))
      : FuzzGateway(
        SimulatedGateway(settings: settings, makeTransactionId: TransactionIdentifiers(seed: seed).next))
    hooks =
      setup.hookProcess
      ? FuzzMerchantHooks(process: FuzzPeerScript(role: .hook, seed: seed), scenario: scenario, seed: seed)
      : FuzzMerchantHooks(scenario: scenario, seed: seed)
    ledger = try? FuzzLedger(failingWrite: setup.failingLedgerWrite, template: ledgerTemplate)
    runtime = CheckoutRuntime(
      scenario: scenario, size: Self.startSize, latencyMilliseconds: latency, seed: seed, gateway: gateway,
      hooks: hooks, ledger: ledger, clock: .virtual(startingAt: Self.startDate),
      timeZone: TimeZone(identifier: "UTC")!)
    renderedModel = runtime.model
    secrets = FuzzSecretCheck(scenario: scenario)
    frames = FuzzFrames(secrets: secrets)
    let log = step
    runtime.observer = { [unowned runtime] observation in
      switch observation {
      case .performed(.checkout(let effect)):
        log.entries.append(.effect(effect))
        if case .authorise(_, let request) = effect {
          let checkout = runtime.model.checkout
          let shown =
            request.method == .applePay ? checkout.applePaySheet?.total?.amount : checkout.total
          log.authorisations.append((request, shown))
        }
      case .applied(let action):
        if case .checkout(.answered) = action { log.answers.append(action) }
        log.entries.append(
          .applied(
            eventCount: runtime.model.checkout.events.count, session: runtime.model.checkout.sessionNumber))
      case .performed: break
      }
    }
  }

  /// Ends the plugin's and the hook's processes (the fuzzer's peers): the checkout takes no more steps.
  public func close() {
    gateway.shutDown()
    hooks.shutDown()
  }

  /// How many answers and timers the interpreter holds.
  public var pendingCount: Int { runtime.interpreter.scheduledCount }
  /// How many answers have been delivered (and can be delivered again).
  public var deliveredCount: Int { delivered.count }
  /// How many callback events have been checked.
  public var eventsChecked: Int { order.eventsChecked }
  /// How many requests the plugin's and the hook's processes (the fuzzer's peers) were sent.
  public var processRequests: Int {
    (gateway.script?.tally.requests ?? 0) + (hooks.script?.tally.requests ?? 0)
  }

  /// Drop-in's `create()`, then the first checks.
  public mutating func start() -> FuzzViolation? {
    runtime.start()
    return check(forceRender: true)
  }

  /// Applies one step, then checks every invariant.
  public mutating func apply(_ step: FuzzStep) -> FuzzViolation? {
    self.step.entries = []
    self.step.answers = []
    self.step.authorisations = []
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
  private mutating func typedText(_ model: AppModel) -> [String] {
    for text in Self.currentTypedText(model) where !typedEarlier.contains(text) { typedEarlier.append(text) }
    return typedEarlier
  }

  private static func currentTypedText(_ model: AppModel) -> [String] {
    let form = model.checkout.cardForm
    var texts = [
      form.holderName, form.postalCode, model.couponDraft ?? "",
      model.checkout.applePaySheet?.couponCode ?? "",
      model.challengeDraft, model.passcodeDraft, model.eventList.filter,
    ]
    // The card form shows the number as it is typed, grouped; nowhere else may it show.
    if model.checkout.screen == .cardForm { texts.append(form.number) }
    return texts.filter { $0.count >= 13 }
  }

  /// Every invariant after a step: totals, the new events (order, amounts, secrets), and the screen when it
  /// changed (every `renderInterval` steps, and after every resize). The model is read once: each read of
  /// the runtime's copies all of it.
  private mutating func check(forceRender: Bool) -> FuzzViolation? {
    let model = runtime.model
    let armed = model.gatewaySettings.nextFault
    if let armed, armed != armedFault { faultsArmed += 1 }
    armedFault = armed
    checks += 7
    if let violation = chargeViolation() ?? faultViolation(model) ?? resultViolation(model)
      ?? timerViolation(model) ?? authorisedViolation()
    {
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
    let echoes = typedText(model)
    for event in fresh {
      checks += 3
      let place = "event #\(event.sequence) (\(event.name.rawValue))"
      if let violation = FuzzAmountCheck.eventAmounts(event, scenario: scenario)
        ?? secrets.check(event.jsonLine(), where: place, echoes: echoes)
        ?? cardDetailViolation(in: Self.messages(of: event), where: place)
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
    if step.entries.contains(where: { if case .effect(.attempt) = $0 { return true } else { return false } })
    {
      checks += 2
      if let violation = ledgerViolation(model) ?? outputsViolation(model, echoes: echoes) {
        return violation
      }
    }
    stepsSinceRender += 1
    guard forceRender || (stepsSinceRender >= renderInterval && (!hasRendered || renderedModel != model))
    else {
      return nil
    }
    stepsSinceRender = 0
    renderedModel = model
    hasRendered = true
    renders += 1
    checks += 2
    return frames.check(model, echoes: echoes)
  }

  /// Every authorisation asks for the total the checkout showed as it asked (the Apple Pay sheet's, after
  /// its shipping, coupon and fee updates; the order's otherwise), never more than an amount can be.
  private mutating func authorisedViolation() -> FuzzViolation? {
    for entry in step.entries {
      guard case .effect(.attempt(let attempt)) = entry else { continue }
      if let index = attempts.firstIndex(where: { $0.number == attempt.number }) {
        attempts[index] = attempt
      } else {
        attempts.append(attempt)
      }
    }
    for (request, shown) in step.authorisations {
      if let card = request.card, !cards.contains(card) { cards.append(card) }
      authorised[request.method] = request.amount
      if let violation = Self.chargedViolation(request, shown: shown) { return violation }
    }
    return nil
  }

  /// An authorisation that asks for another amount than the checkout showed, or for more than an amount can
  /// be.
  static func chargedViolation(_ request: AuthorisationRequest, shown: Money?) -> FuzzViolation? {
    guard request.amount.isWithinAmountLimit else {
      return FuzzViolation(
        .charged, "\(request.method.rawValue) authorised \(request.amount.plainString), past the amount limit"
      )
    }
    guard let shown, shown == request.amount else {
      return FuzzViolation(
        .charged,
        "\(request.method.rawValue) authorised \(request.amount.plainString) \(request.amount.currency.code) "
          + "but the checkout showed \(shown.map { "\($0.plainString) \($0.currency.code)" } ?? "no total")")
    }
    return nil
  }

  /// The texts of an event that come from a message: a plugin's or a hook's words land there.
  static func messages(of event: CallbackEvent) -> [String] {
    event.details.compactMap { detail in
      guard ["errorMessage", "message", "refusalReason", "reason"].contains(detail.key),
        case .string(let text) = detail.value
      else { return nil }
      return text
    }
  }

  /// A card's security code, expiry or holder's name quoted in a message.
  private func cardDetailViolation(in messages: [String], where place: String) -> FuzzViolation? {
    for message in messages {
      for card in cards {
        if let detail = FuzzSecretCheck.cardDetail(in: message, of: card) {
          return FuzzViolation(.secrets, "\(detail) in \(place): \(message)")
        }
      }
    }
    return nil
  }

  /// The ledger holds a row for each attempt the engine told, in order, read back through SQL as it last
  /// stood; once a write failed, it was written no more and the checkout says the history is off.
  private func ledgerViolation(_ model: AppModel) -> FuzzViolation? {
    guard let ledger else { return nil }
    return Self.ledgerViolation(
      ledger, attempts: attempts, problem: runtime.interpreter.ledgerProblem, notice: model.ledgerNotice,
      seed: runtime.dependencies.seed)
  }

  static func ledgerViolation(
    _ ledger: FuzzLedger, attempts: [Attempt], problem: String?, notice: String?, seed: UInt64?
  ) -> FuzzViolation? {
    if let problem {
      guard let failing = ledger.failingWrite, ledger.writes == failing else {
        return FuzzViolation(
          .ledger, "\(ledger.writes) writes after the ledger failed (\(problem)); it should have stopped")
      }
      guard notice != nil else {
        return FuzzViolation(.ledger, "the ledger failed (\(problem)) and the checkout does not say so")
      }
      return nil
    }
    guard ledger.rows.count == attempts.count else {
      return FuzzViolation(
        .ledger, "\(attempts.count) attempts told, \(ledger.rows.count) rows in the ledger")
    }
    for (attempt, id) in zip(attempts, ledger.rows) {
      let expected = PaymentAttempt(attempt)
      guard let stored = try? ledger.attempt(id: id) else {
        return FuzzViolation(.ledger, "attempt \(attempt.number) cannot be read back (row \(id))")
      }
      guard stored.outcome == expected.outcome, stored.amount == expected.amount,
        stored.method == expected.method, stored.errorCode == expected.errorCode,
        stored.systemTransactionId == expected.systemTransactionId,
        stored.eventLines == expected.events.map({ $0.jsonLine() }), stored.seed == seed
      else {
        return FuzzViolation(
          .ledger,
          "attempt \(attempt.number) is stored as \(stored.outcome.rawValue) \(stored.amount.plainString) "
            + "\(stored.errorCode ?? "") with \(stored.eventLines.count) events; the engine told "
            + "\(expected.outcome.rawValue) \(expected.amount.plainString) \(expected.errorCode ?? "") with "
            + "\(expected.events.count)")
      }
    }
    return nil
  }

  /// What leaves the checkout as files and logs, as they would be now: the ledger's rows, the events file,
  /// and the JUnit report and failure report of a tape that stopped here. None holds a card number, a key
  /// or a card's details.
  private func outputsViolation(_ model: AppModel, echoes: [String]) -> FuzzViolation? {
    var texts: [(place: String, text: String, isMessage: Bool)] = []
    for id in ledger?.rows ?? [] {
      guard let row = try? ledger?.attempt(id: id) else { continue }
      texts.append(("the ledger's row \(id)", row.errorMessage ?? "", true))
      texts.append(
        ("the ledger's row \(id)", [row.card ?? "", row.resultCode ?? ""].joined(separator: " "), false))
      texts.append(("the ledger's row \(id) events", row.eventLines.joined(separator: "\n"), false))
    }
    let events = Array(model.checkout.events)
    texts.append(
      (
        "the events file",
        RunHeader(seed: runtime.dependencies.seed, scenario: scenario.name, start: runtime.clock.origin)
          .eventsText(events), false
      ))
    let stop = TapeStep(line: 1, command: .expect(.screen(pattern: "never"), timeout: .zero))
    let run = TapeRun(
      tape: Tape(file: "fuzz.tape", steps: [stop]),
      outcome: .expectationFailed(step: stop, seen: "", screen: TapePlayer.reportedScreen(runtime)),
      duration: .zero, events: events)
    let report = run.failureReport
    texts.append(("the JUnit report", JUnitReport.xml([run], failureReports: [report]), false))
    texts.append(("the failure report", report ?? "", false))
    for (place, text, isMessage) in texts {
      if let violation = secrets.check(text, where: place, echoes: echoes)
        ?? (isMessage ? cardDetailViolation(in: [text], where: place) : nil)
      {
        return violation
      }
    }
    return nil
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

  private func faultViolation(_ model: AppModel) -> FuzzViolation? {
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
  private func resultViolation(_ model: AppModel) -> FuzzViolation? {
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
      if receipt.method != .paze, let asked = authorised[receipt.method], asked != receipt.amount {
        return FuzzViolation(
          .charged,
          "Paid shows \(receipt.amount.plainString) but the authorisation asked for \(asked.plainString)")
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

  /// With the sheet closed, no timer may be left of it: none for a request of the sheet's, and none for a
  /// request nothing waits for any more (its owner moved on without cancelling it). A timer of the checkout's
  /// own (the device check the device panel delays) is not the sheet's.
  private func timerViolation(_ model: AppModel) -> FuzzViolation? {
    guard !model.checkout.screen.isApplePaySheet else { return nil }
    let book = model.checkout.requests
    let left = runtime.interpreter.timerIDs.filter { book.awaited($0)?.belongsToSheet ?? true }
    guard !left.isEmpty else { return nil }
    return FuzzViolation(.timersDieWithTheirSheet, "\(left.count) timer(s) left after the sheet closed")
  }
}
