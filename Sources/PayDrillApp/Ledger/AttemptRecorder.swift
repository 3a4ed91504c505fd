import CheckoutEngine
import Foundation

/// Notices payment attempts in a checkout's events, outside the engine: the runtime shows it the state
/// after each step and stores what it returns. Pure: no clock, no I/O.
///
/// An attempt starts with `onSubmit` (card, Apple Pay) or an allowed `onBeforeSubmit` (PayPal and Paze,
/// which fire no `onSubmit`), and ends with that method's `onSuccess` (succeeded), `onError` (failed;
/// PayPal's `PAYPAL_CANCELED` is cancelled) or `onCancel` (cancelled). A wallet closed without a callback
/// (Paze's close) ends it as cancelled; `interrupt(at:)` ends one still in flight when PayDrill stops.
public struct AttemptRecorder: Equatable, Sendable {
  /// An attempt to store: the `number`th of the run, in flight (as interrupted, so that a crash leaves it
  /// interrupted, never paid and never missing) or finished (over the row of its start).
  public struct Change: Equatable, Sendable {
    public var number: Int
    public var attempt: PaymentAttempt
    /// Whether the attempt ended (false: it just started, and is stored as in flight).
    public var isFinished = true
  }

  /// The attempt in flight, if any.
  public private(set) var current: PaymentAttempt?
  /// How many attempts started in this run; the one in flight is the last.
  public private(set) var started = 0
  /// How many of the checkout's events were looked at already.
  private var seen = 0
  /// Where the events of the last finished attempt ended, so the next attempt's window starts after it.
  private var windowStart = 0

  public init() {}

  /// Looks at the events added since the last call; returns the attempts that started (in flight) or
  /// finished, in order.
  public mutating func observe(_ state: CheckoutState) -> [Change] {
    // Nothing new and nothing in flight: nothing to look at (this runs after every action).
    guard current != nil || seen != state.events.count else { return [] }
    let events = state.events
    if events.count < seen {
      // A new checkout state with its own events: start over.
      seen = 0
      windowStart = 0
      current = nil
    }
    var finished: [Change] = []
    while seen < events.count {
      let index = seen
      let event = events[index]
      seen += 1
      // Taken out while it changes: a copy left in `current` would make every append copy the events.
      if var attempt = current.take() {
        guard event.method == nil || event.method == attempt.method else {
          current = attempt
          continue
        }
        attempt.events.append(event)
        take(event, into: &attempt)
        attempt.card = Self.walletCard(in: state, method: attempt.method) ?? attempt.card
        current = attempt
        if let ending = Self.ending(of: event, method: attempt.method) {
          attempt.outcome = ending
          attempt.endedAt = event.time
          finished.append(Change(number: started, attempt: attempt))
          current = nil
          windowStart = index + 1
        }
      } else if let method = Self.startedMethod(event) {
        let attempt = start(method, at: index, in: state)
        current = attempt
        started += 1
        var provisional = attempt
        provisional.outcome = .interrupted
        provisional.errorMessage = "in flight, or paydrill ended before the attempt's callback"
        finished.append(Change(number: started, attempt: provisional, isFinished: false))
      }
    }
    // What the wallet pays with shows on the processing screen, between callbacks (PayPal's approval).
    if let method = current?.method, let card = Self.walletCard(in: state, method: method),
      current?.card != card
    {
      current?.card = card
    }
    if var attempt = current, state.screen == .methodList, !state.isAwaitingMerchant {
      // The shopper left the wallet without a callback (Paze's close): nothing was charged.
      attempt.outcome = .cancelled
      attempt.errorMessage = state.notice ?? "closed without a callback"
      attempt.endedAt = events.last?.time ?? attempt.startedAt
      finished.append(Change(number: started, attempt: attempt))
      current = nil
      windowStart = events.count
    }
    return finished
  }

  /// Ends the attempt in flight as interrupted (PayDrill is stopping); nil when none is.
  public mutating func interrupt(at time: Date) -> Change? {
    guard var attempt = current else { return nil }
    attempt.outcome = .interrupted
    attempt.errorMessage = "paydrill ended before the attempt's callback"
    attempt.endedAt = max(time, attempt.startedAt)
    current = nil
    return Change(number: started, attempt: attempt)
  }

  /// The method whose attempt this event starts, if it starts one.
  static func startedMethod(_ event: CallbackEvent) -> DropInPaymentMethod? {
    guard let method = event.method else { return nil }
    switch (event.name, method) {
    case (.onSubmit, .card), (.onSubmit, .applePay): return method
    case (.onBeforeSubmit, .paypal), (.onBeforeSubmit, .paze):
      return event["returned"] == .bool(true) ? method : nil
    default: return nil
    }
  }

  /// How this event ends an attempt of `method`, or nil when it does not.
  static func ending(of event: CallbackEvent, method: DropInPaymentMethod) -> PaymentAttempt.Outcome? {
    guard event.method == method else { return nil }
    switch event.name {
    case .onSuccess: return .succeeded
    case .onError:
      guard case .string(let code)? = event["errorCode"] else { return .failed }
      if code == "PAYPAL_CANCELED" { return .cancelled }
      return OpenPayment.unknownOutcomeCodes.contains(code) ? .unknown : .failed
    case .onCancel: return .cancelled
    default: return nil
    }
  }

  /// A new attempt at the event `index`, with the events since this method's `onBeforeSubmit` (the sheet's
  /// callbacks for Apple Pay).
  private func start(_ method: DropInPaymentMethod, at index: Int, in state: CheckoutState) -> PaymentAttempt
  {
    let events = state.events
    let event = events[index]
    let first =
      (windowStart..<index).last { events[$0].name == .onBeforeSubmit && events[$0].method == method }
      ?? index
    var attempt = PaymentAttempt(
      scenario: state.scenario.name, method: method, card: nil, amount: state.paidAmount,
      outcome: .interrupted, merchantTransactionId: state.scenario.merchantTransactionId,
      startedAt: event.time, endedAt: event.time,
      eventLines: [])
    attempt.events = events[first...index].filter { $0.method == nil || $0.method == method }
    take(event, into: &attempt)
    attempt.card = Self.walletCard(in: state, method: method) ?? attempt.card
    return attempt
  }

  /// The card a wallet pays with, as the processing screen knows it: Paze's card, PayPal's funding; nil
  /// on any other screen (the attempt keeps what it knew).
  static func walletCard(in state: CheckoutState, method: DropInPaymentMethod) -> String? {
    guard case .processing(let submission) = state.screen, submission.method == method else { return nil }
    switch method {
    case .paze: return submission.paidWith
    case .paypal:
      switch submission.payPal?.funding {
      case .paypal?: return "PayPal balance"
      case .paylater?: return "Pay Later"
      case .declinedSource?: return "PayPal declining source"
      case nil: return "PayPal"
      }
    case .card, .applePay: return nil
    }
  }

  /// What an event of the attempt tells: the card, the amount, the transaction ids, the error, the PSP's code.
  private func take(_ event: CallbackEvent, into attempt: inout PaymentAttempt) {
    func text(_ key: String) -> String? {
      if case .string(let value)? = event[key] { return value }
      return nil
    }
    switch event.name {
    case .onSubmit:
      if let lastFour = text("last4") {
        attempt.card = "\(text("scheme") ?? "Card") ••••\(lastFour)"
      } else if let name = text("paymentMethod.displayName") {
        attempt.card = name
      }
    case .onSuccess:
      attempt.systemTransactionId = text("systemTransactionId") ?? attempt.systemTransactionId
      attempt.merchantTransactionId = text("merchantTransactionId") ?? attempt.merchantTransactionId
    case .onError:
      attempt.errorCode = text("errorCode")
      attempt.errorMessage = text("errorMessage")
    case .onCancel:
      attempt.errorMessage = text("reason")
    default:
      break
    }
    switch event.name {
    case .onSubmit, .onPreAuthorisation, .onSuccess:
      if let amount = text("amount"), let currency = text("currency").flatMap(Currency.init(code:)),
        case .success(let money) = AmountParser.parse(amount, currency: currency)
      {
        attempt.amount = money
      }
    default:
      break
    }
    if event.name == .onSuccess || event.name == .onError,
      let code = text("resultCode") ?? text("status")
    {
      attempt.resultCode = code
    }
  }
}
