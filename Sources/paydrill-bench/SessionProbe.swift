import Foundation
import TerminalUI

/// The peak memory of a whole interactive session: `paydrill` in a pseudo-terminal pays by card (typing the
/// form as a person does), starts a new checkout, pays with Apple Pay (another contact's row, the SAVE10
/// coupon, Face ID), and quits with Ctrl-C. Each step waits for its screen. The figure is the child's peak
/// resident memory after the last step (`PseudoTerminal.peakMemory`).
enum SessionProbe {
  /// The keys of the session, each with a word that shows once they have been handled.
  static let script: [(keys: String, shows: String)] = [
    ("", KeystrokeProbe.firstFrameMarker),
    (PseudoTerminal.enter, "number"),
    (
      ["4242424242424242", "1234", "123", "Jane Doe"].map { $0 + PseudoTerminal.tab }.joined()
        + PseudoTerminal.enter, "successful"
    ),
    (PseudoTerminal.enter, KeystrokeProbe.firstFrameMarker),
    ("3", "Face"),
    (PseudoTerminal.up + PseudoTerminal.enter + "SAVE10" + PseudoTerminal.enter, "SAVE10"),
    (PseudoTerminal.down + PseudoTerminal.enter, "Confirm"),
    (PseudoTerminal.enter, "successful"),
  ]

  /// One more card payment from the result screen of the last: a new checkout, the card form, typed, paid.
  static let cardRound: [(keys: String, shows: String)] = [
    (PseudoTerminal.enter, KeystrokeProbe.firstFrameMarker),
    script[1],
    script[2],
  ]

  /// Runs the session; returns the child's peak resident memory in bytes.
  static func peakMemory(_ executable: String, arguments: [String], size: Size) throws(BenchError) -> Int {
    try longSession(executable, arguments: arguments, size: size, rounds: 0).peak
  }

  /// A long session's memory: the session, then `rounds` more card payments.
  struct LongSession {
    /// The peak resident memory after the session, before the rounds.
    var peakAfterSession: Int
    /// The peak resident memory after the last round.
    var peak: Int
    var rounds: Int
  }

  /// Runs the session, then `rounds` card payments, each in a new checkout; the child's peak resident memory
  /// after the session and after the last round: whether a long session's memory stays flat.
  static func longSession(_ executable: String, arguments: [String], size: Size, rounds: Int)
    throws(BenchError) -> LongSession
  {
    let terminal = try PseudoTerminal(executable: executable, arguments: arguments, size: size)
    func play(_ steps: [(keys: String, shows: String)]) throws(BenchError) {
      for step in steps {
        terminal.send(step.keys)
        try terminal.readUntil(step.shows, limit: .seconds(10))
        KeystrokeProbe.settle(terminal)
      }
    }
    try play(script)
    let afterSession = terminal.peakMemory()
    for _ in 0..<rounds { try play(cardRound) }
    let peak = terminal.peakMemory()
    terminal.send(PseudoTerminal.interrupt)
    terminal.waitForExit()
    guard let afterSession, let peak else {
      throw BenchError("the system does not tell a process's peak memory (/proc/PID/status)")
    }
    return LongSession(peakAfterSession: afterSession, peak: peak, rounds: rounds)
  }
}
