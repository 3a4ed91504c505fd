import Foundation
import Platform
import XCTest

/// A checkout left alone sleeps (tmux, the real binary): once its screen has settled, its threads are not
/// woken at all, counted as the kernel counts them (context switches, not time). Asleep, it still answers at
/// once whatever arrives: a key, a resize, `fg` after an outside stop, the gateway's answer, SIGTERM.
final class IdleTerminalTests: TerminalTestCase {
  /// How many times the kernel has switched each of the process's threads out so far (it slept and was woken,
  /// or was preempted): `voluntary_ctxt_switches` + `nonvoluntary_ctxt_switches`, by thread id.
  private func contextSwitches(of pid: String) throws -> [String: Int] {
    guard let process = pid_t(pid), let threads = ProcessStatistics.threads(of: process) else {
      throw XCTSkip("the system does not tell the context switches of process \(pid)")
    }
    return threads.mapValues(\.switches)
  }

  /// The wake-ups of every thread over `seconds` of nothing happening.
  private func wakeUps(of pid: String, over seconds: TimeInterval) throws -> Int {
    let before = try contextSwitches(of: pid)
    Thread.sleep(forTimeInterval: seconds)
    return try contextSwitches(of: pid).reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
  }

  func testLeftAloneItSleepsAndStillAnswersKeysResizesSignalsAndTheGateway() throws {
    let session = try TmuxSession(command: "export PS1='shell$ '; exec bash --norc --noprofile -i")
    try session.waitFor("shell$")
    try session.type("\(try PayDrillBinary.path()) --latency 300 --no-ledger")
    try session.press("Enter")
    // Settled: the Apple Pay /init answer is drawn.
    try session.waitFor("Buy with Apple Pay")
    let pid = try RestoredTerminal.paydrillPID(in: session)
    // Before, a 30 ms input poll woke it about 68 times in 2 s.
    let idle = try wakeUps(of: pid, over: 2)
    XCTAssertLessThanOrEqual(idle, 1, "wake-ups in 2 idle seconds")

    try session.press("Down")
    try session.waitFor("▸ 2 PayPal")

    try session.resize(columns: 70, rows: 24)
    try session.waitUntil("no frame of 70 columns after the resize") { screen in
      let title = screen.split(separator: "\n").first ?? ""
      return title.contains("$49.99") && title.count <= 70
    }

    try TmuxSession.shell(["kill", "-STOP", pid])
    try session.waitFor("Stopped")
    try session.type("fg")
    try session.press("Enter")
    try session.waitUntil("PayDrill did not redraw after fg") {
      $0.contains("Choose a payment method") && !$0.contains("Stopped") && !$0.contains("shell$")
    }
    try session.press("Up")
    try session.waitFor("▸ 1 Card")

    // The gateway's answer comes on the clock, 300 ms after the payment, while no key is pressed.
    try session.press("Enter")
    try session.waitFor("Card number")
    try RestoredTerminal.pay(in: session, number: "4242 4242 4242 4242", name: "Jane Doe")
    try session.waitFor("Payment successful")
    XCTAssertLessThanOrEqual(
      try wakeUps(of: pid, over: 2), 1, "asleep again once paid, after signals (no dispatch worker started)")

    try TmuxSession.shell(["kill", "-TERM", pid])
    try session.waitFor("shell$")
    try session.type("echo DONE status=$?")
    try session.press("Enter")
    try session.waitFor("DONE status=143")
  }
}
