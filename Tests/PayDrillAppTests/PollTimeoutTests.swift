import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop

/// The interactive loop's sleep: until the soonest deadline, never a fixed tick, never before a deadline.
final class PollTimeoutTests: XCTestCase {
  func testNoDeadlineSleepsUntilSomethingArrives() {
    XCTAssertEqual(PollTimeout(untilSoonestOf: []).milliseconds, -1)
    XCTAssertEqual(PollTimeout(untilSoonestOf: [nil, nil]).milliseconds, -1)
  }

  func testTheSoonestDeadlineBoundsTheSleep() {
    XCTAssertEqual(PollTimeout(untilSoonestOf: [.seconds(30), nil, .milliseconds(100)]).milliseconds, 100)
    XCTAssertEqual(PollTimeout(untilSoonestOf: [nil, .milliseconds(450)]).milliseconds, 450)
  }

  func testAPartMillisecondIsRoundedUpSoTheLoopNeverWakesEarly() {
    XCTAssertEqual(PollTimeout(untilSoonestOf: [.microseconds(1)]).milliseconds, 1)
    XCTAssertEqual(PollTimeout(untilSoonestOf: [.microseconds(99_001)]).milliseconds, 100)
  }

  func testADeadlineDueOrPassedDoesNotSleep() {
    XCTAssertEqual(PollTimeout(untilSoonestOf: [.zero]).milliseconds, 0)
    XCTAssertEqual(PollTimeout(untilSoonestOf: [.milliseconds(-250), .seconds(1)]).milliseconds, 0)
  }

  func testAFarDeadlineIsTheLongestSleepPollTakes() {
    XCTAssertEqual(PollTimeout(untilSoonestOf: [.seconds(100_000_000)]).milliseconds, Int32.max)
  }
}
