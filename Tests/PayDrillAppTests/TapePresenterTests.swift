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
    presenter.play(on: runtime, until: 0)
    XCTAssertEqual(runtime.model.presentation?.caption, "Choosing the card")
    XCTAssertEqual(runtime.model.checkout.screen, .methodList, "Enter waits for the key pace")
    presenter.play(on: runtime, until: 499)
    XCTAssertEqual(runtime.model.checkout.screen, .methodList)
    presenter.play(on: runtime, until: 500)
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm)
    presenter.play(on: runtime, until: 600)
    XCTAssertEqual(runtime.model.checkout.cardForm.number, "4", "one character per 100 ms")
    presenter.play(on: runtime, until: 700)
    XCTAssertEqual(runtime.model.checkout.cardForm.number, "42")
    presenter.play(on: runtime, until: 2600)
    XCTAssertEqual(
      runtime.model.presentation?.caption, "Choosing the card", "Sleep 1s lasts 2 s at pause scale 2")
    XCTAssertEqual(runtime.model.presentation?.isFinished, false)
    presenter.play(on: runtime, until: 2700)
    XCTAssertEqual(runtime.model.presentation?.caption, "Done")
    XCTAssertEqual(runtime.model.presentation?.isFinished, true)
    XCTAssertEqual(runtime.model.presentation?.status, "End of the tape")
  }

  func testSpacePausesAndRightSteps() throws {
    let (presenter, runtime) = try presenter("Enter\nType \"4\"\n")
    XCTAssertTrue(presenter.handle(.character(" ")))
    presenter.play(on: runtime, until: 5000)
    XCTAssertEqual(runtime.model.checkout.screen, .methodList, "paused: nothing happens")
    XCTAssertEqual(runtime.model.presentation?.status, "Paused")
    XCTAssertTrue(presenter.handle(.right))
    presenter.play(on: runtime, until: 5001)
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm, "→ plays one beat at once")
    XCTAssertEqual(runtime.model.checkout.cardForm.number, "", "and only one")
    XCTAssertTrue(presenter.handle(.character(" ")))
    presenter.play(on: runtime, until: 5002)
    presenter.play(on: runtime, until: 5200)
    XCTAssertEqual(runtime.model.checkout.cardForm.number, "4", "playing again")
    XCTAssertFalse(presenter.handle(.character("q")), "q stops the demo")
  }

  func testACheckThatDoesNotHoldPausesAndSaysWhy() throws {
    let (presenter, runtime) = try presenter("Wait@1s /Payment successful/\nEnter\n")
    presenter.play(on: runtime, until: 0)
    presenter.play(on: runtime, until: 1000)
    XCTAssertEqual(runtime.model.presentation?.isPaused, true)
    XCTAssertEqual(
      runtime.model.presentation?.status, "⚠ line 1: Expect screen /Payment successful/ did not hold")
    XCTAssertEqual(runtime.model.checkout.screen, .methodList)
    _ = presenter.handle(.right)
    presenter.play(on: runtime, until: 1001)
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm, "→ goes on past it")
  }

  func testTheCaptionAndTheZoomedCheckoutOnScreen() throws {
    let (presenter, runtime) = try presenter("Caption \"Now the shopper applies a coupon\"\n", zoom: true)
    presenter.play(on: runtime, until: 0)
    Snapshot.assert(runtime.render(), named: "demo-zoom-caption-100x32")
  }

  /// The demo waits through the same cursor as `play`: a check is looked at again only after the checkout
  /// changed, not on every turn of the terminal's loop.
  func testAWaitIsCheckedAgainOnlyAfterTheCheckoutChanged() throws {
    let (presenter, runtime) = try presenter("Wait@10s /Card number/\n")
    let before = runtime.renders
    for turn in 0..<10 { presenter.play(on: runtime, until: turn * 10) }
    XCTAssertEqual(runtime.renders - before, 1, "drawn once: nothing changed since")
    runtime.send(.key(.enter))
    presenter.play(on: runtime, until: 200)
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

extension TapePresenter {
  /// Moves `runtime`'s virtual clock to `milliseconds` after its start, then lets the presenter play as the
  /// terminal's loop does on its live one.
  func play(on runtime: CheckoutRuntime, until milliseconds: Int) {
    runtime.advance(by: .milliseconds(milliseconds) - runtime.clock.elapsed)
    advance()
  }
}
