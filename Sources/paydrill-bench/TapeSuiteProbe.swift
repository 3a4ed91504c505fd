import Foundation

/// Tapes replayed per second by `paydrill play` on the repository's suite (`Tapes/*.tape`) played `copies`
/// times over in one run, one at a time and as many at once as the machine has cores (`--jobs`), each the
/// median wall time of several whole runs of the process: what a team's CI sees. Since `play` takes a few
/// milliseconds a tape, the suite alone (20 tapes, about 50 ms) would time mostly the process's start and the
/// jobs' set-up; ten times over, it times the replay.
enum TapeSuiteProbe {
  struct Figures {
    /// The tapes of a run: the suite's, `copies` times.
    var tapes: Int
    var suite: Int
    var oneJob: Double
    var cores: Int
    var allCores: Double
    /// The rate at the cores over the rate at one job, pair by pair.
    var speedUp: PairedRatio
  }

  /// `rounds` pairs of whole runs, one at `--jobs 1` and one at the cores, in turn; the median rates and the
  /// pairs' speed-ups.
  static func measure(_ executable: String, rounds: Int = 5, copies: Int = 10) throws(BenchError) -> Figures {
    let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
      "Tapes")
    let suite =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".tape") }.sorted().map { folder.appendingPathComponent($0).path }
    let tapes = Array(repeating: suite, count: copies).flatMap { $0 }
    guard !suite.isEmpty else {
      throw BenchError("no Tapes/*.tape in \(folder.deletingLastPathComponent().path)")
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    func rate(jobs: Int) throws(BenchError) -> Double {
      Double(tapes.count) / (try run(executable, ["play", "--no-ledger", "--jobs", "\(jobs)"] + tapes))
    }
    var one: [Double] = []
    var all: [Double] = []
    for _ in 0..<rounds {
      one.append(try rate(jobs: 1))
      all.append(try rate(jobs: cores))
    }
    return Figures(
      tapes: tapes.count, suite: suite.count, oneJob: PairedRatio.median(one), cores: cores,
      allCores: PairedRatio.median(all),
      speedUp: PairedRatio(all, over: one))
  }

  /// The wall time of one run, in seconds; an error unless every tape passed.
  private static func run(_ executable: String, _ arguments: [String]) throws(BenchError) -> Double {
    try ChildProcessRun(executable, arguments, name: "paydrill play", failure: "a tape failed").wall
      / .seconds(1)
  }
}
