import Foundation
import TerminalUI

/// Whether an interactive session's memory stays flat as it goes on: `paydrill` in a pseudo-terminal goes
/// through `SessionProbe`'s session (a card payment, a new checkout, an Apple Pay payment) and on to a new
/// checkout, `rounds` times over, each step waiting for its screen. The child's peak resident memory is read
/// at the first frame, after the first round (every screen and cache of the session used once) and after the
/// last; a session whose memory is flat adds nothing per round after the first.
enum LongSessionProbe {
  struct Figures {
    /// Peak resident memory in bytes at the first frame, after the first round and after the last.
    var firstFrame: Int
    var afterFirstRound: Int
    var afterLastRound: Int
    var rounds: Int

    /// The bytes each round after the first added to the peak.
    var growthPerRound: Double {
      rounds > 1 ? Double(afterLastRound - afterFirstRound) / Double(rounds - 1) : 0
    }
  }

  /// One round: the session after its first frame, then a new checkout.
  static let round: [(keys: String, shows: String)] =
    Array(SessionProbe.script.dropFirst()) + [(PseudoTerminal.enter, KeystrokeProbe.firstFrameMarker)]

  static func measure(_ executable: String, arguments: [String], size: Size, rounds: Int = 20)
    throws(BenchError) -> Figures
  {
    let terminal = try KeystrokeProbe.settledMethodList(executable, arguments: arguments, size: size)
    defer { KeystrokeProbe.quit(terminal) }
    let firstFrame = try peak(terminal)
    var afterFirstRound = firstFrame
    for number in 1...max(1, rounds) {
      for step in round {
        terminal.send(step.keys)
        try terminal.readUntil(step.shows, limit: .seconds(10))
        KeystrokeProbe.settle(terminal)
      }
      if number == 1 { afterFirstRound = try peak(terminal) }
    }
    return Figures(
      firstFrame: firstFrame, afterFirstRound: afterFirstRound, afterLastRound: try peak(terminal),
      rounds: max(1, rounds))
  }

  private static func peak(_ terminal: PseudoTerminal) throws(BenchError) -> Int {
    guard let peak = terminal.peakMemory() else {
      throw BenchError("the system does not tell a process's peak memory")
    }
    return peak
  }
}
