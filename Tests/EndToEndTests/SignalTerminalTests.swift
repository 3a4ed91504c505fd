import Foundation
import XCTest

/// Signals and crashes in a real terminal (tmux, the real binary): SIGINT, SIGTERM and SIGHUP end the run,
/// Ctrl-Z and SIGTSTP suspend it and `fg` brings it back, a `fatalError` and a gateway plugin killed while
/// it works. The terminal always comes back as it was, and a payment in flight is never recorded as paid.
final class SignalTerminalTests: TerminalTestCase {
  /// The ledger's attempts, as `paydrill history --json` prints them.
  private func attempts() throws -> [[String: Any]] {
    let listed = try PayDrillBinary.run(["history", "--ledger", ledger, "--json"])
    XCTAssertEqual(listed.status, 0, listed.standardError)
    return try listed.standardOutput.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// Opens the card form and pays with the Visa test card; returns once the gateway works.
  private func startPaying(in session: TmuxSession) throws {
    try session.waitFor("Choose a payment method")
    try session.press("Enter")
    try session.waitFor("Card number")
    try RestoredTerminal.pay(in: session, number: "4242 4242 4242 4242", name: "Jane Doe")
    try session.waitFor("Processing")
  }

  func testSigintAndSighupWhileTheGatewayWorksRecordAnInterruptedAttempt() throws {
    for (signal, status) in [("INT", 130), ("HUP", 129)] {
      try? FileManager.default.removeItem(atPath: ledger)
      let session = try TmuxSession(command: try terminal.wrapped("--latency 60000 --ledger \(ledger)"))
      try startPaying(in: session)
      try TmuxSession.shell(["kill", "-\(signal)", try RestoredTerminal.paydrillPID(in: session)])
      let done = try session.waitFor("DONE status=")
      XCTAssertTrue(done.contains("DONE status=\(status)"), "SIG\(signal): \(done)")
      try terminal.assertRestored(session)
      let recorded = try attempts()
      XCTAssertEqual(recorded.count, 1, "SIG\(signal)")
      XCTAssertEqual(recorded.first?["outcome"] as? String, "interrupted", "SIG\(signal)")
    }
  }

  /// An interactive shell with job control, as a person has: commands are typed into it.
  private func shellSession() throws -> TmuxSession {
    let session = try TmuxSession(command: "export PS1='shell$ '; exec bash --norc --noprofile -i")
    try session.waitFor("shell$")
    return session
  }

  private func typeCommand(_ command: String, in session: TmuxSession) throws {
    try session.type(command)
    try session.press("Enter")
  }

  func testCtrlZAndSigtstpSuspendAndFgRedrawsTheWholeScreen() throws {
    let session = try shellSession()
    let stty = { (name: String) in "stty -a > \(self.folder.appendingPathComponent(name).path)" }
    try typeCommand(
      "\(stty("before.txt")); \(try PayDrillBinary.path()) --latency 1500 --ledger \(ledger)", in: session)
    try startPaying(in: session)
    try session.press("C-z")
    let stopped = try session.waitFor("Stopped")
    XCTAssertFalse(stopped.contains("Processing"), "the shell's screen is back: \(stopped)")
    XCTAssertFalse(try session.alternateScreenIsOn())
    try typeCommand("\(stty("suspended.txt")); fg", in: session)
    try session.waitFor("Payment successful")
    XCTAssertFalse(try session.capture().contains("Stopped"), "the whole screen is drawn again")

    try TmuxSession.shell(["kill", "-TSTP", try RestoredTerminal.paydrillPID(in: session)])
    try session.waitFor("Stopped")
    try typeCommand("fg", in: session)
    let back = try session.waitFor("Payment successful")
    XCTAssertFalse(back.contains("shell$"), back)
    try session.press("Escape")
    try session.waitFor("Choose a payment method")
    try session.press("q")
    try typeCommand("echo DONE status=$?; \(stty("after.txt"))", in: session)
    try session.waitFor("DONE status=0")
    try terminal.assertRestored(session, after: "suspended.txt")
    try terminal.assertRestored(session)
    XCTAssertEqual(try attempts().first?["outcome"] as? String, "succeeded", "suspended, not interrupted")
  }

  /// Hardening: after an outside `kill -STOP` the shell puts the terminal in its own cooked mode; on `fg`
  /// (SIGCONT) PayDrill restores its program mode, so a key reaches it at once, without Enter.
  func testAnOutsideStopThenFgRestoresTheProgramModeNotOnlyTheScreen() throws {
    let session = try shellSession()
    try typeCommand("\(try PayDrillBinary.path()) --latency 0 --ledger \(ledger)", in: session)
    try session.waitFor("Choose a payment method")
    try TmuxSession.shell(["kill", "-STOP", try RestoredTerminal.paydrillPID(in: session)])
    try session.waitFor("Stopped")
    try typeCommand("fg", in: session)
    // The stopped screen still shows the method list under the shell's lines: wait for PayDrill's redraw,
    // which leaves only its own screen, before pressing a key (a key sent earlier reaches the shell's mode).
    try session.waitUntil("PayDrill did not redraw after fg") {
      $0.contains("Choose a payment method") && !$0.contains("Stopped") && !$0.contains("shell$")
    }
    try session.press("q")
    let back = try session.waitFor("shell$")
    XCTAssertFalse(back.contains("Choose a payment method"), "q quit at once: \(back)")
    try typeCommand("echo DONE status=$?", in: session)
    try session.waitFor("DONE status=0")
  }

  func testAFatalErrorGivesTheTerminalBackThenPrintsItsMessage() throws {
    let session = try TmuxSession(
      command: try terminal.wrapped(
        "--latency 60000 --ledger \(ledger)", environment: "env PAYDRILL_CRASH_TEST=1"))
    try startPaying(in: session)
    try session.type("!")
    let done = try session.waitFor("DONE status=")
    // A Swift trap is SIGILL on x86-64 and SIGTRAP on arm64.
    XCTAssertTrue(done.contains("DONE status=132") || done.contains("DONE status=133"), done)
    XCTAssertTrue(done.contains("Fatal error: PAYDRILL_CRASH_TEST"), "the message, after the screen: \(done)")
    XCTAssertFalse(done.contains("Processing"), done)
    try terminal.assertRestored(session)
    XCTAssertEqual(
      try attempts().map { $0["outcome"] as? String }, ["interrupted"],
      "the attempt was written when it started: a crash leaves it interrupted, never paid")
  }

  func testAGatewayPluginKilledWhileItWorksIsNeverAPayment() throws {
    let pidFile = folder.appendingPathComponent("plugin.pid").path
    let plugin = folder.appendingPathComponent("hanging-plugin.sh")
    // Answers Apple Pay's /init (with a failure: no Apple Pay here), and hangs on the payment.
    try """
    while read line; do
      id=$(printf '%s' "$line" | sed 's/.*"id":\\([0-9]*\\).*/\\1/')
      case "$line" in
        *'"type":"authorise"'*) echo $$ > \(pidFile); exec sleep 60;;
        *) printf '{"id":%s,"countryCode":"US","currencyCode":"USD","networks":[],"failure":"not here"}\\n' "$id";;
      esac
    done

    """.write(to: plugin, atomically: true, encoding: .utf8)
    let session = try TmuxSession(
      command: try terminal.wrapped(
        "--gateway-plugin 'sh \(plugin.path)' --plugin-timeout 60 --ledger \(ledger)"))
    try startPaying(in: session)
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: pidFile), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let pid = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
      in: .whitespacesAndNewlines)
    try TmuxSession.shell(["kill", "-KILL", pid])
    let screen = try session.waitFor("PLUGIN_CRASHED")
    XCTAssertTrue(screen.contains("Payment failed"), screen)
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try terminal.assertRestored(session)
    let recorded = try attempts()
    XCTAssertEqual(recorded.count, 1)
    // Killed mid-request, the plugin may have charged: the outcome is unknown, and a retry keeps the key.
    XCTAssertEqual(recorded.first?["outcome"] as? String, "unknown")
    XCTAssertEqual(recorded.first?["errorCode"] as? String, "PLUGIN_CRASHED")
    XCTAssertNil(recorded.first?["systemTransactionId"])
  }
}
