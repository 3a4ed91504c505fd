import StrictJSON

/// The scenario's `gateway` object: which PSP the simulated gateway speaks as, the merchant's address
/// verification rules, and the latency of each kind of call.
public struct GatewayConfiguration: Equatable, Sendable, Codable {
  public var profile: PSPProfile = .default
  public var addressVerification: AddressVerificationPolicy = AddressVerificationPolicy()
  /// Latency by operation; an operation not listed takes the scenario's `latencyMs` (or `--latency`).
  public var latency: [GatewayOperation: LatencyDistribution] = [:]

  enum CodingKeys: String, CodingKey, CaseIterable { case profile, addressVerification, latency }
}

extension GatewayConfiguration {
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    profile = try container.decodeIfPresent(PSPProfile.self, forKey: .profile) ?? .default
    addressVerification =
      try container.decodeIfPresent(AddressVerificationPolicy.self, forKey: .addressVerification)
      ?? AddressVerificationPolicy()
    latency = [:]
    if container.contains(.latency) {
      let byName = try container.decode([String: LatencyDistribution].self, forKey: .latency)
      for (name, distribution) in byName {
        guard let operation = GatewayOperation(rawValue: name) else {
          let names = GatewayOperation.allCases.map(\.rawValue).joined(separator: ", ")
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: container.codingPath + [CodingKeys.latency, PathKey(name)],
              debugDescription: "expected one of \(names)"))
        }
        latency[operation] = distribution
      }
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(profile, forKey: .profile)
    try container.encode(addressVerification, forKey: .addressVerification)
    if !latency.isEmpty {
      try container.encode(
        Dictionary(uniqueKeysWithValues: latency.map { ($0.key.rawValue, $0.value) }), forKey: .latency)
    }
  }
}
