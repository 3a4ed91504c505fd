/// The engine's account of payment attempts: it starts one where the seed's timelines start a payment and
/// ends it where they end, and says so as an effect each time (the ledger records from that).
extension CheckoutReducer {
  /// Starts an attempt of a method, unless one is in flight: Apple Pay paying again after a refusal at
  /// pre-authorisation goes on with the same attempt, now with the card and amount of this try.
  static func beginAttempt(
    _ method: DropInPaymentMethod, paidWith: String?, amount: Money, in state: inout CheckoutState,
    context: ReduceContext
  ) -> [CheckoutEffect] {
    guard state.attempt == nil else {
      if let paidWith { state.attempt?.paidWith = paidWith }
      state.attempt?.amount = amount
      return []
    }
    state.attemptNumber += 1
    // Its callbacks begin with the method's latest `onBeforeSubmit` since the last attempt ended.
    let events = state.events
    let start = min(state.attemptEventsStart, events.count)
    let first =
      (start..<events.count).last { events[$0].name == .onBeforeSubmit && events[$0].method == method }
      ?? max(start, events.count - 1)
    var attempt = Attempt(
      number: state.attemptNumber, scenario: state.scenario.name,
      merchantTransactionId: state.scenario.merchantTransactionId, sessionId: state.sessionId, method: method,
      paidWith: paidWith,
      amount: amount,
      startedAt: context.now, firstEvent: first)
    state.attempt = attempt
    attempt.events = attemptEvents(attempt, in: state)
    return [.attempt(attempt)]
  }

  /// Ends the attempt in flight of a method, if there is one, and says how.
  static func endAttempt(
    _ ending: Attempt.Ending, of method: DropInPaymentMethod? = nil, resultCode: String? = nil,
    in state: inout CheckoutState, context: ReduceContext
  ) -> [CheckoutEffect] {
    guard var attempt = state.attempt, method == nil || attempt.method == method else { return [] }
    state.attempt = nil
    attempt.ending = ending
    attempt.endedAt = context.now
    attempt.resultCode = resultCode ?? attempt.resultCode
    attempt.events = attemptEvents(attempt, in: state)
    state.attemptEventsStart = state.events.count
    return [.attempt(attempt)]
  }

  /// The ending an `onError` with this error gives: unknown after a timeout or a lost connection, cancelled
  /// when the buyer cancelled on PayPal, else failed.
  static func ending(after error: SdkError) -> Attempt.Ending {
    if error.errorCode == "PAYPAL_CANCELED" {
      return .cancelled(code: error.errorCode, message: error.errorMessage)
    }
    return OpenPayment.unknownOutcomeCodes.contains(error.errorCode) ? .unknown(error) : .failed(error)
  }

  /// The attempt's callbacks: its method's and those of no method, from where it began.
  private static func attemptEvents(_ attempt: Attempt, in state: CheckoutState) -> [CallbackEvent] {
    guard attempt.firstEvent < state.events.count else { return [] }
    return state.events[attempt.firstEvent...].filter { $0.method == nil || $0.method == attempt.method }
  }
}
