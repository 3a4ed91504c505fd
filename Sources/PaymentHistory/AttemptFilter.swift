import CheckoutEngine
import Foundation

/// Which attempts a history query returns: the newest first, at most `limit`, and only those matching
/// every filter that is set.
public struct AttemptFilter: Equatable, Sendable {
  public var limit = 20
  public var outcome: PaymentAttempt.Outcome?
  public var method: DropInPaymentMethod?
  /// The scenario's name, exactly.
  public var scenario: String?
  /// Attempts that started at or after this moment.
  public var since: Date?
  /// Attempts that started before this moment.
  public var until: Date?
  /// Whether the attempts of replays (`paydrill play`) are listed too (`history --replays`): they carry their
  /// tape's times, so by default the history shows what was paid live only.
  public var includesReplays = false

  public init(
    limit: Int = 20, outcome: PaymentAttempt.Outcome? = nil, method: DropInPaymentMethod? = nil,
    scenario: String? = nil, since: Date? = nil, until: Date? = nil
  ) {
    self.limit = limit
    self.outcome = outcome
    self.method = method
    self.scenario = scenario
    self.since = since
    self.until = until
  }
}
