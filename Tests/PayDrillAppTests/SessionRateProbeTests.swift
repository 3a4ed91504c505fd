import CheckoutTestSupport
import Foundation
import XCTest

@testable import paydrill_bench

/// The bench's session-request figure, run once small so that it cannot rot: the C floor on libmicrohttpd
/// builds and answers, paydrill serve answers every signed request 200, and the pair gives a ratio. No
/// speed is asserted.
final class SessionRateProbeTests: XCTestCase {
  func testTheFloorAndPaydrillServeAnswerTheSameLoad() throws {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    let paydrill = besideTests.appendingPathComponent("paydrill").path
    guard FileManager.default.isExecutableFile(atPath: paydrill),
      FileManager.default.isExecutableFile(atPath: besideTests.appendingPathComponent("paydrill-serve").path)
    else { throw XCTSkip("paydrill and paydrill-serve are not built beside the tests") }
    guard FloorPrograms.executable(named: "python3") != nil else {
      throw Requirement.missing("python3 is missing (make test installs it)")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paydrill-rate-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let figures = try SessionRateProbe.measure(
      paydrill: paydrill, in: folder, requests: 200, clients: 8, pairs: 1)
    XCTAssertGreaterThan(figures.floor, 0)
    XCTAssertGreaterThan(figures.paydrill, 0)
    XCTAssertEqual(figures.ratio.ratios.count, 1)
    XCTAssertEqual(figures.ratio.median, figures.paydrill / figures.floor, accuracy: 1e-9)
    XCTAssertEqual(figures.pairs, 1)
  }
}
