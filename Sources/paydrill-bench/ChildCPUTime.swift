import Foundation

/// The processor time a child process used, user and system, as the kernel accounts it
/// (`getrusage(RUSAGE_CHILDREN)` before it starts and once it has been waited for): a figure that a loaded
/// machine does not stretch as it stretches wall time. Its start-up is included, once.
enum ChildCPUTime {
  /// Runs `executable` with `arguments` (output thrown away); its CPU seconds. An error unless it exits 0.
  static func seconds(_ executable: String, _ arguments: [String]) throws(BenchError) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let before = childrenSeconds()
    do { try process.run() } catch { throw BenchError("\(executable) could not start: \(error)") }
    process.waitUntilExit()
    let used = childrenSeconds() - before
    guard process.terminationStatus == 0 else {
      throw BenchError(
        "\(URL(fileURLWithPath: executable).lastPathComponent) exited \(process.terminationStatus)")
    }
    return used
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
