import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import PaymentHistory

/// The one place effects are performed, for the terminal, `play`, `demo`, the fuzzer, the benchmark and the
/// tests alike. An answer decided at once is due after its latency on the clock; a timer is due when it runs
/// out; an answer from another process (a plugin, a hook) arrives in the inbox when it comes. Whoever drives
/// the loop takes due answers (`takeDue`) and sends them back as actions carrying their request's id.
public final class EffectInterpreter {
  public let dependencies: Dependencies
  /// Answers waiting for their time, in the order they fall due (ties in the order they were scheduled).
  private var scheduled: [Scheduled] = []
  /// How many of `scheduled` are answers rather than timers (kept, not counted on every action).
  private var answersScheduled = 0
  private var order = 0
  /// Where answers from other processes land.
  private let inbox = ActionInbox()
  /// Requests cancelled while another process works on them: their answers are not delivered.
  private var cancelled: Set<RequestID> = []
  /// The ledger's rows of the attempts recorded in this run, by attempt number.
  private var ledgerRows: [Int: Int64] = [:]
  /// Why the ledger stopped recording, once it failed to write.
  public private(set) var ledgerProblem: String?
  /// Set by the `.quit` effect.
  public private(set) var hasQuit = false

  private struct Scheduled {
    var due: Duration
    var order: Int
    var id: RequestID?
    var action: AppAction
    /// A timer keeps nothing busy: a replay does not wait for PassKit's 30 seconds to end.
    var isTimer: Bool
  }

  public init(_ dependencies: Dependencies) {
    self.dependencies = dependencies
  }

  public var clock: EffectClock { dependencies.clock }

  /// Where another thread posts what arrives for the checkout from outside (the requests `--serve`'s server
  /// answered): taken on the runtime's next turn, like a plugin's answer.
  public var postbox: ActionPostbox { ActionPostbox(inbox: inbox) }

  /// Makes every answer another thread posts ring `doorbell` (the interactive loop sleeps on it).
  package func ringOnArrival(_ doorbell: Doorbell) {
    inbox.ring(doorbell)
  }

  /// What a driver sleeps on while it waits for another process or a live deadline: the doorbell every
  /// answer posted rings (the interactive loop's, or one made the first time one is needed: most runs
  /// never wait, and make no pipe).
  var arrivals: Doorbell { inbox.doorbell { Doorbell() } }

  /// Performs an effect; returns the answers it has at once (a screenshot saved, the history read), which
  /// the caller sends before anything else.
  public func perform(_ effect: AppEffect) -> [AppAction] {
    switch effect {
    case .checkout(.attempt(let attempt)):
      return record(attempt)
    case .checkout(let effect):
      perform(effect)
      return []
    case .saveScreenshot(let id, let model, let label):
      let header = RunHeader(
        seed: dependencies.seed, scenario: model.checkout.scenario.name, start: clock.origin)
      let outcome = dependencies.screenshots?.save(model, at: clock.now, label: label, header: header)
      return [.screenshotTaken(id, outcome ?? .off)]
    case .loadHistory(let id):
      return [.historyLoaded(id, history())]
    case .loadAttempt(let id, let row):
      return [.attemptLoaded(id, attempt(row))]
    case .notifyHooks(let events):
      for event in events { dependencies.hooks.callbackFired(event) }
      return []
    case .configureGateway(let settings):
      dependencies.gateway.apply(settings)
      return []
    case .copyToClipboard(let id, let text):
      let outcome = dependencies.clipboard?.copy(text, at: clock.now, number: id.rawValue) ?? .nowhere
      return [.copied(id, outcome)]
    case .quit:
      hasQuit = true
      return []
    }
  }

  /// Stores an attempt the engine started or ended: its first write makes its row, later ones replace it.
  /// A ledger that fails to write is dropped with one warning: the checkout goes on without it.
  private func record(_ attempt: Attempt) -> [AppAction] {
    guard let ledger = dependencies.ledger, ledgerProblem == nil else { return [] }
    var stored = PaymentAttempt(attempt)
    stored.id = ledgerRows[attempt.number]
    stored.seed = dependencies.seed
    // Encoded only now that a ledger takes them.
    stored.eventLines = stored.events.map { $0.jsonLine() }
    stored.events = []
    do {
      ledgerRows[attempt.number] = try ledger.record(stored)
      return []
    } catch {
      let problem = "\(error); run history is off for this run"
      ledgerProblem = problem
      return [.ledgerFailed(problem)]
    }
  }

  private func history() -> HistoryListing {
    if let ledgerProblem { return .unavailable(ledgerProblem) }
    guard let ledger = dependencies.ledger else {
      return .unavailable("No ledger: --no-ledger, or it could not be opened.")
    }
    // The panel shows the tapes' replays too, each marked as one (its time is its tape's).
    var filter = AttemptFilter(limit: HistoryPanel.limit)
    filter.includesReplays = true
    do {
      return .attempts(try ledger.attempts(matching: filter), location: ledger.location)
    } catch {
      return .unavailable("\(error)")
    }
  }

  /// One attempt with its events, for the history's entry.
  private func attempt(_ row: Int64) -> AttemptReading {
    guard let ledger = dependencies.ledger else {
      return .unavailable("No ledger: --no-ledger, or it could not be opened.")
    }
    do {
      guard let attempt = try ledger.attempt(id: row) else {
        return .unavailable("No attempt \(row) in \(ledger.location)")
      }
      return .found(attempt)
    } catch {
      return .unavailable("\(error)")
    }
  }

  private func perform(_ effect: CheckoutEffect) {
    let gateway = dependencies.gateway
    let hooks = dependencies.hooks
    switch effect {
    case .askBeforeSubmit(let id, let method):
      schedule(id, hooks.beforeSubmit(method)) { Self.answer($0, CheckoutAnswer.beforeSubmit) }
    case .requestSheetUpdate(let id, let kind, let selections):
      schedule(id, hooks.sheetUpdate(kind, selections: selections)) {
        Self.answer($0, CheckoutAnswer.sheetUpdate)
      }
    case .expectUpdate(let id, let limit):
      insert(
        Scheduled(
          due: clock.elapsed + (dependencies.updateTimeLimit ?? limit), order: 0, id: id,
          action: .checkout(.answered(id, .timeLimitPassed)), isTimer: true))
    case .checkDevice(let id, let delay):
      insert(
        Scheduled(
          due: clock.elapsed + delay, order: 0, id: id, action: .checkout(.answered(id, .deviceChecked)),
          isTimer: true))
    case .attempt:
      break
    case .cancel(let id):
      guard let index = scheduled.firstIndex(where: { $0.id == id }) else {
        cancelled.insert(id)
        return
      }
      if !scheduled[index].isTimer { answersScheduled -= 1 }
      scheduled.remove(at: index)
    case .preAuthorise(let id, let contact):
      schedule(id, hooks.preAuthorisation(shippingContact: contact)) {
        Self.answer($0, CheckoutAnswer.preAuthorisation)
      }
    case .prepareApplePay(let id, let request):
      schedule(id, gateway.applePayInit(request), CheckoutAnswer.applePayInit)
    case .createPayPalOrder(let id, let request):
      schedule(id, gateway.createPayPalOrder(request), CheckoutAnswer.payPalOrder)
    case .completeChallenge(let id, let challenge, let code):
      schedule(id, gateway.completeChallenge(challenge, code: code), CheckoutAnswer.gateway)
    case .authorise(let id, let request):
      schedule(id, gateway.authorise(request), CheckoutAnswer.gateway)
    }
  }

  /// A merchant's answer, or the failure that stands for it.
  private static func answer<Value>(
    _ result: Result<Value, SdkError>, _ wrap: (Value) -> CheckoutAnswer
  ) -> CheckoutAnswer {
    switch result {
    case .success(let value): return wrap(value)
    case .failure(let error): return .merchantHookFailed(error)
    }
  }

  /// Schedules a reply's answer: due after its latency on the clock, or posted when another process gives it.
  private func schedule<Value: Sendable>(
    _ id: RequestID, _ reply: Reply<Value>, _ answer: @escaping @Sendable (Value) -> CheckoutAnswer
  ) {
    switch reply {
    case .after(let latency, let value):
      insert(
        Scheduled(
          due: clock.elapsed + latency, order: 0, id: id, action: .checkout(.answered(id, answer(value))),
          isTimer: false))
    case .later(let work):
      inbox.start()
      let inbox = inbox
      Task {
        inbox.post(.checkout(.answered(id, answer(await work()))))
        inbox.finish()
      }
    }
  }

  private func insert(_ entry: Scheduled) {
    var entry = entry
    order += 1
    entry.order = order
    if !entry.isTimer { answersScheduled += 1 }
    // Few answers wait at once: a linear search from the end beats anything cleverer.
    var index = scheduled.count
    while index > 0, scheduled[index - 1].due > entry.due { index -= 1 }
    scheduled.insert(entry, at: index)
  }

  /// When the next scheduled answer falls due, if any waits.
  public var nextDue: Duration? { scheduled.first?.due }

  /// Takes the next answer due by `time` (answers from other processes first, as they arrived), and the time
  /// it fell due; nil when none is.
  public func takeNext(dueBy time: Duration) -> (action: AppAction, due: Duration)? {
    if let action = inbox.takeFirst(where: { action in
      guard case .checkout(.answered(let id, _)) = action else { return true }
      return cancelled.remove(id) == nil
    }) {
      return (action, clock.elapsed)
    }
    guard let first = scheduled.first, first.due <= time else { return nil }
    scheduled.removeFirst()
    if !first.isTimer { answersScheduled -= 1 }
    return (first.action, first.due)
  }

  /// Whether an answer is still to come (timers aside).
  public var isBusy: Bool {
    answersScheduled > 0 || inbox.isBusy
  }

  /// Whether another process is working on a request.
  public var awaitsAnotherProcess: Bool { inbox.isBusy }

  /// How many answers and timers wait on the clock.
  public var scheduledCount: Int { scheduled.count }

  /// How many timers wait on the clock (none may outlive the sheet that started it).
  public var timerCount: Int { scheduled.count { $0.isTimer } }

  /// The requests the scheduled timers answer, for the fuzzer's check that each dies with its owner.
  package var timerIDs: [RequestID] { scheduled.filter(\.isTimer).compactMap(\.id) }
}
