import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The deadlines the interactive loop sleeps until (`CheckoutRuntime.nextDeadline`,
/// `TapePresenter.nextDeadline`): the next answer or timer, the spinner's turn only while an answer is
/// awaited, the demo's next beat; none at all when nothing will happen by itself.
final class LoopDeadlineTests: XCTestCase {
  private func runtime(latency: Int) -> CheckoutRuntime {
    CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 100, rows: 32), latencyMilliseconds: latency)
  }

  func testWhileAnAnswerIsAwaitedTheSpinnerTurnsFirstThenNothingIsDue() {
    let runtime = runtime(latency: 300)
    runtime.start()
    XCTAssertTrue(runtime.isBusy)
    XCTAssertEqual(runtime.nextDeadline, .milliseconds(100), "the spinner's turn comes before the answer")
    runtime.advance(by: .milliseconds(250))
    XCTAssertEqual(runtime.nextDeadline, .milliseconds(300), "the answer comes before the next turn")
    runtime.advance(by: .milliseconds(50))
    XCTAssertFalse(runtime.isBusy)
    XCTAssertNil(runtime.nextDeadline, "settled: the loop sleeps until something arrives")
    XCTAssertNil(runtime.nextWake)
  }

  func testTheLoopWakesForTheSpinnerOnlyWhileItIsOnScreen() {
    let runtime = runtime(latency: 300)
    runtime.start()
    XCTAssertFalse(runtime.model.showsSpinner, "Apple Pay's /init is awaited behind the method list")
    XCTAssertEqual(runtime.nextWake, .milliseconds(300), "the answer, not the spinner's turns")
    runtime.advance(by: .milliseconds(300))
    for action in Fixture.fillCard(number: "4242424242424242") + [.key(.enter)] { runtime.send(action) }
    runtime.settle()
    XCTAssertTrue(runtime.model.showsSpinner, "processing")
    XCTAssertEqual(runtime.nextWake, .milliseconds(400), "the spinner turns 100 ms after the wait began")
    runtime.advance(by: .milliseconds(100))
    XCTAssertEqual(runtime.model.spinnerFrame, 1)
    XCTAssertEqual(runtime.nextWake, .milliseconds(500))
  }

  func testTheDemoWaitsForItsNextBeatAndNotWhilePaused() throws {
    let runtime = runtime(latency: 0)
    runtime.start()
    let presenter = TapePresenter(
      tape: try Tape.parse("Enter\nSleep 1s\n", file: "demo.tape"), runtime: runtime,
      pace: TapePresenter.Pace(key: .milliseconds(500)))
    let start = ContinuousClock.now
    presenter.advance(now: start)
    XCTAssertEqual(presenter.nextDeadline, start + .milliseconds(500), "Enter at the key pace")
    XCTAssertTrue(presenter.handle(.character(" ")))
    presenter.advance(now: start + .milliseconds(100))
    XCTAssertNil(presenter.nextDeadline, "paused: only a key moves it")
    XCTAssertTrue(presenter.handle(.character(" ")))
    presenter.advance(now: start + .milliseconds(500))
    XCTAssertEqual(presenter.nextDeadline, start + .milliseconds(1500), "the Sleep after Enter")
    presenter.advance(now: start + .milliseconds(1500))
    XCTAssertNil(presenter.nextDeadline, "the end of the tape")
  }
}
