import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import paydrill_bench

/// The pieces `paydrill-bench` (the development target behind `make bench`) measures with, each run once so
/// they cannot rot. No time is asserted.
final class BenchBuildingBlockTests: XCTestCase {
  func testTheApplePayFlowPaysThroughEveryStepOfTheSheet() {
    let state = ApplePayFlow().run().model.checkout
    let names = state.events.map(\.name)
    XCTAssertEqual(names.last, .onSuccess, "\(names)")
    for callback in [
      CallbackName.onShippingContactSelected, .onShippingMethodSelected, .onPaymentMethodSelected,
      .onCouponCodeChanged, .onPreAuthorisation, .onPostAuthorisation,
    ] {
      XCTAssertTrue(names.contains(callback), "\(callback) in \(names)")
    }
    guard case .result(.success) = state.screen else { return XCTFail("ended on \(state.screen)") }
  }

  func testTheSheetCyclesGrowTheLogAndTheMemoryProbeReportsThem() throws {
    let runtime = ApplePayFlow().runtime()
    let before = runtime.model.checkout.events.count
    try SheetCycle.grow(runtime, toEvents: before + 10)
    XCTAssertGreaterThanOrEqual(runtime.model.checkout.events.count, before + 10)
    guard case .methodList = runtime.model.checkout.screen else {
      return XCTFail("ended on \(runtime.model.checkout.screen)")
    }

    let figures = try SheetMemoryProbe.measure(cycles: 3)
    XCTAssertEqual(figures.cycles, 3)
    XCTAssertGreaterThan(figures.eventsAdded, 0)
    XCTAssertNotNil(ProcessMemory.resident())
  }

  func testTheKeyProbePressesKeysWithoutGrowingTheLog() throws {
    let figures = try KeyCostProbe.measure(atEvents: [20], keys: 4, rounds: 1, cycles: 1)
    XCTAssertEqual(figures.count, 1)
    XCTAssertGreaterThanOrEqual(figures[0].events, 20)
  }

  func testTheShippedProgramNeitherOffersNorRunsTheBench() {
    XCTAssertThrowsError(try CommandLineOptions.parse(["bench"])) { error in
      XCTAssertTrue("\(error)".hasPrefix("unknown command \"bench\""), "\(error)")
    }
    XCTAssertFalse(HelpText.usage.contains("bench"))
  }

  func testGoalsSayMetOrByHowMuchTheyAreMissed() {
    XCTAssertEqual(BenchGoal.below(0.5, "ms").verdict(0.41), "goal < 0.5 ms: met")
    XCTAssertEqual(BenchGoal.below(0.5, "ms").verdict(0.62), "goal < 0.5 ms: missed by 0.120 ms")
    XCTAssertEqual(BenchGoal.atLeast(20_000, "flows/s").verdict(25_000), "goal ≥ 20000 flows/s: met")
    XCTAssertEqual(BenchGoal.atMost(1.5, "×").verdict(1.5), "goal ≤ 1.5×: met")
  }

  func testTheTerminalProbesReadTheRealBinaryInAPseudoTerminal() throws {
    let executable = try Self.paydrill()
    let folder = try temporaryFolder()
    let arguments = ["--latency", "0", "--ledger", folder.appendingPathComponent("ledger.sqlite3").path]
    let figures = try KeystrokeProbe.measure(
      executable, arguments: arguments, size: Benchmark.terminalSize, keystrokes: 2)
    XCTAssertGreaterThan(figures.firstFrameBytes, 0)
    XCTAssertGreaterThan(figures.cursorMoveBytes, 0)
    XCTAssertLessThan(figures.cursorMoveBytes, figures.firstFrameBytes, "a cursor move is no full repaint")

    let start = try StartupProbe.run(
      executable, arguments: arguments, marker: KeystrokeProbe.firstFrameMarker, quitKeys: "q",
      size: Benchmark.terminalSize)
    XCTAssertGreaterThan(start.bytes, 0)
    XCTAssertGreaterThan(start.firstFrame, .zero)
  }

  func testAWholeSessionPaysTwiceAndReportsItsPeakMemory() throws {
    let folder = try temporaryFolder()
    let peak = try SessionProbe.peakMemory(
      try Self.paydrill(),
      arguments: ["--latency", "0", "--ledger", folder.appendingPathComponent("l.sqlite3").path],
      size: Benchmark.terminalSize)
    XCTAssertGreaterThan(peak, 1_000_000)
  }

  func testALongSessionReadsItsPeakMemoryAtTheFirstFrameAndAfterEachRound() throws {
    let folder = try temporaryFolder()
    let figures = try LongSessionProbe.measure(
      try Self.paydrill(),
      arguments: ["--latency", "0", "--ledger", folder.appendingPathComponent("l.sqlite3").path],
      size: Benchmark.terminalSize, rounds: 2)
    XCTAssertGreaterThan(figures.firstFrame, 1_000_000)
    XCTAssertGreaterThanOrEqual(figures.afterFirstRound, figures.firstFrame, "a peak never falls")
    XCTAssertGreaterThanOrEqual(figures.afterLastRound, figures.afterFirstRound)
    XCTAssertEqual(figures.rounds, 2)
  }

  func testTheCFloorBuildsAndDrawsItsScreen() throws {
    guard FloorPrograms.executable(named: "cc") != nil else { throw XCTSkip("no C compiler") }
    let program = try FloorPrograms.build(.c, in: try temporaryFolder()).get()
    let run = try StartupProbe.run(
      program, marker: FloorPrograms.marker, quitKeys: "q", size: Benchmark.terminalSize)
    XCTAssertGreaterThan(run.bytes, Benchmark.terminalSize.rows)
  }

  private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-bench-test-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  /// The `paydrill` built beside this test bundle (or `PAYDRILL_BIN`).
  private static func paydrill() throws -> String {
    var candidates: [String] = []
    if let explicit = ProcessInfo.processInfo.environment["PAYDRILL_BIN"] { candidates.append(explicit) }
    let bundleFolder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    candidates.append(bundleFolder.appendingPathComponent("paydrill").path)
    guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
      throw XCTSkip("paydrill is not built beside the tests; looked in \(candidates)")
    }
    return found
  }
}
