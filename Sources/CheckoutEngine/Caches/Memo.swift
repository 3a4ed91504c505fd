import Synchronization

/// Values made once and kept by key, for work that is asked again with the same key (a text a screen shows on
/// every frame, a formatter, an encoding): shared between threads, and only for answers that follow from the
/// key alone, so that a value kept or made again is the same. Reducers never use one: they stay pure.
///
/// One rule bounds every memo: it keeps at most `limit` values, and a new value past that forgets all the
/// others at once. What is in use is made again at the next ask, reads pay no bookkeeping, and a long session
/// cannot grow a memo.
package final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The values kept at most.
  package let limit: Int
  @usableFromInline let values = Mutex<[Key: Value]>([:])

  package init(limit: Int) {
    precondition(limit > 0, "a memo keeps at least one value")
    self.limit = limit
  }

  /// The value kept for `key`, or the one `make` makes, then kept. `make` runs outside the lock: two threads
  /// asking at once may both make it.
  ///
  /// Inlinable, so that a memo in another module (the event pane's payload lines, looked up on every frame)
  /// is specialised for its key and value there rather than hashing through generic witnesses.
  @inlinable
  package func value(for key: Key, making make: () throws -> Value) rethrows -> Value {
    if let known = values.withLock({ $0[key] }) { return known }
    let value = try make()
    values.withLock { values in
      if values.count >= limit { values.removeAll(keepingCapacity: true) }
      values[key] = value
    }
    return value
  }

  /// How many values are kept.
  package var count: Int { values.withLock { $0.count } }
}
