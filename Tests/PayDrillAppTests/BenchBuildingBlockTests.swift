import CheckoutEngine
import Foundation
import Platform
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillCLI
@testable import PayDrillCommandLine
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

  func testTheRenderProbesModelsAreAFullPaneAnOpenSheetAndGrownLogs() throws {
    let methodList = try RenderProbe.methodListRuntime().model
    guard case .methodList = methodList.checkout.screen else {
      return XCTFail("ended on \(methodList.checkout.screen)")
    }
    let names = methodList.checkout.events.map(\.name)
    XCTAssertTrue(names.contains(.onSuccess), "the Apple Pay payment: \(names)")
    XCTAssertTrue(
      methodList.checkout.events.contains { event in
        event.name == .onError
          && event.details.contains { $0.key == "errorCode" && "\($0.value)" == "CARD_DECLINED" }
      }, "the declined card: \(names)")
    // The pane is full: its first and last rows hold events, and the oldest events are scrolled away.
    let frame = RootView.render(methodList)
    XCTAssertEqual(frame.width, 200)
    XCTAssertEqual(frame.height, 60)
    let pane = frame.lines.map { String($0.dropFirst(121)) }
    XCTAssertFalse(pane[2].trimmingCharacters(in: .whitespaces).isEmpty, pane.joined(separator: "\n"))
    XCTAssertFalse(pane[57].trimmingCharacters(in: .whitespaces).isEmpty, pane.joined(separator: "\n"))
    let heads = pane.filter { $0.count > 12 && Array($0)[2] == ":" && Array($0)[8] == "." }
    XCTAssertLessThan(heads.count, methodList.checkout.events.count, pane.joined(separator: "\n"))

    let sheet = try RenderProbe.sheetRuntime().model
    XCTAssertNotNil(sheet.checkout.applePaySheet)
    XCTAssertGreaterThan(sheet.checkout.events.count, methodList.checkout.events.count)

    let figures = try RenderProbe.measure(grownTo: [60, 120], frames: 2, rounds: 1)
    XCTAssertEqual(figures.methodList.events, methodList.checkout.events.count)
    XCTAssertEqual(figures.sheet.events, sheet.checkout.events.count)
    XCTAssertEqual(figures.grown.count, 2)
    XCTAssertGreaterThanOrEqual(figures.grown[0].events, 60 + methodList.checkout.events.count / 2)
    XCTAssertGreaterThanOrEqual(figures.grown[1].events, 120)
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

  func testTheTapeAndFuzzRatesRunTheRealBinaryAndReadItsCPU() throws {
    let executable = try Self.paydrill()
    let tapes = try TapeRateProbe.measure(executable, tapes: 3)
    XCTAssertEqual(tapes.tapes, 3)
    XCTAssertGreaterThan(tapes.cpuSeconds, 0, "the child's CPU time was read")
    XCTAssertGreaterThan(tapes.textMicroseconds, 0)
    XCTAssertGreaterThan(tapes.renderMicroseconds, 0)
    let fuzz = try FuzzRateProbe.measure(executable, steps: 200)
    XCTAssertEqual(fuzz.steps, 200)
    XCTAssertGreaterThan(fuzz.cpuSeconds, 0)
  }

  func testARatioIsTheMedianOfItsPairsWithTheirSpread() {
    let ratio = PairedRatio([3, 4, 10], over: [2, 2, 2])
    XCTAssertEqual(ratio.ratios, [1.5, 2, 5])
    XCTAssertEqual(ratio.median, 2)
    XCTAssertEqual(ratio.lowest, 1.5)
    XCTAssertEqual(ratio.highest, 5)
    XCTAssertEqual(ratio.description, "median of 3 pairs, spread 1.50–5×")
    XCTAssertEqual(PairedRatio([4, 1, 3, 2]).median, 3, "the upper middle of an even count")
  }

  func testTheCFloorBuildsAndDrawsItsScreen() throws {
    guard FloorPrograms.executable(named: "cc") != nil else { throw XCTSkip("no C compiler") }
    let program = try FloorPrograms.build(.c, in: try temporaryFolder()).get()
    let run = try StartupProbe.run(
      program, marker: FloorPrograms.marker, quitKeys: "q", size: Benchmark.terminalSize)
    XCTAssertGreaterThan(run.bytes, Benchmark.terminalSize.rows)
  }

  func testStartUpRunsPayDrillAndItsFloorInTurnPairByPair() throws {
    guard FloorPrograms.executable(named: "cc") != nil else { throw XCTSkip("no C compiler") }
    let folder = try temporaryFolder()
    let floor = StartupProbe.Program(
      executable: try FloorPrograms.build(.c, in: folder).get(), marker: FloorPrograms.marker, quitKeys: "q")
    let paydrill = StartupProbe.Program(
      executable: try Self.paydrill(),
      arguments: ["--latency", "0", "--ledger", folder.appendingPathComponent("l.sqlite3").path],
      marker: KeystrokeProbe.firstFrameMarker, quitKeys: "q")
    let paired = try StartupProbe.paired(paydrill, against: floor, pairs: 2, size: Benchmark.terminalSize)
    XCTAssertEqual(paired.ratio.ratios.count, 2)
    XCTAssertGreaterThan(paired.paydrill.firstFrame, .zero)
    XCTAssertGreaterThan(paired.floor.firstFrame, .zero)
    XCTAssertNotNil(paired.floor.peakMemory)
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
