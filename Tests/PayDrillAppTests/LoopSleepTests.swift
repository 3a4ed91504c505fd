import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The loop never sleeps on a timer: a driver waiting for another process or a live deadline sleeps on the
/// doorbell that answers ring, until the next deadline.
final class LoopSleepTests: XCTestCase {
  func testNoLoopPathSleepsOnAFixedInterval() throws {
    let files = FileManager.default
    var sleepers: [String] = []
    for folder in ["Sources/PayDrillApp/Runtime", "Sources/PayDrillApp/Tapes"] {
      let url = TapeTests.root.appendingPathComponent(folder)
      for name in try files.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift") {
        let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        if text.contains("Thread.sleep") || text.contains("usleep(") { sleepers.append("\(folder)/\(name)") }
      }
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
