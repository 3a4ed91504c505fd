import Foundation
import XCTest

/// What a test needs from the machine (tmux, python3 and its packages, curl, make, `unshare`): where it is
/// missing the test is skipped, except under `CI=true`, where a missing tool is a broken set-up (`make test`
/// installs them) and fails the test loudly. Every test target that needs a tool says so through this.
public enum Requirement {
  /// Fails the test under `CI=true` with `message`; elsewhere does nothing.
  public static func report(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
    if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message, file: file, line: line) }
  }

  /// Reports what is missing, and gives the skip to throw.
  public static func missing(_ message: String, file: StaticString = #filePath, line: UInt = #line) -> XCTSkip
  {
    report(message, file: file, line: line)
    return XCTSkip(message)
  }
}
