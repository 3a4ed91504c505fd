import CheckoutEngine

/// What a tester can change in the simulated gateway while a checkout runs (the gateway panel): latency and
/// its jitter, a fault armed for the next call, a random fault rate, and the seed that makes randomness
/// repeatable.
public struct GatewaySettings: Equatable, Sendable {
  /// A fault real integrations meet.
  public enum Fault: String, Equatable, Sendable, CaseIterable {
    case networkError, timeout, serverError, merchantValidation, duplicateRequest

    /// The error the checkout reports, with the code a merchant's `onError` switches on.
    public var error: SdkError {
      switch self {
      case .networkError:
        return SdkError(
          errorCode: "NETWORK_ERROR", errorMessage: "The network connection was lost during authorisation")
      case .timeout:
        return SdkError(errorCode: "GATEWAY_TIMEOUT", errorMessage: "The gateway did not answer in time")
      case .serverError:
        return SdkError(
          errorCode: "GATEWAY_ERROR", errorMessage: "The gateway answered 503 Service Unavailable")
      case .merchantValidation:
        return SdkError(errorCode: "MERCHANT_VALIDATION_FAILED", errorMessage: "Merchant validation failed")
      case .duplicateRequest:
        return SdkError(
          errorCode: "DUPLICATE_REQUEST",
          errorMessage: "The request was sent twice; the gateway charged it once")
      }
    }
  }

  /// The mean latency of each call.
  public var latencyMilliseconds: Int
  /// How far a call's latency may stray from the mean, in percent (uniformly, seeded).
  public var jitterPercent: Int
  /// A fault the next authorisation meets, then cleared.
  public var nextFault: Fault?
  /// The share of authorisations that meet a random fault, in percent.
  public var faultRatePercent: Int
  /// The seed of the latency jitter and of random faults.
  public var seed: UInt64

  public init(
    latencyMilliseconds: Int, jitterPercent: Int = 0, nextFault: Fault? = nil, faultRatePercent: Int = 0,
    seed: UInt64 = 1
  ) {
    self.latencyMilliseconds = latencyMilliseconds
    self.jitterPercent = jitterPercent
    self.nextFault = nextFault
    self.faultRatePercent = faultRatePercent
    self.seed = seed
  }
}

/// A small, seeded random number generator (SplitMix64), so that `--seed N` repeats latencies and faults.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
