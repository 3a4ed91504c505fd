import Foundation

/// One run of a child process, its output thrown away: its wall time, and the processor time it used, user
/// and system, as the kernel accounts it (`getrusage(RUSAGE_CHILDREN)` before it starts and once it has been
/// waited for), a figure that a loaded machine does not stretch as it stretches wall time. Its start-up is
/// included, once.
struct ChildProcessRun {
  var wall: Duration
  var cpuSeconds: Double

  /// Runs `executable` with `arguments`; an error naming it as `name` unless it exits 0 (`failure` says what
  /// that means).
  init(_ executable: String, _ arguments: [String], name: String, failure: String) throws(BenchError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let cpuBefore = Self.childrenSeconds()
    let start = ContinuousClock.now
    do { try process.run() } catch { throw BenchError("\(name) could not start: \(error)") }
    process.waitUntilExit()
    wall = ContinuousClock.now - start
    cpuSeconds = Self.childrenSeconds() - cpuBefore
    guard process.terminationStatus == 0 else {
      throw BenchError("\(name) exited \(process.terminationStatus): \(failure)")
    }
  }

  /// The user and system time of every child waited for so far.
  private static func childrenSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
