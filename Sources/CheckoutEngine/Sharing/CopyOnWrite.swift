/// A value kept behind one reference: copying it copies a pointer, and the value itself is copied only when
/// it is changed while another copy shares it (as the standard library's arrays do).
///
/// For a large value that changes and rides in state copied and switched over on every action: the Apple Pay
/// sheet's fields in `CheckoutScreen` (inline, they made every screen 400 bytes, and each copy, switch or kind
/// of the screen moved them all and retained every array and string: the headless flows of the benchmark lost
/// 15 %, docs/benchmarks.md). `value` is the whole value, read and changed in place. A value that never
/// changes is shared, not boxed: `SharedScenario` holds its scenario in a `let`, read in place with no access
/// check (held here, the per-key figure was 9 % slower).
public struct CopyOnWrite<Value> {
  @usableFromInline
  final class Storage {
    @usableFromInline var value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
  }

  @usableFromInline var storage: Storage

  @inlinable
  public init(_ value: Value) {
    storage = Storage(value)
  }

  /// The value; changing it copies it first when another copy of the box shares it.
  @inlinable
  public var value: Value {
    _read { yield storage.value }
    _modify {
      makeUnique()
      yield &storage.value
    }
  }

  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
  }
}

extension CopyOnWrite: Equatable where Value: Equatable {
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
  }
}

/// A copy is changed only when no other copy shares its storage, so two threads never change one value.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}

/// Printed and dumped as the value it holds (a test's failure shows the sheet's fields, not a box).
extension CopyOnWrite: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: value) }
}
