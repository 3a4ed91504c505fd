import PaymentHistory

/// What reading one attempt of the ledger (with its events) gave for the history's entry: the attempt, or
/// why there is none.
public enum AttemptReading: Equatable, Sendable {
  case found(PaymentAttempt)
  case unavailable(String)
}
