import Foundation
import TerminalUI

/// A keystroke to the terminal's update through the real path: `paydrill` runs in a pseudo-terminal with
/// ncurses, reads the key with `wget_wch`, reduces, renders, diffs the frame and writes the changed cells.
///
/// - Bytes: after the first frame and the Apple Pay `/init` answer have settled, one Down in the method list;
///   every byte the program writes until its output pauses is counted.
/// - CPU: then `keystrokes` cursor moves (Down and Up in turn, each waiting for its update to arrive). The
///   child's CPU time (user and system, every thread, from `/proc/PID/task/*/schedstat`) before and after,
///   divided by the keystrokes.
enum KeystrokeProbe {
  struct Figures {
    /// What the first frame took: a full screen.
    var firstFrameBytes: Int
    /// What one cursor move in the method list took.
    var cursorMoveBytes: Int
    /// The child's CPU time per keystroke; nil where the system does not say.
    var cpuPerKeystroke: Duration?
    var keystrokes: Int
  }

  /// The method list's title: the first frame has it.
  static let firstFrameMarker = "Choose"

  static func measure(_ executable: String, arguments: [String], size: Size, keystrokes: Int)
    throws(BenchError) -> Figures
  {
    let terminal = try PseudoTerminal(executable: executable, arguments: arguments, size: size)
    defer { quit(terminal) }
    var first = try terminal.readUntil(firstFrameMarker, limit: .seconds(10))
    first += terminal.readBurst(gap: StartupProbe.gap, limit: .seconds(2), started: true).bytes
    // The Apple Pay button appears when `/init` answers: let every frame of the start be drawn.
    settle(terminal)

    terminal.send(PseudoTerminal.down)
    let move = terminal.readBurst(gap: .milliseconds(50), limit: .seconds(2)).bytes
    guard !move.isEmpty else { throw BenchError("a cursor move drew nothing") }
    terminal.send(PseudoTerminal.up)
    settle(terminal)

    let before = terminal.cpuTime()
    for index in 0..<keystrokes {
      terminal.send(index.isMultiple(of: 2) ? PseudoTerminal.down : PseudoTerminal.up)
      guard !terminal.readBurst(gap: .milliseconds(2), limit: .seconds(2)).bytes.isEmpty else {
        throw BenchError("keystroke \(index + 1) drew nothing")
      }
    }
    let after = terminal.cpuTime()
    return Figures(
      firstFrameBytes: first.count, cursorMoveBytes: move.count,
      cpuPerKeystroke: before.flatMap { start in after.map { ($0 - start) / keystrokes } },
      keystrokes: keystrokes)
  }

  /// Reads until the output has paused for a while.
  static func settle(_ terminal: PseudoTerminal) {
    _ = terminal.readBurst(gap: .milliseconds(150), limit: .seconds(3), started: true)
  }

  /// `paydrill` started in a pseudo-terminal and left until its method list has settled (the first frame,
  /// then the Apple Pay `/init` answer drawn): where the probes that watch a waiting session begin.
  static func settledMethodList(_ executable: String, arguments: [String], size: Size) throws(BenchError)
    -> PseudoTerminal
  {
    let terminal = try PseudoTerminal(executable: executable, arguments: arguments, size: size)
    try terminal.readUntil(firstFrameMarker, limit: .seconds(10))
    settle(terminal)
    return terminal
  }

  /// `q` on the method list quits; Ctrl-C anywhere.
  static func quit(_ terminal: PseudoTerminal) {
    terminal.send(PseudoTerminal.interrupt)
    terminal.waitForExit()
  }
}
