import Foundation
import Synchronization

/// Sessions kept in memory (`paydrill serve --no-ledger`, tests): they end with the process, and no checkout
/// in another process sees them.
public final class InMemorySessionStore: SessionStore {
  private struct Contents {
    var sessions: [ServerSession] = []
    var attempts: [ServerTransaction] = []
  }

  private let contents = Mutex(Contents())
  /// Taken once: a session is stored only after its request id was.
  private let requestIds = InMemoryRequestIds()

  public init() {}

  public func claim(_ requestId: String, at time: Date) throws -> Bool {
    try requestIds.claim(requestId, at: time)
  }

  public func insert(_ session: ServerSession, claiming requestId: String, at time: Date) throws -> Bool {
    guard try requestIds.claim(requestId, at: time) else { return false }
    contents.withLock { $0.sessions.append(session) }
    return true
  }

  /// Records an attempt, as a checkout's ledger would.
  public func record(_ attempt: ServerTransaction) {
    contents.withLock { $0.attempts.append(attempt) }
  }

  public func session(id: String) throws -> ServerSession? {
    contents.withLock { $0.sessions.first { $0.sessionId == id } }
  }

  public func attempts(inSession sessionId: String) throws -> [ServerTransaction] {
    contents.withLock { $0.attempts.filter { $0.sessionId == sessionId } }
  }

  public func attempt(systemTransactionId: String) throws -> ServerTransaction? {
    contents.withLock { $0.attempts.first { $0.systemTransactionId == systemTransactionId } }
  }

  public func attempts(merchantTransactionId: String) throws -> [ServerTransaction] {
    contents.withLock { $0.attempts.filter { $0.merchantTransactionId == merchantTransactionId } }
  }

  public func sessions(merchantTransactionId: String) throws -> [ServerSession] {
    contents.withLock { $0.sessions.filter { $0.merchantTransactionId == merchantTransactionId } }
  }
}
