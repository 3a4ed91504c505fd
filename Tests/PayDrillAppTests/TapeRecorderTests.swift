import TerminalUI
import XCTest

@testable import PayDrillApp

/// Keys become a tape that `Tape` reads back to the same keys.
final class TapeRecorderTests: XCTestCase {
  func testGroupsTextCountsKeysAndKeepsLongPauses() throws {
    var recorder = TapeRecorder(pauseThreshold: .milliseconds(800))
    let start = ContinuousClock.now
    var time = start
    func press(_ key: KeyEvent, after milliseconds: Int = 50) {
      time += .milliseconds(milliseconds)
      recorder.record(key, at: time)
    }
    press(.down)
    press(.down)
    press(.down)
    press(.enter)
    for character in "Jo \"Q\" \\" { press(.character(character)) }
    press(.resize(Size(columns: 80, rows: 24)))
    press(.tab, after: 1480)  // 1.53 s after the last key: the resize does not count
    press(.character("\u{05}"))
    press(.backTab)
    press(.character("q"), after: 2000)
    recorder.dropLastKey()
    let text = recorder.tape(header: ["--scenario", "my shop", "--seed", "4"])
    XCTAssertEqual(
      text,
      """
      # paydrill: --scenario "my shop" --seed 4
      Down 3
      Enter
      Type "Jo \\"Q\\" \\\\"
      Sleep 1.5s
      Tab
      Ctrl+E
      Shift+Tab
      Sleep 2.0s

      """)
    let tape = try Tape.parse(text, file: "recorded.tape")
    XCTAssertEqual(tape.headerArguments, ["--scenario", "my shop", "--seed", "4"])
    XCTAssertEqual(
      tape.steps.map(\.command),
      [
        .press(.down, count: 3), .press(.enter, count: 1), .type("Jo \"Q\" \\"), .sleep(.milliseconds(1500)),
        .press(.tab, count: 1), .press(.character("\u{05}"), count: 1), .press(.backTab, count: 1),
        .sleep(.seconds(2)),
      ])
  }

  func testAnEmptyRecordingIsAHeaderOnly() {
    var recorder = TapeRecorder()
    recorder.dropLastKey()
    XCTAssertEqual(recorder.tape(header: ["--seed", "1"]), "# paydrill: --seed 1\n")
  }
}
