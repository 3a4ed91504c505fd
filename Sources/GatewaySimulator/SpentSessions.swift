import Synchronization

/// The sessions whose payment succeeded. The simulated API refuses another payment in a spent session, as
/// the real one refuses a second `/validate`.
public final class SpentSessions: Sendable {
  private let spent = Mutex<Set<String>>([])

  public init() {}

  /// Whether a session's payment already succeeded.
  public func isSpent(_ sessionId: String) -> Bool {
    spent.withLock { $0.contains(sessionId) }
  }

  /// Marks a session spent.
  public func spend(_ sessionId: String) {
    spent.withLock { _ = $0.insert(sessionId) }
  }
}
