import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop
@testable import PayDrillTools

/// `paydrill demo`'s playback, on a virtual clock: human pace, captions, pause, step, and a check that fails.
final class TapePresenterTests: XCTestCase {
  private func presenter(_ text: String, zoom: Bool = false) throws -> (TapePresenter, CheckoutRuntime) {
    let runtime = CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0
    ) { $0.zoom = zoom }
    runtime.start()
    let presenter = TapePresenter(
      tape: try Tape.parse(text, file: "demo.tape"), runtime: runtime,
      pace: TapePresenter.Pace(typing: .milliseconds(100), key: .milliseconds(500), pauseScale: 2))
    return (presenter, runtime)
  }

  /// Moves the runtime's virtual clock to `milliseconds` after the start, then lets the presenter play.
  private func advance(_ presenter: TapePresenter, _ runtime: CheckoutRuntime, to milliseconds: Int) {
    runtime.advance(by: .milliseconds(milliseconds) - runtime.clock.elapsed)
    presenter.advance()
  }

  func testPlaysAtHumanPaceWithCaptions() throws {
    let (presenter, runtime) = try presenter(
      """
      Caption "Choosing the card"
      Enter
      Type "42"
      Sleep 1s
      Caption "Done"
      """)
    XCTAssertEqual(presenter.beats.count, 6)
    advance(presenter, runtime, to: 0)
    XCTAssertEqual(runtime.model.presentation?.caption, "Choosing the card")
    XCTAssertEqual(runtime.model.checkout.screen, .methodList, "Enter waits for the key pace")
    advance(presenter, runtime, to: 499)
    XCTAssertEqual(runtime.model.checkout.screen, .methodList)
    advance(presenter, runtime, to: 500)
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm)
    advance(presenter, runtime, to: 600)
    XCTAssertEqual(runtime.model.checkout.cardForm.number, "4", "one character per 100 ms")
    advance(presenter, runtime, to: 700)
    XCTAssertEqual(runtime.model.checkout.cardForm.number, "42")
    advance(presenter, runtime, to: 2600)
    XCTAssertEqual(
      runtime.model.presentation?.caption, "Choosing the card", "Sleep 1s lasts 2 s at pause scale 2")
    XCTAssertEqual(runtime.model.presentation?.isFinished, false)
    advance(presenter, runtime, to: 2700)
    XCTAssertEqual(runtime.model.presentation?.caption, "Done")
    XCTAssertEqual(runtime.model.presentation?.isFinished, true)
    XCTAssertEqual(runtime.model.presentation?.status, "End of the tape")
  }

  func testSpacePausesAndRightSteps() throws {
    let (presenter, runtime) = try presenter("Enter\nType \"4\"\n")
    XCTAssertTrue(presenter.handle(.character(" ")))
    advance(presenter, runtime, to: 5000)
    XCTAssertEqual(runtime.model.checkout.screen, .methodList, "paused: nothing happens")
    XCTAssertEqual(runtime.model.presentation?.status, "Paused")
    XCTAssertTrue(presenter.handle(.right))
    advance(presenter, runtime, to: 5001)
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm, "→ plays one beat at once")
    XCTAssertEqual(runtime.model.checkout.cardForm.number, "", "and only one")
    XCTAssertTrue(presenter.handle(.character(" ")))
    advance(presenter, runtime, to: 5002)
    advance(presenter, runtime, to: 5200)
    XCTAssertEqual(runtime.model.checkout.cardForm.number, "4", "playing again")
    XCTAssertFalse(presenter.handle(.character("q")), "q stops the demo")
  }

  func testACheckThatDoesNotHoldPausesAndSaysWhy() throws {
    let (presenter, runtime) = try presenter("Wait@1s /Payment successful/\nEnter\n")
    advance(presenter, runtime, to: 0)
    advance(presenter, runtime, to: 1000)
    XCTAssertEqual(runtime.model.presentation?.isPaused, true)
    XCTAssertEqual(
      runtime.model.presentation?.status, "⚠ line 1: Expect screen /Payment successful/ did not hold")
    XCTAssertEqual(runtime.model.checkout.screen, .methodList)
    _ = presenter.handle(.right)
    advance(presenter, runtime, to: 1001)
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm, "→ goes on past it")
  }

  func testTheCaptionAndTheZoomedCheckoutOnScreen() throws {
    let (presenter, runtime) = try presenter("Caption \"Now the shopper applies a coupon\"\n", zoom: true)
    advance(presenter, runtime, to: 0)
    Snapshot.assert(runtime.render(), named: "demo-zoom-caption-100x32")
  }

  /// The demo waits through the same cursor as `play`: a check is looked at again only after the checkout
  /// changed, not on every turn of the terminal's loop.
  func testAWaitIsCheckedAgainOnlyAfterTheCheckoutChanged() throws {
    let (presenter, runtime) = try presenter("Wait@10s /Card number/\n")
    let before = runtime.renders
    for turn in 0..<10 { advance(presenter, runtime, to: turn * 10) }
    XCTAssertEqual(runtime.renders - before, 1, "drawn once: nothing changed since")
    runtime.send(.key(.enter))
    advance(presenter, runtime, to: 200)
    XCTAssertEqual(runtime.renders - before, 2, "drawn again after a change")
    XCTAssertEqual(runtime.model.presentation?.isFinished, true, "and the card form met it")
  }

  /// Demo presents the beats of the one `TapeCursor` that `play` goes through: a key a beat, a step ending on
  /// its last key.
  func testDemoGoesThroughTheCursorsBeatsEachStepEndingOnItsLastKey() throws {
    let (presenter, _) = try presenter("Type \"42\"\nDown 2\nWait /Card/\nCaption \"x\"\n")
    XCTAssertEqual(presenter.beats.map(\.endsStep), [false, true, false, true, true, true])
  }
}
