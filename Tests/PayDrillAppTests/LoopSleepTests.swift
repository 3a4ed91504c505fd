import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop

/// The loop never sleeps on a timer: a driver waiting for another process or a live deadline sleeps on the
/// doorbell that answers ring, until the next deadline.
final class LoopSleepTests: XCTestCase {
  /// Every program's sources, the CLI's one-shot commands included (`paydrill session` slept its simulated
  /// latency with Thread.sleep); only the benchmark, whose idle probe measures a sleep, is left out.
  func testNoProgramSleepsOnAFixedInterval() throws {
    let files = FileManager.default
    let sources = TapeTests.root.appendingPathComponent("Sources")
    var sleepers: [String] = []
    let paths = try XCTUnwrap(files.subpathsOfDirectory(atPath: sources.path) as [String]?)
    for path in paths.sorted() where path.hasSuffix(".swift") && !path.hasPrefix("paydrill-bench/") {
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      if text.contains("Thread.sleep") || text.contains("usleep(") { sleepers.append(path) }
    }
    XCTAssertEqual(sleepers, [], "they sleep on the doorbell and the next deadline instead")
  }

  func testAnAnswerFromAnotherThreadWakesADriverWaitingOnTheDoorbell() {
    let runtime = CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0)
    runtime.start()
    let doorbell = runtime.interpreter.arrivals
    XCTAssertTrue(doorbell === runtime.interpreter.arrivals, "one doorbell, made once")
    let postbox = runtime.interpreter.postbox
    Thread.detachNewThread { postbox.post(.tick) }
    XCTAssertTrue(doorbell.wait(timeout: PollTimeout(untilSoonestOf: [.seconds(10)])), "the post woke it")
    XCTAssertTrue(runtime.deliverDue(), "and the answer is there to take")
  }
}
