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

  /// A program to start: its path, arguments and the text its first frame shows.
  struct Program {
    var executable: String
    var arguments: [String] = []
    var marker: String
    var quitKeys: String
  }

  /// PayDrill and its floor started in turn, `pairs` times, after one warm-up start of each; which of the two
  /// goes first alternates from pair to pair, so neither always starts on a machine the other just warmed.
  struct Paired {
    /// The median start of each side, with the largest peak memory each side reached.
    var paydrill: Run
    var floor: Run
    /// PayDrill's time to the first frame over the floor's, pair by pair.
    var ratio: PairedRatio
  }

  static func paired(_ paydrill: Program, against floor: Program, pairs: Int, size: Size) throws(BenchError)
    -> Paired
  {
    func start(_ program: Program) throws(BenchError) -> Run {
      try run(
        program.executable, arguments: program.arguments, marker: program.marker, quitKeys: program.quitKeys,
        size: size)
    }
    _ = try start(paydrill)
    _ = try start(floor)
    var ours: [Run] = []
    var floors: [Run] = []
    for pair in 0..<pairs {
      if pair.isMultiple(of: 2) {
        floors.append(try start(floor))
        ours.append(try start(paydrill))
      } else {
        ours.append(try start(paydrill))
        floors.append(try start(floor))
      }
    }
    let seconds = { (runs: [Run]) in runs.map { $0.firstFrame / .seconds(1) } }
    return Paired(
      paydrill: summary(ours), floor: summary(floors),
      ratio: PairedRatio(seconds(ours), over: seconds(floors)))
  }

  /// The median time and the largest peak memory of several starts.
  private static func summary(_ runs: [Run]) -> Run {
    let times = runs.map(\.firstFrame).sorted()
    return Run(
      firstFrame: times[times.count / 2], bytes: runs.map(\.bytes).max() ?? 0,
      peakMemory: runs.compactMap(\.peakMemory).max())
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
    return summary(runs)
  }
}
