import Foundation
import Synchronization

/// Where the sessions API remembers the request ids it has taken, so that none is taken twice while a
/// request could still be sent again: in memory for one `paydrill session`, in the ledger for `paydrill
/// serve` (a restart does not forget them). An id is forgotten `SessionsAPI.requestIdMemory` after it was
/// taken, when a request carrying it is stale anyway: the registry stays bounded however long it runs.
public protocol RequestIdRegistry: Sendable {
  /// Takes a request id; false when it was taken before. Throws when the registry cannot be written.
  func claim(_ requestId: String, at time: Date) throws -> Bool
}

/// Request ids kept in memory, for the life of one process, each for `SessionsAPI.requestIdMemory`.
public final class InMemoryRequestIds: RequestIdRegistry {
  private struct Taken {
    var ids: [String: Date] = [:]
    /// When the ids past their memory were last let go: once a minute at most.
    var lastForgotten = Date.distantPast
  }

  private let taken = Mutex(Taken())

  public init() {}

  public func claim(_ requestId: String, at time: Date) throws -> Bool {
    taken.withLock { taken in
      if time.timeIntervalSince(taken.lastForgotten) >= Self.forgettingInterval {
        let horizon = time.addingTimeInterval(-SessionsAPI.requestIdMemory)
        taken.ids = taken.ids.filter { $0.value >= horizon }
        taken.lastForgotten = time
      }
      guard taken.ids[requestId] == nil else { return false }
      taken.ids[requestId] = time
      return true
    }
  }

  /// How often the ids past their memory are let go.
  public static let forgettingInterval: TimeInterval = 60
}
