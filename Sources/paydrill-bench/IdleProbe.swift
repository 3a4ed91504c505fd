import Foundation
import TerminalUI

/// Wake-ups while nothing happens: `paydrill` runs in a pseudo-terminal, draws its method list and the Apple
/// Pay `/init` answer, and is then left alone for `idle`. Every time one of its threads went to sleep and
/// was woken again (or was preempted) counts: the context switches in `/proc/PID/task/*/status`
/// (`voluntary_ctxt_switches` + `nonvoluntary_ctxt_switches`) before and after, summed over the threads.
/// A program that waits for a key makes none.
enum IdleProbe {
  struct Figures {
    /// Wake-ups over the idle time, all threads.
    var wakeUps: Int
    var idle: Duration
    /// Wake-ups by thread name (`/proc/PID/task/TID/comm`), for the threads that woke.
    var byThread: [String: Int]

    var perSecond: Double { Double(wakeUps) / (idle / .seconds(1)) }
  }

  static func measure(_ executable: String, arguments: [String], size: Size, idle: Duration)
    throws(BenchError) -> Figures
  {
    let terminal = try KeystrokeProbe.settledMethodList(executable, arguments: arguments, size: size)
    defer { KeystrokeProbe.quit(terminal) }
    let before = switches(of: terminal.pid)
    guard !before.isEmpty else { throw BenchError("no /proc/PID/task/*/status to count wake-ups in") }
    Thread.sleep(forTimeInterval: idle / .seconds(1))
    let after = switches(of: terminal.pid)
    var byThread: [String: Int] = [:]
    for (thread, now) in after {
      let woke = now.count - (before[thread]?.count ?? 0)
      if woke > 0 { byThread[now.name, default: 0] += woke }
    }
    return Figures(wakeUps: byThread.values.reduce(0, +), idle: idle, byThread: byThread)
  }

  /// Each thread's name and context switches so far, by thread id.
  private static func switches(of pid: pid_t) -> [String: (name: String, count: Int)] {
    let tasks = "/proc/\(pid)/task"
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return [:] }
    var counts: [String: (name: String, count: Int)] = [:]
    for thread in threads {
      guard let status = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8) else {
        continue
      }
      var name = thread
      var count = 0
      for line in status.split(separator: "\n") {
        let fields = line.split(whereSeparator: \.isWhitespace)
        guard let key = fields.first, fields.count > 1 else { continue }
        switch key {
        case "Name:": name = fields.dropFirst().joined(separator: " ")
        case "voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:": count += Int(fields[1]) ?? 0
        default: break
        }
      }
      counts[thread] = (name, count)
    }
    return counts
  }
}
