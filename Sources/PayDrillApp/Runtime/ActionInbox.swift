import Synchronization

/// Where answers from other processes (a gateway plugin, a merchant hook) land, from any thread; the
/// interpreter takes them on the runtime's.
final class ActionInbox: Sendable {
  private let pending = Mutex<[AppAction]>([])
  private let inFlight = Atomic<Int>(0)

  init() {}

  /// Adds an answer to be taken on the runtime's next turn.
  func post(_ action: AppAction) {
    pending.withLock { $0.append(action) }
  }

  /// Takes the oldest answer; answers that `keep` refuses are thrown away on the way.
  func takeFirst(where keep: (AppAction) -> Bool) -> AppAction? {
    pending.withLock { actions in
      while !actions.isEmpty {
        let action = actions.removeFirst()
        if keep(action) { return action }
      }
      return nil
    }
  }

  /// Marks a request sent to another process; `finish` marks it answered.
  func start() { inFlight.add(1, ordering: .sequentiallyConsistent) }
  func finish() { inFlight.subtract(1, ordering: .sequentiallyConsistent) }

  /// Whether another process is still working, or its answer is not taken yet.
  var isBusy: Bool {
    inFlight.load(ordering: .sequentiallyConsistent) > 0 || pending.withLock { !$0.isEmpty }
  }
}
