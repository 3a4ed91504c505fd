import Foundation
import Synchronization
import XCTest

@testable import PayDrillCommandLine
@testable import PayDrillTools

/// A suite split into shards for a CI matrix, and run several tapes at a time.
final class TapeSuiteTests: XCTestCase {
  /// Not in path order, as a shell's glob or a CI's list may give them (a fixed order, to repeat a failure).
  private let suite = (1...10).map { "Tapes/t\(String(format: "%02d", $0)).tape" }.reversed().map { $0 }

  func testShardsCoverTheSuiteOnceEachAndTheSameWayEverywhere() throws {
    let shards = (1...4).map { TapeShard(index: $0, count: 4) }
    let parts = shards.map { $0.select(suite) }
    XCTAssertEqual(parts.flatMap { $0 }.sorted(), suite.sorted(), "every tape exactly once")
    XCTAssertEqual(parts.map(\.count), [3, 3, 2, 2])
    XCTAssertEqual(parts[0], ["Tapes/t01.tape", "Tapes/t05.tape", "Tapes/t09.tape"])
    XCTAssertEqual(shards[0].select(suite.sorted()), parts[0], "whatever order the shell gave")
  }

  func testShardsParseAndRefuseNonsense() {
    XCTAssertEqual(TapeShard(parsing: "2/4"), TapeShard(index: 2, count: 4))
    for text in ["0/4", "5/4", "4", "a/b", "1/0", "/4", "2/"] {
      XCTAssertNil(TapeShard(parsing: text), text)
    }
  }

  func testParallelRunsReturnInTheSuitesOrder() {
    let inputs = Array(0..<50)
    // The first input waits until the last has finished: the runs surely finish out of order.
    let lastDone = DispatchSemaphore(value: 0)
    let finished = Mutex<[Int]>([])
    let outputs = TapeSuiteRunner.map(inputs, jobs: 4) { value -> Int in
      if value == 0 { _ = lastDone.wait(timeout: .now() + 10) }
      finished.withLock { $0.append(value) }
      if value == inputs.count - 1 { lastDone.signal() }
      return value * 2
    }
    XCTAssertNotEqual(finished.withLock { $0 }, inputs, "they finished out of order")
    XCTAssertEqual(outputs, inputs.map { $0 * 2 }, "and come back in order")
    XCTAssertEqual(TapeSuiteRunner.map(inputs, jobs: 1) { $0 + 1 }, inputs.map { $0 + 1 })
  }
}
