import CheckoutEngine
import Foundation
import Synchronization
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillCLI
@testable import PayDrillLoop

/// What wakes the interactive loop's sleep: the doorbell that signals and answers from other threads ring.
/// A missing ring would leave `wait` asleep until its 10 s bound, and it would then say that nothing rang.
final class DoorbellTests: XCTestCase {
  /// Standard input with nothing typed: a pipe whose write end stays open.
  private var quietInput: (read: Int32, write: Int32) = (-1, -1)

  override func setUp() {
    var ends: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&ends), 0)
    quietInput = (ends[0], ends[1])
  }

  override func tearDown() {
    close(quietInput.read)
    close(quietInput.write)
  }

  private let bound = PollTimeout(untilSoonestOf: [.seconds(10)])

  func testAnAnswerPostedFromAnotherThreadRingsTheDoorbell() {
    let runtime = CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0)
    runtime.start()
    let doorbell = Doorbell()
    runtime.interpreter.ringOnArrival(doorbell)
    let postbox = runtime.interpreter.postbox
    Thread.detachNewThread { postbox.post(.tick) }
    XCTAssertTrue(doorbell.wait(for: quietInput.read, timeout: bound), "the post woke the loop")
    XCTAssertTrue(runtime.deliverDue(), "and the answer is there to take")
  }

  func testRingsBeforeTheLoopLooksAreOneWakeUp() {
    let doorbell = Doorbell()
    for _ in 0..<3 { doorbell.ring() }
    XCTAssertTrue(doorbell.wait(for: quietInput.read, timeout: bound))
    XCTAssertFalse(
      doorbell.wait(for: quietInput.read, timeout: PollTimeout(untilSoonestOf: [.zero])),
      "the rings were taken together")
  }

  /// A watcher looking for its signals reads the whole pipe: a thread's ring read that way still wakes the
  /// next wait, or the loop would sleep past the answer that thread posted.
  func testARingReadWhileLookingForSignalsStillWakesTheNextWait() {
    let doorbell = Doorbell()
    doorbell.ring()
    XCTAssertEqual(doorbell.signals(among: ~0), 0, "a thread's ring is no signal")
    let now = PollTimeout(untilSoonestOf: [.zero])
    XCTAssertTrue(doorbell.wait(for: quietInput.read, timeout: now), "the ring read meanwhile")
    XCTAssertFalse(doorbell.wait(for: quietInput.read, timeout: now), "once")
  }

  /// The C handler rings the process's doorbell with the signal's number: the loop's wait wakes, and the
  /// watcher takes the signal after it.
  func testASignalWakesTheWaitAndIsTakenAfterIt() {
    let watcher = SignalWatcher(signals: [SIGUSR2])
    raise(SIGUSR2)
    XCTAssertTrue(Doorbell.process.wait(for: quietInput.read, timeout: bound), "the signal woke the loop")
    XCTAssertEqual(watcher.take(), SIGUSR2)
    XCTAssertNil(watcher.take())
  }

  func testAKeyWakesTheLoopWithoutTheBell() {
    let doorbell = Doorbell()
    var key: UInt8 = 0x71
    XCTAssertEqual(write(quietInput.write, &key, 1), 1)
    // The wait has no deadline: it runs on a thread of its own, so that a key that does not wake it fails
    // the test after 10 s instead of hanging the suite.
    let woke = expectation(description: "the key woke a wait without a deadline")
    let rang = Answer()
    let input = quietInput.read
    Thread.detachNewThread {
      let answer = doorbell.wait(for: input, timeout: PollTimeout(untilSoonestOf: []))
      rang.value.withLock { $0 = answer }
      woke.fulfill()
    }
    if XCTWaiter.wait(for: [woke], timeout: 10) != .completed {
      XCTFail("a key left the loop asleep")
      doorbell.ring()
      return
    }
    XCTAssertEqual(rang.value.withLock { $0 }, false, "the bell did not ring")
  }
}

/// What a wait on another thread answered, for the test's thread to read.
private final class Answer: Sendable {
  let value = Mutex<Bool?>(nil)
}
