import Dispatch
import Synchronization

/// Waits, from the synchronous command line, for async work such as a gateway plugin's answer or its
/// shutdown. The work runs on the concurrency pool, never on the waiting thread.
package enum AsyncBridge {
  package static func wait<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let result = Mutex<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      let value = await operation()
      result.withLock { $0 = value }
      done.signal()
    }
    done.wait()
    return result.withLock { $0! }
  }
}
