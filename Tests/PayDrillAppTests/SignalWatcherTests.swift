import Foundation
import XCTest

@testable import PayDrillApp
@testable import PayDrillCLI

/// The loop's signals as flags: a signal is seen by the watcher that watches it, taken once, and never by a
/// later watcher when an earlier one left it untaken.
final class SignalWatcherTests: XCTestCase {
  func testASignalIsTakenOnceAndALeftOverOneDoesNotReachTheNextWatcher() {
    do {
      let watcher = SignalWatcher(signals: [SIGUSR1])
      XCTAssertNil(watcher.received)
      raise(SIGUSR1)
      XCTAssertEqual(watcher.take(), SIGUSR1)
      XCTAssertNil(watcher.take(), "taken once")
      raise(SIGUSR1)
      XCTAssertEqual(watcher.received, SIGUSR1)
    }
    // The first watcher is gone with SIGUSR1 still set: the next one starts clear.
    let next = SignalWatcher(signals: [SIGUSR1])
    XCTAssertNil(next.received)
    raise(SIGUSR1)
    XCTAssertEqual(next.take(), SIGUSR1)
  }
}
