import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop
@testable import PayDrillTools

/// The deadlines the interactive loop sleeps until (`CheckoutRuntime.nextDeadline`,
/// `TapePresenter.nextDeadline`): the next answer or timer, the next action of a subscription the model
/// declares (the spinner's turn, only while it is on screen), the demo's next beat; none at all when nothing
/// will happen by itself.
final class LoopDeadlineTests: XCTestCase {
  private func runtime(latency: Int) -> CheckoutRuntime {
    CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 100, rows: 32), latencyMilliseconds: latency)
  }

  func testWhileTheSpinnerShowsItTurnsFirstThenNothingIsDue() {
    let runtime = runtime(latency: 300)
    runtime.start()
    runtime.advance(by: .milliseconds(300))
    for action in Fixture.fillCard(number: "4242424242424242") + [.key(.enter)] { runtime.send(action) }
    runtime.settle()
    XCTAssertTrue(runtime.isBusy)
    XCTAssertEqual(runtime.model.subscriptions, [.every(.milliseconds(100), .tick)], "processing")
    XCTAssertEqual(runtime.nextDeadline, .milliseconds(400), "the spinner's turn comes before the answer")
    runtime.advance(by: .milliseconds(250))
    XCTAssertEqual(runtime.nextDeadline, .milliseconds(600), "the answer comes with the next turn")
    runtime.advance(by: .milliseconds(50))
    XCTAssertFalse(runtime.isBusy)
    XCTAssertEqual(runtime.model.subscriptions, [], "paid: no spinner")
    XCTAssertNil(runtime.nextDeadline, "settled: the loop sleeps until something arrives")
    XCTAssertNil(runtime.nextDeadline)
  }

  func testAnAnswerAwaitedBehindTheScreenTurnsNoSpinner() {
    let runtime = runtime(latency: 300)
    runtime.start()
    XCTAssertTrue(runtime.isBusy, "Apple Pay's /init is awaited behind the method list")
    XCTAssertEqual(runtime.model.subscriptions, [])
    XCTAssertEqual(runtime.nextDeadline, .milliseconds(300), "the answer, not a turn no one sees")
    runtime.advance(by: .milliseconds(300))
    XCTAssertEqual(runtime.spinnerTurns, 0)
  }

  func testTheLoopWakesForTheSpinnerOnlyWhileItIsOnScreen() {
    let runtime = runtime(latency: 300)
    runtime.start()
    XCTAssertFalse(runtime.model.showsSpinner, "Apple Pay's /init is awaited behind the method list")
    XCTAssertEqual(runtime.nextDeadline, .milliseconds(300), "the answer, not the spinner's turns")
    runtime.advance(by: .milliseconds(300))
    for action in Fixture.fillCard(number: "4242424242424242") + [.key(.enter)] { runtime.send(action) }
    runtime.settle()
    XCTAssertTrue(runtime.model.showsSpinner, "processing")
    XCTAssertEqual(runtime.nextDeadline, .milliseconds(400), "the spinner turns 100 ms after the wait began")
    runtime.advance(by: .milliseconds(100))
    XCTAssertEqual(runtime.model.spinnerFrame, 1)
    XCTAssertEqual(runtime.nextDeadline, .milliseconds(500))
  }

  func testTheDemoWaitsForItsNextBeatAndNotWhilePaused() throws {
    let runtime = runtime(latency: 0)
    runtime.start()
    let presenter = TapePresenter(
      tape: try Tape.parse("Enter\nSleep 1s\n", file: "demo.tape"), runtime: runtime,
      pace: TapePresenter.Pace(key: .milliseconds(500)))
    presenter.play(on: runtime, until: 0)
    XCTAssertEqual(presenter.nextDeadline, .milliseconds(500), "Enter at the key pace")
    XCTAssertTrue(presenter.handle(.character(" ")))
    presenter.play(on: runtime, until: 100)
    XCTAssertNil(presenter.nextDeadline, "paused: only a key moves it")
    XCTAssertTrue(presenter.handle(.character(" ")))
    presenter.play(on: runtime, until: 500)
    XCTAssertEqual(presenter.nextDeadline, .milliseconds(1500), "the Sleep after Enter")
    presenter.play(on: runtime, until: 1500)
    XCTAssertNil(presenter.nextDeadline, "the end of the tape")
  }

  /// The REC marker's seconds are not the spinner's turns: a tape's `Wait` that ignores the spinner must still
  /// be checked again after the marker moves (it counted them as turns, and skipped that check).
  func testTheRecordingsSecondsAreNotSpinnerTurns() {
    let runtime = CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0
    ) { $0.recording = RecordingMark() }
    runtime.start()
    runtime.advance(by: .seconds(3))
    XCTAssertEqual(runtime.model.recording?.seconds, 3, "the marker moved three times")
    XCTAssertEqual(runtime.spinnerTurns, 0, "and the spinner never turned")
  }
}
