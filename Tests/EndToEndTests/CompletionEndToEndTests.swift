import Foundation
import XCTest

/// `paydrill completions SHELL` from the real binary, in the real shells: each shell accepts its script
/// (`bash -n`, `zsh -n`, `fish -n`), and Tab in an interactive bash (and zsh, where it is installed) in tmux
/// completes commands, option values and each command's own options.
final class CompletionEndToEndTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-completion-e2e-\(UUID().uuidString)")
    // A folder on the PATH where the binary is `paydrill`, as it is once installed.
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: bin.appendingPathComponent("paydrill").path, withDestinationPath: try PayDrillBinary.path())
  }

  override func tearDownWithError() throws {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  /// Whether a program is on the PATH (`command -v`).
  static func installed(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
  }

  /// Runs a program to its end (through `env`, from the package's folder); its status and its output.
  @discardableResult
  static func run(_ arguments: [String], in directory: URL = PayDrillBinary.packageRoot) throws -> (
    status: Int32, output: String
  ) {
    let result = try PayDrillBinary.launch("/usr/bin/env", arguments, in: directory)
    return (result.status, result.standardOutput + result.standardError)
  }

  /// The binary's script for `shell`, written to a file named `name`.
  private func script(_ shell: String, named name: String) throws -> URL {
    let result = try PayDrillBinary.run(["completions", shell])
    XCTAssertEqual(result.status, 0, result.standardError)
    let file = folder.appendingPathComponent(shell).appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try result.standardOutput.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  func testEachShellAcceptsItsScript() throws {
    var absent: [String] = []
    for (shell, check) in [
      ("bash", ["bash", "-n"]), ("zsh", ["zsh", "-n"]), ("fish", ["fish", "--no-config", "-n"]),
    ] {
      guard Self.installed(shell) else {
        absent.append(shell)
        continue
      }
      let file = try script(shell, named: "paydrill")
      let result = try Self.run(check + [file.path])
      XCTAssertEqual(result.status, 0, "\(shell) -n: \(result.output)")
      XCTAssertEqual(result.output, "", "\(shell) -n")
    }
    XCTAssertFalse(absent.contains("bash"), "bash is the one shell this test needs")
    if !absent.isEmpty {
      throw XCTSkip("not checked, not installed: \(absent.joined(separator: ", "))")
    }
  }

  func testAMisspeltShellGetsTheNearestOne() throws {
    let result = try PayDrillBinary.run(["completions", "bsh"])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(
      result.standardError,
      "paydrill: there is no completion script for \"bsh\"; did you mean \"bash\"?\n"
        + "usage: paydrill completions bash|zsh|fish  (see paydrill completions --help)\n")
  }

  /// Types `line`, presses Tab and waits for `completed` on the prompt's line (tmux leaves out the space
  /// after it); then clears the line and the screen. The shell reads the keys in order, so what the next
  /// call waits for cannot be on the screen from before.
  private func complete(
    _ session: TmuxSession, _ line: String, to completed: String, file: StaticString = #filePath,
    line number: UInt = #line
  ) throws {
    try session.type(line)
    try session.press("Tab")
    try session.waitFor("$ " + completed, file: file, line: number)
    try session.press("C-u", "C-l")
  }

  /// A shell whose prompt is `$ `, with `paydrill` on its PATH, in the package's folder.
  private func shell(_ command: String) throws -> TmuxSession {
    try TmuxSession.requireTmux()
    let bin = folder.appendingPathComponent("bin").path
    let session = try TmuxSession(
      command: "export PATH='\(bin)':\"$PATH\" INPUTRC=/dev/null HISTFILE=/dev/null; exec \(command)")
    return session
  }

  /// Runs a command line and waits for `output`, which the line typed must not contain.
  private func enter(_ session: TmuxSession, _ line: String, waitingFor output: String) throws {
    try session.type(line)
    try session.press("Enter")
    try session.waitFor(output)
    try session.press("C-l")
  }

  func testTabCompletesInBash() throws {
    let session = try shell("env PS1='$ ' bash --norc --noprofile")
    try session.waitFor("$")
    try enter(
      session, "source <(paydrill completions bash); complete -p paydrill", waitingFor: "-F _paydrill")
    try complete(session, "paydrill pl", to: "paydrill play")
    try complete(session, "paydrill --scenario tok", to: "paydrill --scenario tokyo-yen")
    try complete(session, "paydrill play --ju", to: "paydrill play --junit")
    try complete(session, "paydrill --latency 0 play --ju", to: "paydrill --latency 0 play --junit")
    try complete(session, "paydrill buttons --style whiteO", to: "paydrill buttons --style whiteOutline")
    try complete(session, "paydrill play Tapes/pay-with-v", to: "paydrill play Tapes/pay-with-visa.tape")
    try complete(session, "paydrill completions z", to: "paydrill completions zsh")
    // play does not take --zoom: Tab adds nothing, so the X typed after it follows --zo.
    try session.type("paydrill play --zo")
    try session.press("Tab")
    try session.type("X")
    try session.waitFor("$ paydrill play --zoX")
    try session.press("C-u", "C-l")
    // Tab twice lists play's options: its own and the checkout's set-up, not the gallery's or --zoom.
    try session.type("paydrill play --")
    try session.press("Tab", "Tab")
    // Once listed, the prompt's line is written again under the list.
    let listing = try session.waitUntil("the list of play's options did not show") {
      $0.components(separatedBy: "$ paydrill play --").count == 3
    }
    for option in ["--junit", "--screens", "--scenario", "--jobs", "--help"] {
      XCTAssertTrue(listing.contains(option), "\(option) in:\n\(listing)")
    }
    for option in ["--zoom", "--print", "--typing-speed", "--json"] {
      XCTAssertFalse(listing.contains(option), "\(option) in:\n\(listing)")
    }
  }

  func testTabCompletesInZshFromItsFunctionFolder() throws {
    guard Self.installed("zsh") else { throw XCTSkip("zsh is not installed: its script is not tried in zsh") }
    // Where make install puts it: a folder of zsh's fpath, the file named _paydrill, loaded by compinit.
    let functions = try script("zsh", named: "_paydrill").deletingLastPathComponent().path
    let session = try shell("env PS1='$ ' zsh -f")
    try session.waitFor("$")
    try enter(
      session,
      "fpath=('\(functions)' $fpath); autoload -Uz compinit && compinit -u -D; echo ready-$((6 * 7))",
      waitingFor: "ready-42")
    try complete(session, "paydrill pl", to: "paydrill play")
    try complete(session, "paydrill --scenario tok", to: "paydrill --scenario tokyo-yen")
    try complete(session, "paydrill play --ju", to: "paydrill play --junit")
    try complete(session, "paydrill play Tapes/pay-with-v", to: "paydrill play Tapes/pay-with-visa.tape")
  }
}
