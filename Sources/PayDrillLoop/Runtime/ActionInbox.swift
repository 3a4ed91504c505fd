import PayDrillApp
import Synchronization

/// Where answers from other processes (a gateway plugin, a merchant hook) land, from any thread; the
/// interpreter takes them on the runtime's. Counters answer "anything there?" without taking the lock:
/// the loop asks it after every action, and mostly nothing is. Each answer rings the doorbell, when one is
/// hung (`ring(_:)`): the interactive loop sleeps until something arrives.
final class ActionInbox: Sendable {
  private let pending = Mutex<[AppAction]>([])
  private let doorbell = Mutex<Doorbell?>(nil)
  private let pendingCount = Atomic<Int>(0)
  private let inFlight = Atomic<Int>(0)

  init() {}

  /// Adds an answer to be taken on the runtime's next turn.
  func post(_ action: AppAction) {
    pending.withLock { $0.append(action) }
    pendingCount.add(1, ordering: .sequentiallyConsistent)
    doorbell.withLock { $0 }?.ring()
  }

  /// From now on, each answer posted rings `doorbell`.
  func ring(_ doorbell: Doorbell) {
    self.doorbell.withLock { $0 = doorbell }
  }

  /// The doorbell answers ring; with none hung yet, `make`'s, hung from now on.
  func doorbell(orHang make: () -> Doorbell) -> Doorbell {
    doorbell.withLock { hung in
      if let hung { return hung }
      let made = make()
      hung = made
      return made
    }
  }

  /// Takes the oldest answer; answers that `keep` refuses are thrown away on the way.
  func takeFirst(where keep: (AppAction) -> Bool) -> AppAction? {
    guard pendingCount.load(ordering: .sequentiallyConsistent) > 0 else { return nil }
    return pending.withLock { actions in
      while !actions.isEmpty {
        let action = actions.removeFirst()
        pendingCount.subtract(1, ordering: .sequentiallyConsistent)
        if keep(action) { return action }
      }
      return nil
    }
  }

  /// Marks a request sent to another process; `finish` marks it answered (and rings: a driver waiting for
  /// the process wakes to see it done).
  func start() { inFlight.add(1, ordering: .sequentiallyConsistent) }
  func finish() {
    inFlight.subtract(1, ordering: .sequentiallyConsistent)
    doorbell.withLock { $0 }?.ring()
  }

  /// Whether another process is still working, or its answer is not taken yet.
  var isBusy: Bool {
    inFlight.load(ordering: .sequentiallyConsistent) > 0
      || pendingCount.load(ordering: .sequentiallyConsistent) > 0
  }
}
