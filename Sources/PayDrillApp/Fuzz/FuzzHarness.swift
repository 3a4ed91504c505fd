import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI

/// One checkout driven by fuzz steps, headless and deterministic: `AppReducer.reduce` with a fake clock, the
/// engine's effects kept pending and answered only when a step says so (in any order, at any later step, or
/// never), from the simulated gateway without its latency (`authoriseNow`, `completeChallengeNow`, …), the
/// `/init` endpoint and the scenario's merchant rules (`BeforeSubmitRule`, `MerchantPricing`). After every
/// step it checks the invariants and returns the first one broken.
public struct FuzzHarness {
  public let scenario: Scenario
  public private(set) var model: AppModel
  /// How many steps may pass between two renders of a changing screen (a resize always renders).
  public let renderInterval: Int
  private let gateway: SimulatedGateway
  private var pending: [CheckoutEffect] = []
  private var delivered: [CheckoutAction] = []
  private var now: Date
  private var order = FuzzCallbackOrder()
  private let secrets: FuzzSecretCheck
  /// Approved, charged payments by session id.
  private var charges: [String: Int] = [:]
  private var eventsSeen = 0
  private var stepsSinceRender = 0
  private var renderedModel: AppModel?
  /// How many frames were drawn and checked.
  public private(set) var renders = 0
  /// How many invariant checks ran.
  public private(set) var checks = 0
  /// Whether the shopper quit (q, Ctrl-C): the checkout takes no more steps.
  public var hasQuit: Bool { model.shouldQuit }

  /// The fake clock's start: a fixed day, before the built-in sessions expire.
  static let startDate = Date(timeIntervalSince1970: 1_780_000_000)
  /// How far the fake clock moves with every step.
  static let stepDuration: TimeInterval = 0.037
  /// The size the checkout starts at.
  public static let startSize = Size(columns: 100, rows: 32)

  public init(scenario: Scenario, seed: UInt64, renderInterval: Int = 1) {
    self.scenario = scenario
    self.renderInterval = max(1, renderInterval)
    let latency = scenario.latencyMilliseconds ?? PayDrillCommand.defaultLatencyMilliseconds
    let settings = GatewaySettings(latencyMilliseconds: latency, seed: seed, configuration: scenario.gateway)
    model = AppModel(
      checkout: CheckoutState(scenario: scenario), size: Self.startSize, latencyMilliseconds: latency,
      timeZone: TimeZone(identifier: "UTC")!)
    model.gatewaySettings = settings
    gateway = SimulatedGateway(settings: settings, makeTransactionId: TransactionIdentifiers(seed: seed).next)
    secrets = FuzzSecretCheck(scenario: scenario)
    now = Self.startDate
  }

  /// How many effects wait for an answer.
  public var pendingCount: Int { pending.count }
  /// How many answers have been delivered (and can be delivered again).
  public var deliveredCount: Int { delivered.count }
  /// How many callback events have been checked.
  public var eventsChecked: Int { order.eventsChecked }

  /// Drop-in's `create()`, then the first checks.
  public mutating func start() -> FuzzViolation? {
    let effects = send(.checkout(.createCheckout))
    return check(after: effects, forceRender: true)
  }

  /// Applies one step, then checks every invariant.
  public mutating func apply(_ step: FuzzStep) -> FuzzViolation? {
    now += Self.stepDuration
    let settings = model.gatewaySettings
    var effects: [CheckoutEffect] = []
    var resized = false
    switch step {
    case .key(let key):
      if case .resize = key { resized = true }
      effects = send(.key(key))
    case .tick:
      effects = send(.tick)
    case .sleep(let milliseconds):
      now += TimeInterval(milliseconds) / 1000
    case .gateway(let change):
      change.apply(to: &model.gatewaySettings)
    case .answer(let pick, let variant):
      guard !pending.isEmpty else { break }
      let index = pick % pending.count
      guard let action = answer(pending[index], variant: variant) else { break }
      pending.remove(at: index)
      // The gateway's decisions carry no request identity, so the engine cannot tell a stale one from the
      // answer it waits for; the runtime never delivers one twice, and neither does the fuzzer.
      if case .gatewayAnswered = action {} else { delivered.append(action) }
      effects = send(.checkout(action))
      if let violation = chargeViolation() { return violation }
    case .drop(let pick):
      if !pending.isEmpty { pending.remove(at: pick % pending.count) }
    case .duplicate(let pick):
      if !delivered.isEmpty { effects = send(.checkout(delivered[pick % delivered.count])) }
    }
    if model.gatewaySettings != settings { gateway.apply(model.gatewaySettings) }
    return check(after: effects, forceRender: resized)
  }

  /// Sends an action as the runtime does, answering what the runtime answers at once (a screenshot, the
  /// history panel without a ledger), and keeps the effects pending.
  private mutating func send(_ action: AppAction) -> [CheckoutEffect] {
    let hadHistory = model.history != nil
    var effects = AppReducer.reduce(&model, action, context: ReduceContext(now: now))
    if !hadHistory, model.history != nil {
      model.history?.problem = "No ledger: --no-ledger, or it could not be opened."
    }
    if model.screenshotRequested {
      effects += AppReducer.reduce(&model, .screenshotTaken(.off), context: ReduceContext(now: now))
    }
    pending += effects
    return effects
  }

  /// The answer to a pending effect, as its runner would give it; nil when the step leaves it pending (a
  /// sheet update's timer that has not run out).
  private mutating func answer(_ effect: CheckoutEffect, variant: Int) -> CheckoutAction? {
    let hookFails = variant < 6
    let pricing = scenario.applePay.map { MerchantPricing(configuration: $0, locale: scenario.locale) }
    switch effect {
    case .askBeforeSubmit(let method):
      if hookFails { return hookFailure(.onBeforeSubmit, method: method) }
      return .beforeSubmitAnswered(method, scenario.beforeSubmit.verdict(for: method))
    case .requestSheetUpdate(let kind, let selections):
      if hookFails { return hookFailure(kind.callbackName, method: .applePay) }
      return .sheetUpdated(pricing?.update(for: selections) ?? SheetUpdate(paymentSummaryItems: []))
    case .expectUpdate(let serial, _):
      return variant < 25 ? .updateTimedOut(serial: serial) : nil
    case .preAuthorise(let contact):
      if hookFails { return hookFailure(.onPreAuthorisation, method: .applePay) }
      return .preAuthorisationAnswered(
        pricing?.preAuthorisationAnswer(shippingContact: contact) ?? PreAuthorisationAnswer(data: nil))
    case .prepareApplePay(let request):
      return .applePayInitAnswered(ApplePayInitEndpoint.answer(request))
    case .createPayPalOrder(let request):
      return .payPalOrderCreated(gateway.createPayPalOrderNow(request))
    case .completeChallenge(let challenge, let code):
      let outcome = gateway.completeChallengeNow(challenge, code: code)
      count(outcome, session: challenge.request.sessionId)
      return .gatewayAnswered(outcome)
    case .authorise(let request):
      let outcome = gateway.authoriseNow(request)
      count(outcome, session: request.sessionId)
      return .gatewayAnswered(outcome)
    }
  }

  private func hookFailure(_ callback: CallbackName, method: DropInPaymentMethod) -> CheckoutAction {
    .merchantHookFailed(
      MerchantHookFailure(
        callback: callback, method: method,
        error: SdkError(errorCode: "MERCHANT_HOOK_CRASHED", errorMessage: "the fuzzer's hook gave no answer"))
    )
  }

  /// Counts a charge: an approval the gateway gave for the first time (not a replay of a duplicate request).
  private mutating func count(_ outcome: AuthorisationOutcome, session: String) {
    guard outcome.systemTransactionId != nil, outcome.report?.replayed != true else { return }
    charges[session, default: 0] += 1
  }

  private mutating func chargeViolation() -> FuzzViolation? {
    checks += 1
    guard let (session, count) = charges.first(where: { $0.value > 1 }) else { return nil }
    return FuzzViolation(.oneChargePerSession, "session \(session) was charged \(count) times")
  }

  /// What the shopper typed into free-text fields that could hold a long number.
  private var typedText: [String] {
    let form = model.checkout.cardForm
    let texts = [
      form.holderName, form.postalCode, model.couponDraft ?? "",
      model.checkout.applePaySheet?.couponCode ?? "",
      model.challengeDraft, model.passcodeDraft,
    ]
    return texts.filter { $0.count >= 13 }
  }

  /// Every invariant after a step: totals, the new events (order, amounts, secrets), and the screen when it
  /// changed (every `renderInterval` steps, and after every resize).
  private mutating func check(after effects: [CheckoutEffect], forceRender: Bool) -> FuzzViolation? {
    checks += 2
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
    checks += 1
    if let violation = order.observe(fresh, sessionNumber: model.checkout.sessionNumber) { return violation }
    order.requested(effects)
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
}
