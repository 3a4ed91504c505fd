import CheckoutEngine
import Synchronization

/// The gateway's live settings and what it remembers: the latency of the next call, the fault armed for it,
/// and the outcome of every request by idempotency key, so a request that arrives twice is charged once.
public final class GatewayControls: Sendable {
  private struct Inner {
    var settings: GatewaySettings
    var random: SeededRandom
    var outcomes: [String: AuthorisationOutcome] = [:]
    var charges = 0
  }

  private let inner: Mutex<Inner>

  public init(settings: GatewaySettings) {
    inner = Mutex(Inner(settings: settings, random: SeededRandom(seed: settings.seed)))
  }

  /// The settings now.
  public var settings: GatewaySettings { inner.withLock { $0.settings } }

  /// Applies new settings; a new seed restarts the random sequence.
  public func apply(_ settings: GatewaySettings) {
    inner.withLock { state in
      if settings.seed != state.settings.seed { state.random = SeededRandom(seed: settings.seed) }
      state.settings = settings
    }
  }

  /// The latency of the next call of an operation, drawn from its distribution and the seeded sequence.
  public func nextLatency(for operation: GatewayOperation) -> Duration {
    inner.withLock { state in
      state.settings.latency(of: operation).sample(using: &state.random)
    }
  }

  /// A fault drawn at the panel's random rate, or nil. (An armed fault travels with its request.)
  public func drawFault() -> GatewaySettings.Fault? {
    inner.withLock { state in
      guard state.settings.faultRatePercent > 0 else { return nil }
      let roll = Int(state.random.next() % 100)
      guard roll < state.settings.faultRatePercent else { return nil }
      let faults = GatewaySettings.Fault.allCases
      return faults[Int(state.random.next() % UInt64(faults.count))]
    }
  }

  /// The outcome for a request: the one already given for its idempotency key (`replayed`), or a new one
  /// (counted as a charge when approved).
  public func outcome(for key: String, decide: () -> AuthorisationOutcome) -> (
    outcome: AuthorisationOutcome, replayed: Bool
  ) {
    inner.withLock { state in
      if let known = state.outcomes[key] { return (known, true) }
      let outcome = decide()
      state.outcomes[key] = outcome
      if outcome.systemTransactionId != nil { state.charges += 1 }
      return (outcome, false)
    }
  }

  /// The final outcome of a request that waited on a 3-D Secure challenge: decided once (and counted as a
  /// charge when approved); a request already settled keeps its outcome.
  public func settle(_ key: String, decide: () -> AuthorisationOutcome) -> AuthorisationOutcome {
    inner.withLock { state in
      if let known = state.outcomes[key], !known.isPending { return known }
      let outcome = decide()
      state.outcomes[key] = outcome
      if outcome.systemTransactionId != nil { state.charges += 1 }
      return outcome
    }
  }

  /// How many payments the gateway approved (charged).
  public var charges: Int { inner.withLock { $0.charges } }
}
