import Foundation
import GatewaySimulator
import Synchronization

/// The ledger as `paydrill serve`'s session store: one connection, taken by one of the server's threads at
/// a time (SQLite serialises writers anyway), so that every session the API answers 200 for is in the
/// ledger before the answer leaves.
public final class LedgerSessionStore: SessionStore {
  private let ledger: Mutex<SQLiteLedger>
  public let location: String

  /// Opens (creating or migrating) the ledger at `path`. Its commits do not wait for the disk (WAL with
  /// `synchronous = NORMAL`): a session the API answered for survives paydrill-serve being killed, and only
  /// a crash of the whole machine can lose the last few, never leaving the file inconsistent. Waiting for
  /// the disk would cost each request two flushes, a few milliseconds each.
  public init(path: String) throws {
    let opened = try SQLiteLedger(path: path)
    do {
      try opened.execute("PRAGMA synchronous = NORMAL")
      // A server's connection reads sessions by id and payments by transaction as its file grows: SQLite's
      // own default cache (2 MiB) rather than the interactive ledger's small one.
      try opened.execute("PRAGMA cache_size = -2000")
    } catch let error as SQLiteError {
      throw LedgerError(location: path, doing: "cannot be opened", error)
    }
    location = opened.location
    ledger = Mutex(opened)
  }

  /// When the request ids past `SessionsAPI.requestIdMemory` were last let go: once a minute at most
  /// (the table has no index on the time, so each time reads it whole).
  private let lastForgotten = Mutex(Date.distantPast)

  public func claim(_ requestId: String, at time: Date) throws -> Bool {
    try ledger.withLock { ledger in
      try forgetting(in: ledger, at: time)
      return try ledger.claim(requestId: requestId, at: time)
    }
  }

  public func insert(_ session: ServerSession, claiming requestId: String, at time: Date) throws -> Bool {
    try ledger.withLock { ledger in
      try forgetting(in: ledger, at: time)
      return try ledger.insert(session, claiming: requestId, at: time)
    }
  }

  /// Lets go of the request ids taken more than `SessionsAPI.requestIdMemory` before `time`, when a
  /// minute has passed since it last did.
  private func forgetting(in ledger: SQLiteLedger, at time: Date) throws {
    let due = lastForgotten.withLock { last in
      guard time.timeIntervalSince(last) >= InMemoryRequestIds.forgettingInterval else { return false }
      last = time
      return true
    }
    if due { try ledger.forgetRequestIds(takenBefore: time.addingTimeInterval(-SessionsAPI.requestIdMemory)) }
  }

  public func session(id: String) throws -> ServerSession? {
    try ledger.withLock { try $0.sessions(where: "session_id", is: id).first }
  }

  public func attempts(inSession sessionId: String) throws -> [ServerTransaction] {
    try ledger.withLock { try $0.transactions(where: "session_id", is: sessionId) }
  }

  public func attempt(systemTransactionId: String) throws -> ServerTransaction? {
    try ledger.withLock { try $0.transactions(where: "system_transaction_id", is: systemTransactionId).first }
  }

  public func attempts(merchantTransactionId: String) throws -> [ServerTransaction] {
    try ledger.withLock { try $0.transactions(where: "merchant_transaction_id", is: merchantTransactionId) }
  }

  public func sessions(merchantTransactionId: String) throws -> [ServerSession] {
    try ledger.withLock { try $0.sessions(where: "merchant_transaction_id", is: merchantTransactionId) }
  }

  /// Whether a payment succeeded in the session (a checkout in another process paid in it); throws a
  /// `LedgerError` when the ledger cannot be read, so that the payment is refused rather than risk a second.
  public func isPaid(_ sessionId: String) throws -> Bool {
    try ledger.withLock { try $0.isPaid(sessionId: sessionId) }
  }

  /// Takes a served session's payment as part of the charge (`SQLiteLedger.take`): false when the session
  /// was paid already; throws a `LedgerError` when the ledger cannot store it.
  public func take(_ payment: SessionPayment, at time: Date) throws -> Bool {
    try ledger.withLock { try $0.take(payment, at: time) }
  }
}
