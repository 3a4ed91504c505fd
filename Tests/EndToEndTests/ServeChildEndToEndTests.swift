import Foundation
import XCTest

/// `paydrill --serve`'s child, `paydrill-serve`, in a real terminal: its key stays out of the process list,
/// and its end, when the checkout did not ask for it, is shown with its last words and fails the run.
final class ServeChildEndToEndTests: TerminalTestCase {
  /// Issue 25: `--token ID:KEY` went to the child on its command line, which every user of the machine can
  /// read (`ps`, /proc/PID/cmdline). The child gets its tokens in its environment; the key still works.
  func testTheChildsCommandLineHoldsNoKey() throws {
    try PayDrillBinary.requirePython()
    let binary = try PayDrillBinary.path()
    let key = "e2e-key-\(UUID().uuidString)"
    let tmux = try TmuxSession(
      command: "'\(binary)' --serve --listen 127.0.0.1:0 --ledger '\(ledger)' --token e2e:\(key)")
    let waiting = try tmux.waitFor("Waiting for your backend")
    let url = try XCTUnwrap(
      waiting.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression).map { String(waiting[$0]) })
    let candidates = try TmuxSession.shell(["pgrep", "-f", ledger]).output.split(
      whereSeparator: \.isWhitespace)
    // `ps` shows what every user of the machine sees of a process, on Linux and macOS alike.
    func shown(_ field: String, of pid: Substring) -> String {
      ((try? PayDrillBinary.launch("/usr/bin/env", ["ps", "-ww", "-o", "\(field)=", "-p", String(pid)]))?
        .standardOutput ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let child = try XCTUnwrap(
      candidates.first { shown("comm", of: $0).hasSuffix("paydrill-serve") },
      "paydrill-serve runs: \(candidates)")
    let commandLine = shown("args", of: child)
    XCTAssertTrue(commandLine.contains("--listen"), commandLine)
    XCTAssertFalse(commandLine.contains(key), "the key is in the process list: \(commandLine)")
    // The key reached the server all the same: a request signed with it gets a session.
    let created = try PayDrillBinary.launch(
      "/usr/bin/env",
      [
        "python3", "Examples/merchant-backend.py", "--url", url, "--token-id", "e2e", "--token-key", key,
        "create",
      ])
    XCTAssertEqual(created.status, 0, created.standardError)
  }

  /// Issue 25: when the server child died, the checkout went on "Waiting for your backend", printed nothing
  /// and exited 0. Its end now shows on the screen with its last words, is printed once the terminal is
  /// back, and the exit status is 1. A stand-in `paydrill-serve` beside a copy of paydrill listens, then
  /// stops on an error, as a server whose disk fails does.
  func testTheServersEndShowsWithItsLastWordsAndFailsTheRun() throws {
    let copy = folder.appendingPathComponent("paydrill").path
    try FileManager.default.copyItem(atPath: try PayDrillBinary.path(), toPath: copy)
    let standIn = folder.appendingPathComponent("paydrill-serve").path
    try """
    #!/bin/sh
    echo '{"listening": "http://127.0.0.1:9"}'
    sleep 1
    echo 'paydrill: the ledger cannot be written (disk I/O error)' >&2
    exit 3
    """.write(toFile: standIn, atomically: true, encoding: .utf8)
    XCTAssertEqual(chmod(standIn, 0o755), 0)
    let tmux = try TmuxSession(
      command: "'\(copy)' --serve --ledger '\(ledger)'; echo DONE status=$?; sleep 30")
    let screen = try tmux.waitFor("The server stopped")
    XCTAssertTrue(screen.contains("The server stopped (exit status 3)"), screen)
    XCTAssertTrue(screen.contains("the ledger cannot be written (disk I/O error)"), screen)
    try tmux.press("q")
    let done = try tmux.waitFor("DONE status=").replacingOccurrences(of: "\n", with: "")
    XCTAssertTrue(done.contains("DONE status=1"), done)
    XCTAssertTrue(
      done.contains(
        "paydrill: the server (paydrill serve) stopped (exit status 3): the ledger cannot be written (disk I/O error)"
      ), done)
  }
}
