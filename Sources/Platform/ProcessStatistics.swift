import Foundation

/// What the kernel tells about a running process: its threads' context switches, its CPU time, its peak
/// memory, its executable's path (its own memory: `ProcessMemory`). Linux says it in `/proc`; Darwin has no `/proc`, and there
/// each figure is nil (callers say it is unavailable), except the peak from `rusage`, whose unit differs.
package enum ProcessStatistics {
  /// One thread of a process: its name and how many times the kernel switched it out so far (it slept and
  /// was woken, or was preempted): `voluntary_ctxt_switches` + `nonvoluntary_ctxt_switches`.
  package struct ThreadSwitches: Equatable, Sendable {
    package var name: String
    package var switches: Int
  }

  /// Each thread of `pid` by thread id; nil where the system does not tell (no `/proc/PID/task`).
  package static func threads(of pid: pid_t) -> [String: ThreadSwitches]? {
    #if os(Linux)
      let tasks = "/proc/\(pid)/task"
      guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return nil }
      var counts: [String: ThreadSwitches] = [:]
      for thread in threads {
        guard let status = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8) else {
          continue
        }
        var counted = ThreadSwitches(name: thread, switches: 0)
        for line in status.split(separator: "\n") {
          let fields = line.split(whereSeparator: \.isWhitespace)
          guard let key = fields.first, fields.count > 1 else { continue }
          switch key {
          case "Name:": counted.name = fields.dropFirst().joined(separator: " ")
          case "voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:":
            counted.switches += Int(fields[1]) ?? 0
          default: break
          }
        }
        counts[thread] = counted
      }
      return counts
    #else
      return nil
    #endif
  }

  /// The CPU time `pid` has used so far (user and system, all its threads), from the scheduler's nanosecond
  /// counters (`/proc/PID/task/*/schedstat`); nil where there are none.
  package static func cpuTime(of pid: pid_t) -> Duration? {
    #if os(Linux)
      let tasks = "/proc/\(pid)/task"
      guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return nil }
      var nanoseconds: Int64 = 0
      for thread in threads {
        guard let text = try? String(contentsOfFile: "\(tasks)/\(thread)/schedstat", encoding: .utf8),
          let first = text.split(separator: " ").first, let value = Int64(first)
        else { continue }
        nanoseconds += value
      }
      return .nanoseconds(nanoseconds)
    #else
      return nil
    #endif
  }

  /// The peak resident memory of `pid` so far, in bytes (`VmHWM` in `/proc/PID/status`); nil where there is
  /// none. Not `ru_maxrss`: glibc's `posix_spawn` starts the child in the parent's memory (`CLONE_VM`), and
  /// Linux carries that memory's high-water mark over `exec` into the child's `ru_maxrss`.
  package static func peakMemory(of pid: pid_t) -> Int? {
    #if os(Linux)
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kibibytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Int($0) })
      else { return nil }
      return kibibytes * 1024
    #else
      return nil
    #endif
  }

  /// The path of this process's executable, links resolved (`/proc/self/exe`); nil where the system does
  /// not tell (then the caller falls back on its first argument).
  package static func executablePath() -> String? {
    #if os(Linux)
      return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    #else
      return nil
    #endif
  }

  /// A reaped child's peak resident memory in bytes: `ru_maxrss` counts kibibytes on Linux, bytes on Darwin.
  package static func peakResidentBytes(_ usage: rusage) -> Int {
    #if canImport(Darwin)
      return Int(usage.ru_maxrss)
    #else
      return Int(usage.ru_maxrss) * 1024
    #endif
  }
}
