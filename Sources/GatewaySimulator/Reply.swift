/// An answer as a dependency gives it. The simulated gateway and the scenario's rules decide at once and say
/// how long the answer takes (`after`): the interpreter's clock does the waiting, virtual in tapes, tests and
/// the fuzzer, real in the terminal. A plugin or hook process answers when it answers (`later`), on the real
/// clock.
public enum Reply<Value: Sendable>: Sendable {
  /// Decided now, due after a latency.
  case after(Duration, Value)
  /// Comes from another process when it comes.
  case later(@Sendable () async -> Value)

  /// Decided now, due at once.
  public static func now(_ value: Value) -> Reply { .after(.zero, value) }

  /// The value, waiting for it when it comes from another process: for a command that answers one request
  /// (`paydrill session`) and for tests of a gateway on its own. The checkout goes through the interpreter.
  public var value: Value {
    get async {
      switch self {
      case .after(_, let value): return value
      case .later(let work): return await work()
      }
    }
  }

  /// The value when it was decided at once; nil when another process decides it.
  public var decided: Value? {
    if case .after(_, let value) = self { return value }
    return nil
  }

  /// The same timing, another value.
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) -> Other) -> Reply<Other> {
    switch self {
    case .after(let latency, let value): return .after(latency, transform(value))
    case .later(let work): return .later { transform(await work()) }
    }
  }
}
