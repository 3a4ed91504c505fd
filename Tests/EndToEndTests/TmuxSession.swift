import CheckoutTestSupport
import Foundation
import XCTest

/// A real terminal for the real binary: a detached tmux session that tests type into and read from.
final class TmuxSession {
  let name: String
  private static let tmux = "/usr/bin/env"

  /// Skips the test where tmux is missing, and fails it under CI, where a missing tmux is a broken setup.
  static func requireTmux() throws {
    if (try? shell(["tmux", "-V"]))?.status == 0 { return }
    throw Requirement.missing("tmux is not installed: the terminal tests need it (make test installs it)")
  }

  init(command: String, columns: Int = 100, rows: Int = 32) throws {
    name = "paydrill-test-\(UUID().uuidString.prefix(8))"
    // The first new-session starts the tmux server, which would inherit a pipe and hold it open: no capture.
    let result = try Self.shell(
      capturing: false,
      [
        "tmux", "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", "-c",
        PayDrillBinary.packageRoot.path, "bash", "--norc", "--noprofile", "-c",
        // The default ledger goes to a temporary folder, never the user's.
        "export XDG_DATA_HOME='\(PayDrillBinary.dataHome)'; " + command,
      ])
    guard result.status == 0 else {
      throw Requirement.missing("tmux could not start a session (status \(result.status))")
    }
    _ = try Self.shell(["tmux", "set-option", "-t", name, "remain-on-exit", "on"])
  }

  deinit {
    _ = try? Self.shell(["tmux", "kill-session", "-t", name])
  }

  /// Sends keys by tmux name (`Enter`, `Tab`, `C-c`).
  func press(_ keys: String...) throws {
    _ = try Self.shell(["tmux", "send-keys", "-t", name] + keys)
  }

  /// Types text literally.
  func type(_ text: String) throws {
    _ = try Self.shell(["tmux", "send-keys", "-t", name, "-l", text])
  }

  /// The screen as text.
  func capture() throws -> String {
    try Self.shell(["tmux", "capture-pane", "-p", "-t", name]).output
  }

  func resize(columns: Int, rows: Int) throws {
    _ = try Self.shell(["tmux", "resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// Whether the pane shows its alternate screen (what `smcup` turns on and `rmcup` off).
  func alternateScreenIsOn() throws -> Bool {
    try Self.shell(["tmux", "display-message", "-p", "-t", name, "#{alternate_on}"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
  }

  /// The screen with its colours and attributes as escape sequences (`capture-pane -e`).
  func captureStyled() throws -> String {
    try Self.shell(["tmux", "capture-pane", "-p", "-e", "-t", name]).output
  }

  /// The pid of the pane's first process (the bash that runs the command).
  func panePID() throws -> Int32 {
    Int32(
      try Self.shell(["tmux", "list-panes", "-t", name, "-F", "#{pane_pid}"]).output
        .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  /// Polls the screen until `text` shows, or fails with the screen it last saw.
  @discardableResult
  func waitFor(_ text: String, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line)
    throws -> String
  {
    try waitUntil("\"\(text)\" did not appear", timeout: timeout, file: file, line: line) {
      $0.contains(text)
    }
  }

  /// Polls the screen until `condition` holds, or fails saying `failure` with the screen it last saw.
  @discardableResult
  func waitUntil(
    _ failure: String, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line,
    _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try capture()
      if condition(screen) { return screen }
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTFail("\(failure) in \(timeout) s; the screen was:\n\(screen)", file: file, line: line)
    return screen
  }

  @discardableResult
  static func shell(capturing: Bool = true, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tmux)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = capturing ? pipe : FileHandle.nullDevice
    process.standardError = capturing ? pipe : FileHandle.nullDevice
    try process.run()
    let data = capturing ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
    return (try exitStatus(of: process), String(decoding: data, as: UTF8.self))
  }

  /// Reaps the child with a bound: Foundation's `waitUntilExit` has been seen to miss the exit of the
  /// client that starts a fresh tmux server and wait forever on a zombie.
  private static func exitStatus(of process: Process, timeout: TimeInterval = 10) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while Date() < deadline {
      let reaped = waitpid(process.processIdentifier, &status, WNOHANG)
      if reaped == process.processIdentifier {
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
      }
      if reaped == -1, !process.isRunning { return process.terminationStatus }
      Thread.sleep(forTimeInterval: 0.01)
    }
    process.terminate()
    throw TmuxError.hung(process.arguments ?? [])
  }

  enum TmuxError: Error { case hung([String]) }
}
