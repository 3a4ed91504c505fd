import Foundation
import Platform
import XCTest

@testable import paydrill_bench

/// The bench's idle figure, run once short so that it cannot rot: paydrill settles in a pseudo-terminal and
/// the probe counts its threads' wake-ups over a second. No count is asserted here (IdleTerminalTests does).
final class IdleProbeTests: XCTestCase {
  func testTheProbeCountsTheWakeUpsOfEveryThreadOverTheIdleTime() throws {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    let paydrill = besideTests.appendingPathComponent("paydrill").path
    guard FileManager.default.isExecutableFile(atPath: paydrill) else {
      throw XCTSkip("paydrill is not built beside the tests")
    }
    guard ProcessStatistics.threads(of: getpid()) != nil else {
      throw XCTSkip("the system does not tell the context switches to count wake-ups with")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paydrill-idle-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let figures = try IdleProbe.measure(
      paydrill,
      arguments: ["--latency", "0", "--ledger", folder.appendingPathComponent("ledger.sqlite3").path],
      size: Benchmark.terminalSize, idle: .seconds(1))
    XCTAssertEqual(figures.idle, .seconds(1))
    XCTAssertEqual(figures.wakeUps, figures.byThread.values.reduce(0, +))
    XCTAssertEqual(figures.perSecond, Double(figures.wakeUps), accuracy: 1e-9)
  }
}
