import Synchronization

/// The sessions whose payment succeeded. The simulated API refuses another payment in a spent session, as
/// the real one refuses a second `/validate`. A session another process paid in (a checkout on a session of
/// `paydrill serve`) is spent too: `paidElsewhere` asks the ledger.
public final class SpentSessions: Sendable {
  private let spent = Mutex<Set<String>>([])
  private let paidElsewhere: @Sendable (String) -> Bool

  public init(paidElsewhere: @escaping @Sendable (String) -> Bool = { _ in false }) {
    self.paidElsewhere = paidElsewhere
  }

  /// Whether a session's payment already succeeded.
  public func isSpent(_ sessionId: String) -> Bool {
    spent.withLock { $0.contains(sessionId) } || paidElsewhere(sessionId)
  }

  /// Marks a session spent.
  public func spend(_ sessionId: String) {
    spent.withLock { _ = $0.insert(sessionId) }
  }
}
