import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop
@testable import PayDrillTools

/// Keys become a tape that reads like one written by hand, and that `Tape` reads back to the same keys.
final class TapeRecorderTests: XCTestCase {
  /// Issue 28: a recording held a `Sleep` for every pause between keys, typed text cut by them, and no check
  /// of the outcome. Now: one `Type` per field, no `Sleep`, a `Wait` for each new screen, and the outcome's
  /// `Expect` lines at the end.
  func testARecordingReadsLikeATapeWrittenByHand() throws {
    var recorder = TapeRecorder()
    func press(_ key: KeyEvent, on screen: String?) {
      recorder.record(key, on: screen)
    }
    press(.down, on: "Checkout")
    press(.down, on: "Checkout")
    press(.up, on: "Checkout")
    press(.enter, on: "Checkout")
    for character in "4242 4242" { press(.character(character), on: "Card") }
    press(.resize(Size(columns: 80, rows: 24)), on: "Card")
    for character in " 4242 4242" { press(.character(character), on: "Card") }
    press(.tab, on: "Card")
    for character in "Jo \"Q\" \\" { press(.character(character), on: "Card") }
    press(.tab, on: "Card")
    press(.enter, on: "Card")
    press(.enter, on: "Payment failed (a.k.a. $0)")
    press(.character("q"), on: "Card")
    recorder.dropLastKey()
    let text = recorder.tape(
      header: ["--scenario", "my shop", "--seed", "4"],
      outcome: TapeRecorder.Outcome(
        frame: "Paid", screen: "Payment successful", callback: ("onError", "CARD_DECLINED"), total: "$49.99"))
    XCTAssertEqual(
      text,
      """
      # paydrill: --scenario "my shop" --seed 4
      Wait /─ Checkout ─/
      Down 2
      Up
      Enter
      Wait /─ Card ─/
      Type "4242 4242 4242 4242"
      Tab
      Type "Jo \\"Q\\" \\\\"
      Tab
      Enter
      Wait /─ Payment failed \\(a\\.k\\.a\\. \\$0\\) ─/
      Enter
      # How the session ended: the screen, the last callback and the amount.
      Wait /─ Paid ─/
      Expect screen /Payment successful/
      Expect event onError code=CARD_DECLINED
      Expect total "$49.99"

      """)
    XCTAssertFalse(text.contains("Sleep"), "no time is kept: the waits stand for it")
    let tape = try Tape.parse(text, file: "recorded.tape")
    XCTAssertEqual(tape.headerArguments, ["--scenario", "my shop", "--seed", "4"])
    XCTAssertEqual(
      tape.steps.map(\.command),
      [
        .wait(pattern: "─ Checkout ─", timeout: Tape.defaultWaitTimeout),
        .press(.down, count: 2), .press(.up, count: 1), .press(.enter, count: 1),
        .wait(pattern: "─ Card ─", timeout: Tape.defaultWaitTimeout),
        .type("4242 4242 4242 4242"), .press(.tab, count: 1), .type("Jo \"Q\" \\"), .press(.tab, count: 1),
        .press(.enter, count: 1),
        .wait(pattern: #"─ Payment failed \(a\.k\.a\. \$0\) ─"#, timeout: Tape.defaultWaitTimeout),
        .press(.enter, count: 1),
        .wait(pattern: "─ Paid ─", timeout: Tape.defaultWaitTimeout),
        .expect(.screen(pattern: "Payment successful"), timeout: Tape.defaultExpectTimeout),
        .expect(
          .event(name: "onError", details: ["code": "CARD_DECLINED"]), timeout: Tape.defaultExpectTimeout),
        .expect(.total("$49.99"), timeout: Tape.defaultExpectTimeout),
      ])
  }

  func testAnEmptyRecordingIsAHeaderOnly() {
    var recorder = TapeRecorder()
    recorder.dropLastKey()
    XCTAssertEqual(recorder.tape(header: ["--seed", "1"]), "# paydrill: --seed 1\n")
  }

  /// The landmark of a screen is its first title, success or error line under the header, without its marks.
  func testTheLandmarkIsTheScreensFirstTitleWithoutItsMarks() {
    var screen = ScreenBuffer(width: 60, height: 4)
    screen.write(" PayDrill · Acme", x: 0, y: 0, role: .header)
    screen.write("╭─", x: 0, y: 1, role: .border)
    screen.write(" Paid ", x: 2, y: 1, role: .title)
    screen.write("Order summary", x: 10, y: 1, role: .title)
    screen.write("✓ Payment successful", x: 2, y: 2, role: .success)
    screen.write("Events", x: 40, y: 2, role: .title)
    XCTAssertEqual(
      ScreenLandmark.text(of: screen, skipping: ["Order summary"]), "Payment successful",
      "not the frame's title, nor the order summary's heading")
    XCTAssertEqual(ScreenLandmark.frame(of: screen), "Paid")
    var long = ScreenBuffer(width: 80, height: 2)
    long.write("Choose how you would like to pay for the order today, please…", x: 0, y: 1, role: .title)
    XCTAssertEqual(ScreenLandmark.text(of: long), "Choose how you would like to pay for")
    XCTAssertNil(ScreenLandmark.text(of: ScreenBuffer(width: 10, height: 2)))
  }

  /// A recording made on the real screens of a checkout replays to the same outcome: its waits and checks
  /// are what the screens show.
  private func runtime(latency: Int) -> CheckoutRuntime {
    CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 100, rows: 32), latencyMilliseconds: latency)
  }

  func testARecordingOfACheckoutReplaysAndPassesAtAnotherLatency() throws {
    var recorder = TapeRecorder()
    let live = runtime(latency: 0)
    live.start()
    func typed(_ text: String) -> [KeyEvent] { text.map { KeyEvent.character($0) } }
    var keys: [KeyEvent] = [.enter] + typed("4242 4242 4242 4242")
    keys += [.tab] + typed("1234") + [.tab] + typed("123")
    keys += [.tab] + typed("Ada") + [.tab, .enter]
    for key in keys {
      live.settle()
      recorder.record(
        key, on: ScreenLandmark.frame(of: live.render()), into: live.model.cardFieldTakingKeys,
        cardNumber: live.model.checkout.cardForm.number)
      live.press(key)
    }
    live.advance(by: Duration.seconds(2))
    let text = recorder.tape(
      header: [], outcome: TapeRecorder.Outcome(model: live.model, screen: live.render()))
    XCTAssertTrue(text.contains("\nWait /─ Checkout ─/\nEnter\nWait /─ Card ─/\n"), text)
    XCTAssertTrue(
      text.contains("\nType \"4242 4242 4242 4242\"\nTab\nType \"1234\"\nTab\nType \"000\"\n"), text)
    XCTAssertTrue(text.contains("\nWait /─ Paid ─/\nExpect screen /Payment successful/\n"), text)
    XCTAssertTrue(text.hasSuffix("Expect event onSuccess\nExpect total \"$49.99\"\n"), text)
    for (latency, size) in [(0, 100), (900, 100), (4000, 80)] {
      let replay = CheckoutRuntime(
        scenario: .acmeElectronics, size: Size(columns: size, rows: size == 100 ? 32 : 24),
        latencyMilliseconds: latency)
      let outcome = TapePlayer(runtime: replay).play(try Tape.parse(text, file: "recorded.tape"))
      XCTAssertEqual(outcome, TapePlayer.Outcome.completed, "latency \(latency): \(text)")
    }
  }

  /// What changes by itself on one screen gets a `Wait` too: Apple Pay's button once `prepare()` answered,
  /// and each of the sheet's updates (the address's tax, the coupon's error). Recorded with the shopper
  /// taking two seconds a key, the tape replays and passes at no latency and at a slow one.
  func testChangesOnTheSameScreenAreWaitedForSoTheSheetReplaysAtAnyLatency() throws {
    let live = runtime(latency: 600)
    live.start()
    var recorder = TapeRecorder()
    recorder.settled(on: ScreenLandmark.panelLines(of: live.render()))
    func typed(_ text: String) -> [KeyEvent] { text.map { KeyEvent.character($0) } }
    var keys: [KeyEvent] = [.down, .down, .enter, .up, .up, .up, .up, .enter, .down, .enter]
    keys += [.down, .enter, .down, .enter, .down, .down, .enter] + typed("SUMMER23") + [.enter, .enter]
    keys += Array(repeating: KeyEvent.backspace, count: 8) + typed("SAVE10") + [.enter]
    keys += [.up, .up, .up, .up, .enter, .down, .enter] + Array(repeating: KeyEvent.down, count: 5)
    keys += [.enter, .enter]
    for key in keys {
      live.advance(by: .seconds(2))
      let screen = live.render()
      live.press(key) { _ in
        recorder.record(
          key, on: ScreenLandmark.frame(of: screen), showing: ScreenLandmark.panelLines(of: screen),
          into: live.model.cardFieldTakingKeys, cardNumber: live.model.checkout.cardForm.number)
      }
      recorder.settled(on: ScreenLandmark.panelLines(of: live.render()))
    }
    live.advance(by: .seconds(5))
    let text = recorder.tape(
      header: [], outcome: TapeRecorder.Outcome(model: live.model, screen: live.render()))
    XCTAssertTrue(
      text.contains("Wait /─ Checkout ─/\nWait /3 Apple Pay +\\( Buy with Apple Pay \\)/\n"), text)
    XCTAssertTrue(text.contains("Enter\nWait /This coupon code has expired/\nEnter\n"), text)
    XCTAssertTrue(text.hasSuffix("Expect event onSuccess\nExpect total \"$63.97\"\n"), text)
    for latency in [0, 600, 3000] {
      let outcome = TapePlayer(runtime: runtime(latency: latency)).play(
        try Tape.parse(text, file: "sheet.tape"))
      XCTAssertEqual(outcome, TapePlayer.Outcome.completed, "latency \(latency): \(text)")
    }
  }

  /// The recorder writes a key by the name the tape reads back: one table for both ways.
  func testEveryNamedKeyIsWrittenAsTheTapeReadsIt() throws {
    for (name, key) in Tape.namedKeys where key != .character(" ") {
      XCTAssertEqual(TapeRecorder.name(of: key), name)
      let tape = try Tape.parse(name + "\n", file: "keys.tape")
      XCTAssertEqual(tape.steps.map(\.command), [.press(key, count: 1)], name)
    }
    XCTAssertEqual(TapeRecorder.name(of: .click(x: 3, y: 4)), "Click 3 4")
    XCTAssertNil(TapeRecorder.name(of: .character("a")), "typed, not pressed")
  }
}
