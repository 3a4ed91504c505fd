import Foundation
import TerminalUI

/// Start-up to the first frame: a program starts in a pseudo-terminal of 100×32 and draws its first
/// screen. The time runs from just before `posix_spawn` to the arrival of the last byte of the first frame:
/// the output that contains the program's marker text, up to the first pause of `gap` (which is not
/// counted). The child's peak memory then (`PseudoTerminal.peakMemory`) comes with the figure, and it gets
/// a key to quit.
enum StartupProbe {
  struct Run {
    var firstFrame: Duration
    var bytes: Int
    /// The child's peak resident memory once it has drawn, in bytes (nil where the system does not say).
    var peakMemory: Int?
  }

  static let gap = Duration.milliseconds(15)

  /// One start of `executable`.
  static func run(
    _ executable: String, arguments: [String] = [], marker: String, quitKeys: String, size: Size
  ) throws(BenchError) -> Run {
    let terminal = try PseudoTerminal(executable: executable, arguments: arguments, size: size)
    var bytes = try terminal.readUntil(marker, limit: .seconds(10))
    var lastByteAt = ContinuousClock.now
    let rest = terminal.readBurst(gap: gap, limit: .seconds(2), started: true)
    bytes += rest.bytes
    if let last = rest.lastByteAt { lastByteAt = last }
    let peakMemory = terminal.peakMemory()
    terminal.send(quitKeys)
    terminal.waitForExit()
    return Run(firstFrame: lastByteAt - terminal.startedAt, bytes: bytes.count, peakMemory: peakMemory)
  }

  /// `count` starts after one that warms the caches; the median time and the largest peak memory.
  static func median(
    of count: Int, _ executable: String, arguments: [String] = [], marker: String, quitKeys: String,
    size: Size
  ) throws(BenchError) -> Run {
    _ = try run(executable, arguments: arguments, marker: marker, quitKeys: quitKeys, size: size)
    var runs: [Run] = []
    for _ in 0..<count {
      runs.append(try run(executable, arguments: arguments, marker: marker, quitKeys: quitKeys, size: size))
    }
    let times = runs.map(\.firstFrame).sorted()
    return Run(
      firstFrame: times[times.count / 2], bytes: runs.map(\.bytes).max() ?? 0,
      peakMemory: runs.compactMap(\.peakMemory).max())
  }
}
