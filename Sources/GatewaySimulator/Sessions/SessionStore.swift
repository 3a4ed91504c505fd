import Foundation

/// Where `paydrill serve` keeps its sessions and reads their payments: the SQLite ledger, so that a checkout
/// on the same ledger (`paydrill --session ID`) pays in them and the lookup sees what it paid. Used from
/// the server's threads at once: an implementation serialises its own access.
public protocol SessionStore: RequestIdRegistry {
  /// Takes the request that created a session and stores the session, both or neither (in one commit of
  /// the ledger): false, with nothing stored, when the request id was taken before. The session's id is
  /// new (a UUID the API drew).
  func insert(_ session: ServerSession, claiming requestId: String, at time: Date) throws -> Bool
  /// The session with this id, or nil.
  func session(id: String) throws -> ServerSession?
  /// The attempts recorded in a session, oldest first.
  func attempts(inSession sessionId: String) throws -> [ServerTransaction]
  /// The attempt the gateway gave this `systemTransactionId`, or nil.
  func attempt(systemTransactionId: String) throws -> ServerTransaction?
  /// The attempts of a `merchantTransactionId`, oldest first (a decline, then a success, …).
  func attempts(merchantTransactionId: String) throws -> [ServerTransaction]
  /// The sessions created for a `merchantTransactionId`, oldest first.
  func sessions(merchantTransactionId: String) throws -> [ServerSession]
}
