import Foundation
import Synchronization

/// Where the sessions API remembers the request ids it has taken, so that none is taken twice: in memory for
/// one `paydrill session`, in the ledger for `paydrill serve` (a restart does not forget them).
public protocol RequestIdRegistry: Sendable {
  /// Takes a request id; false when it was taken before. Throws when the registry cannot be written.
  func claim(_ requestId: String, at time: Date) throws -> Bool
}

/// Request ids kept in memory, for the life of one process.
public final class InMemoryRequestIds: RequestIdRegistry {
  private let seen = Mutex<Set<String>>([])

  public init() {}

  public func claim(_ requestId: String, at time: Date) throws -> Bool {
    seen.withLock { $0.insert(requestId).inserted }
  }
}
