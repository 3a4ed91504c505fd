import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillTools

/// Keys become a tape that `Tape` reads back to the same keys.
final class TapeRecorderTests: XCTestCase {
  func testKeepsEveryPauseExactlyAndGroupsKeysOfTheSameInstant() throws {
    var recorder = TapeRecorder()
    var time = Duration.zero
    func press(_ key: KeyEvent, after milliseconds: Int = 0) {
      time += .milliseconds(milliseconds)
      recorder.record(key, at: time)
    }
    press(.down, after: 120)
    press(.down)
    press(.down)
    press(.enter, after: 37)
    for character in "Jo \"Q\" \\" { press(.character(character)) }
    press(.resize(Size(columns: 80, rows: 24)), after: 5)
    press(.tab, after: 1480)  // 1.485 s after the last key: the resize is no key
    press(.character("\u{05}"))
    press(.backTab, after: 1)
    press(.character("q"), after: 2000)
    recorder.dropLastKey()
    let text = recorder.tape(header: ["--scenario", "my shop", "--seed", "4"])
    XCTAssertEqual(
      text,
      """
      # paydrill: --scenario "my shop" --seed 4
      Sleep 120ms
      Down 3
      Sleep 37ms
      Enter
      Type "Jo \\"Q\\" \\\\"
      Sleep 1485ms
      Tab
      Ctrl+E
      Sleep 1ms
      Shift+Tab
      Sleep 2000ms

      """)
    let tape = try Tape.parse(text, file: "recorded.tape")
    XCTAssertEqual(tape.headerArguments, ["--scenario", "my shop", "--seed", "4"])
    XCTAssertEqual(
      tape.steps.map(\.command),
      [
        .sleep(.milliseconds(120)), .press(.down, count: 3), .sleep(.milliseconds(37)),
        .press(.enter, count: 1),
        .type("Jo \"Q\" \\"), .sleep(.milliseconds(1485)), .press(.tab, count: 1),
        .press(.character("\u{05}"), count: 1), .sleep(.milliseconds(1)), .press(.backTab, count: 1),
        .sleep(.seconds(2)),
      ])
  }

  func testAnEmptyRecordingIsAHeaderOnly() {
    var recorder = TapeRecorder()
    recorder.dropLastKey()
    XCTAssertEqual(recorder.tape(header: ["--seed", "1"]), "# paydrill: --seed 1\n")
  }

  func testALongPauseRecordedInMillisecondsReplays() throws {
    var recorder = TapeRecorder()
    recorder.record(.enter, at: .milliseconds(4_810))
    recorder.record(.down, at: .milliseconds(4_810 + 95_000))
    let tape = try Tape.parse(recorder.tape(header: []), file: "long.tape")
    XCTAssertEqual(
      tape.steps.map(\.command),
      [.sleep(.milliseconds(4_810)), .press(.enter, count: 1), .sleep(.seconds(95)), .press(.down, count: 1)])
    XCTAssertThrowsError(try Tape.parse("Sleep 3600001ms\n", file: "t.tape"), "an hour at most")
    XCTAssertThrowsError(try Tape.parse("Sleep 61m\n", file: "t.tape"))
  }
}
