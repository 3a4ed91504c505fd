import CheckoutEngine
import Synchronization

/// Where effects drop the actions they produce, from any thread; the runtime takes them on its own.
public final class ActionInbox: Sendable {
  private let pending = Mutex<[CheckoutAction]>([])
  private let inFlight = Atomic<Int>(0)

  public init() {}

  /// Adds an action to be applied on the runtime's next turn.
  public func post(_ action: CheckoutAction) {
    pending.withLock { $0.append(action) }
  }

  /// Takes every pending action, oldest first.
  public func takeAll() -> [CheckoutAction] {
    pending.withLock { actions in
      defer { actions.removeAll() }
      return actions
    }
  }

  /// Marks an effect started; `finish` marks it done.
  func start() { inFlight.add(1, ordering: .sequentiallyConsistent) }
  func finish() { inFlight.subtract(1, ordering: .sequentiallyConsistent) }

  /// Whether effects are still running or their actions are not taken yet.
  public var isBusy: Bool {
    inFlight.load(ordering: .sequentiallyConsistent) > 0 || pending.withLock { !$0.isEmpty }
  }
}
