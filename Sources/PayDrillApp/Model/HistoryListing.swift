import PaymentHistory

/// What reading the ledger for the history panel gave: its latest attempts and where it lives, or why there
/// is nothing to show.
public enum HistoryListing: Equatable, Sendable {
  case attempts([PaymentAttempt], location: String)
  case unavailable(String)
}
