/// How long one kind of gateway call takes: a mean and a spread with a shape, so latency varies the way a
/// network does instead of being one constant.
public struct LatencyDistribution: Equatable, Sendable, Codable {
  /// The spread's shape.
  public enum Shape: String, CaseIterable, Codable, Sendable {
    /// Anywhere within the mean ± the jitter, equally likely.
    case uniform
    /// A bell around the mean; the jitter is one standard deviation.
    case normal
    /// Mostly near the mean with now and then a slow call (log-normal); the jitter sets how long the tail is.
    case longTail
  }

  public var meanMilliseconds: Int
  /// The spread, in percent of the mean.
  public var jitterPercent: Int
  public var shape: Shape

  public init(meanMilliseconds: Int, jitterPercent: Int = 0, shape: Shape = .uniform) {
    self.meanMilliseconds = meanMilliseconds
    self.jitterPercent = jitterPercent
    self.shape = shape
  }

  /// The longest mean a scenario or the command line may set.
  public static let maximumMilliseconds = 600_000

  enum CodingKeys: String, CodingKey, CaseIterable {
    case meanMilliseconds = "meanMs"
    case jitterPercent, shape
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    meanMilliseconds = try container.decode(Int.self, forKey: .meanMilliseconds)
    guard (0...Self.maximumMilliseconds).contains(meanMilliseconds) else {
      throw DecodingError.dataCorruptedError(
        forKey: .meanMilliseconds, in: container, debugDescription: "expected milliseconds from 0 to 600000")
    }
    jitterPercent = try container.decodeIfPresent(Int.self, forKey: .jitterPercent) ?? 0
    guard (0...100).contains(jitterPercent) else {
      throw DecodingError.dataCorruptedError(
        forKey: .jitterPercent, in: container, debugDescription: "expected a percentage from 0 to 100")
    }
    shape = try container.decodeIfPresent(Shape.self, forKey: .shape) ?? .uniform
  }

  /// "600 ms ±25 % normal", as the gateway panel shows it.
  public var summary: String {
    jitterPercent == 0
      ? "\(meanMilliseconds) ms" : "\(meanMilliseconds) ms ±\(jitterPercent) % \(shape.rawValue)"
  }
}
