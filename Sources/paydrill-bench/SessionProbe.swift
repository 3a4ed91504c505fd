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

  /// Runs the session; returns the child's peak resident memory in bytes.
  static func peakMemory(_ executable: String, arguments: [String], size: Size) throws(BenchError) -> Int {
    let terminal = try PseudoTerminal(executable: executable, arguments: arguments, size: size)
    for step in script {
      terminal.send(step.keys)
      try terminal.readUntil(step.shows, limit: .seconds(10))
      KeystrokeProbe.settle(terminal)
    }
    let peak = terminal.peakMemory()
    terminal.send(PseudoTerminal.interrupt)
    terminal.waitForExit()
    guard let peak else {
      throw BenchError("the system does not tell a process's peak memory")
    }
    return peak
  }
}
