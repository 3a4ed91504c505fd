import XCTest

@testable import CheckoutEngine
@testable import GatewaySimulator

/// Latency by operation: each has its own distribution, drawn from the seeded sequence.
final class LatencyDistributionTests: XCTestCase {
  private func samples(_ distribution: LatencyDistribution, count: Int = 2000, seed: UInt64 = 7) -> [Int] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { _ in
      let (seconds, attoseconds) = distribution.sample(using: &random).components
      return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
  }

  private func mean(_ values: [Int]) -> Double { Double(values.reduce(0, +)) / Double(values.count) }

  func testNoJitterIsTheMean() {
    XCTAssertEqual(Set(samples(LatencyDistribution(meanMilliseconds: 250))), [250])
  }

  func testUniformStaysWithinTheJitter() {
    let values = samples(LatencyDistribution(meanMilliseconds: 1000, jitterPercent: 20))
    XCTAssertGreaterThanOrEqual(values.min()!, 800)
    XCTAssertLessThanOrEqual(values.max()!, 1200)
    XCTAssertEqual(mean(values), 1000, accuracy: 20)
    XCTAssertGreaterThan(Set(values).count, 100, "the latency varies")
  }

  func testNormalCentresOnTheMeanWithTheJitterAsDeviation() {
    let values = samples(LatencyDistribution(meanMilliseconds: 1000, jitterPercent: 10, shape: .normal))
    XCTAssertEqual(mean(values), 1000, accuracy: 15)
    let within = values.filter { abs($0 - 1000) <= 100 }.count
    XCTAssertEqual(Double(within) / Double(values.count), 0.68, accuracy: 0.05, "one deviation holds ~68 %")
  }

  func testLongTailKeepsTheMeanButHasSlowCalls() {
    let values = samples(LatencyDistribution(meanMilliseconds: 500, jitterPercent: 80, shape: .longTail))
    XCTAssertEqual(mean(values), 500, accuracy: 40)
    let sorted = values.sorted()
    XCTAssertLessThan(sorted[values.count / 2], 500, "the median is below the mean")
    XCTAssertGreaterThan(sorted[values.count * 99 / 100], 1200, "the slowest 1 % are far slower")
    XCTAssertLessThanOrEqual(sorted.last!, 5000, "never above ten times the mean")
    XCTAssertGreaterThanOrEqual(sorted.first!, 0)
  }

  func testTheSameSeedRepeatsAndEachOperationHasItsOwn() {
    let distribution = LatencyDistribution(meanMilliseconds: 300, jitterPercent: 50, shape: .normal)
    XCTAssertEqual(samples(distribution, count: 20, seed: 3), samples(distribution, count: 20, seed: 3))
    XCTAssertNotEqual(samples(distribution, count: 20, seed: 3), samples(distribution, count: 20, seed: 4))
    var configuration = GatewayConfiguration()
    configuration.latency[.threeDSecure] = LatencyDistribution(meanMilliseconds: 2000)
    let settings = GatewaySettings(latencyMilliseconds: 100, seed: 1, configuration: configuration)
    let controls = GatewayControls(settings: settings)
    XCTAssertEqual(controls.nextLatency(for: .authorise), .milliseconds(100))
    XCTAssertEqual(controls.nextLatency(for: .session), .milliseconds(100))
    XCTAssertEqual(controls.nextLatency(for: .threeDSecure), .milliseconds(2000))
  }

  func testTheScenarioObjectDecodesAndNamesWhatIsWrong() throws {
    let json = #"""
      {"profile": "worldline", "latency": {"init": {"meanMs": 50}, "authorise": {"meanMs": 900, "jitterPercent": 30, "shape": "longTail"}}}
      """#
    let configuration = try JSONDecoder().decode(GatewayConfiguration.self, from: Data(json.utf8))
    XCTAssertEqual(configuration.profile, .worldline)
    XCTAssertEqual(configuration.latency[.initialise], LatencyDistribution(meanMilliseconds: 50))
    XCTAssertEqual(
      configuration.latency[.authorise],
      LatencyDistribution(meanMilliseconds: 900, jitterPercent: 30, shape: .longTail))
    let broken: [(String, String)] = [
      (#"{"latency": {"capture": {"meanMs": 5}}}"#, "latency.capture"),
      (#"{"latency": {"init": {"meanMs": -1}}}"#, "latency.init.meanMs"),
      (#"{"latency": {"init": {"meanMs": 1, "jitterPercent": 101}}}"#, "latency.init.jitterPercent"),
      (#"{"profile": "stripe"}"#, "profile"),
    ]
    for (text, path) in broken {
      XCTAssertThrowsError(try JSONDecoder().decode(GatewayConfiguration.self, from: Data(text.utf8))) {
        error in
        guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(context.codingPath.map(\.stringValue).joined(separator: "."), path, text)
      }
    }
  }
}
