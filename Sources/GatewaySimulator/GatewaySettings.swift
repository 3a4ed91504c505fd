import CheckoutEngine

/// What a tester can change in the simulated gateway while a checkout runs (the gateway panel): the latency
/// of each kind of call, a fault armed for the next call, a random fault rate, the seed that makes randomness
/// repeatable, the PSP profile and the AVS rules.
public struct GatewaySettings: Equatable, Sendable {
  /// A fault real integrations meet (the type lives in the engine: an armed fault travels with the request).
  public typealias Fault = GatewayFault

  /// The simulated latency when neither `--latency` nor the scenario names one: long enough to see the
  /// spinner, short enough not to wait.
  public static let defaultLatencyMilliseconds = 600

  /// How long each kind of call takes.
  public var latency: [GatewayOperation: LatencyDistribution]
  /// A fault the next authorisation meets. The app's state owns it: it goes with the next authorisation
  /// request (`AuthorisationRequest.fault`) and is cleared there, so the panel shows it gone.
  public var nextFault: Fault?
  /// The share of authorisations that meet a random fault, in percent.
  public var faultRatePercent: Int
  /// The seed of the latency jitter and of random faults.
  public var seed: UInt64
  /// The PSP the gateway speaks as (its result codes).
  public var profile: PSPProfile
  /// Which AVS results decline.
  public var addressVerification: AddressVerificationPolicy

  /// Every operation with the same mean and jitter (`--latency`), uniformly spread.
  public init(
    latencyMilliseconds: Int, jitterPercent: Int = 0, nextFault: Fault? = nil, faultRatePercent: Int = 0,
    seed: UInt64 = 1, profile: PSPProfile = .default,
    addressVerification: AddressVerificationPolicy = AddressVerificationPolicy()
  ) {
    let distribution = LatencyDistribution(
      meanMilliseconds: latencyMilliseconds, jitterPercent: jitterPercent)
    latency = Dictionary(uniqueKeysWithValues: GatewayOperation.allCases.map { ($0, distribution) })
    self.nextFault = nextFault
    self.faultRatePercent = faultRatePercent
    self.seed = seed
    self.profile = profile
    self.addressVerification = addressVerification
  }

  /// The settings a scenario asks for: its `latencyMs` (or `--latency`) for every operation, then the
  /// latencies, profile and AVS rules of its `gateway` object.
  public init(latencyMilliseconds: Int, seed: UInt64, configuration: GatewayConfiguration) {
    self.init(
      latencyMilliseconds: latencyMilliseconds, seed: seed, profile: configuration.profile,
      addressVerification: configuration.addressVerification)
    latency.merge(configuration.latency) { _, configured in configured }
  }

  /// The distribution of one operation.
  public func latency(of operation: GatewayOperation) -> LatencyDistribution {
    latency[operation] ?? LatencyDistribution(meanMilliseconds: 0)
  }

  /// The authorisation's mean; setting it sets every operation's mean (`--latency`).
  public var latencyMilliseconds: Int {
    get { latency(of: .authorise).meanMilliseconds }
    set { for operation in GatewayOperation.allCases { latency[operation]?.meanMilliseconds = newValue } }
  }

  /// The authorisation's jitter; setting it sets every operation's.
  public var jitterPercent: Int {
    get { latency(of: .authorise).jitterPercent }
    set { for operation in GatewayOperation.allCases { latency[operation]?.jitterPercent = newValue } }
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
