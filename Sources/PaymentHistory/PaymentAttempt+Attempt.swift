import CheckoutEngine

extension PaymentAttempt {
  /// The engine's attempt as the run history keeps it: in flight, it is stored as interrupted (a crash or a
  /// kill then leaves it interrupted, never paid and never missing) and replaced when it ends.
  public init(_ attempt: Attempt) {
    self.init(
      scenario: attempt.scenario, method: attempt.method, card: attempt.paidWith, amount: attempt.amount,
      outcome: .interrupted, merchantTransactionId: attempt.merchantTransactionId,
      resultCode: attempt.resultCode, startedAt: attempt.startedAt,
      endedAt: attempt.endedAt ?? attempt.startedAt,
      sessionId: attempt.sessionId.isEmpty ? nil : attempt.sessionId)
    events = attempt.events
    switch attempt.ending {
    case nil:
      errorMessage = "in flight, or paydrill ended before the attempt's callback"
    case .succeeded(let result)?:
      outcome = .succeeded
      systemTransactionId = result.systemTransactionId
      merchantTransactionId = result.merchantTransactionId
    case .failed(let error)?:
      outcome = .failed
      errorCode = error.errorCode
      errorMessage = error.errorMessage
    case .unknown(let error)?:
      outcome = .unknown
      errorCode = error.errorCode
      errorMessage = error.errorMessage
    case .cancelled(let code, let message)?:
      outcome = .cancelled
      errorCode = code
      errorMessage = message
    case .interrupted?:
      errorMessage = "paydrill ended before the attempt's callback"
    }
  }
}
