import CheckoutEngine
import Foundation

extension LatencyDistribution {
  /// One call's latency drawn from the seeded sequence, never below zero nor above ten times the mean.
  public func sample(using random: inout SeededRandom) -> Duration {
    let mean = Double(meanMilliseconds)
    let spread = mean * Double(jitterPercent) / 100
    guard spread > 0 else { return .milliseconds(meanMilliseconds) }
    let value: Double
    switch shape {
    case .uniform:
      value = mean - spread + random.nextUnit() * 2 * spread
    case .normal:
      value = mean + spread * random.nextGaussian()
    case .longTail:
      // Log-normal with the same mean: most calls a little faster than the mean, a few much slower.
      let sigma = Double(jitterPercent) / 100
      value = mean * exp(sigma * random.nextGaussian() - sigma * sigma / 2)
    }
    return .milliseconds(Int(min(max(0, value), mean * 10).rounded()))
  }
}

extension SeededRandom {
  /// A number in [0, 1).
  mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A standard normal number (Box–Muller).
  mutating func nextGaussian() -> Double {
    let u1 = 1 - nextUnit()
    let u2 = nextUnit()
    return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }
}
