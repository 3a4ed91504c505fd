import Foundation
import XCTest

/// What the tmux tests share: a shell command that records `stty -a` before and after paydrill, the check
/// that the terminal came back the same (modes and alternate screen), paying by typing, and finding the
/// paydrill process under the pane's shell.
struct RestoredTerminal {
  /// Where `stty -a` is written before and after.
  let folder: URL

  /// A shell command that records `stty -a`, runs paydrill with `arguments` (after `environment`, such as
  /// `env TERM=vt100`), records `stty -a` again and says DONE and paydrill's exit status.
  func wrapped(_ arguments: String, environment: String = "") throws -> String {
    let binary = try PayDrillBinary.path()
    let before = folder.appendingPathComponent("before.txt").path
    let after = folder.appendingPathComponent("after.txt").path
    return
      "stty -a > \(before); \(environment) \(binary) \(arguments); status=$?; stty -a > \(after); echo DONE status=$status; sleep 30"
  }

  /// `stty -a` without the window's size, which a test may change.
  func modes(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      .replacingOccurrences(of: #"rows \d+; columns \d+;"#, with: "", options: .regularExpression)
  }

  /// Every mode and control character is as it was before paydrill, and the alternate screen is off.
  func assertRestored(
    _ session: TmuxSession? = nil, after name: String = "after.txt", file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let before = try modes("before.txt")
    XCTAssertFalse(before.isEmpty, file: file, line: line)
    XCTAssertEqual(
      before, try modes(name), "stty -a changed: the terminal was not restored", file: file, line: line)
    if let session {
      XCTAssertFalse(
        try session.alternateScreenIsOn(), "the alternate screen was left on", file: file, line: line)
    }
  }

  /// Fills in the card form by typing, as a person would, and presses Pay.
  static func pay(in session: TmuxSession, number: String, name: String) throws {
    for (text, key) in [(number, "Tab"), ("1234", "Tab"), ("123", "Tab"), (name, "Tab")] {
      try session.type(text)
      try session.press(key)
    }
    try session.press("Enter")
  }

  /// The pid of the paydrill that the pane's shell runs.
  static func paydrillPID(in session: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws
    -> String
  {
    let child = try TmuxSession.shell(["pgrep", "-P", "\(try session.panePID())", "paydrill"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertFalse(child.isEmpty, "paydrill is running under the pane's shell", file: file, line: line)
    return child
  }
}
