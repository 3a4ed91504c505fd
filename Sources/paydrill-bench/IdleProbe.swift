import Foundation
import Platform
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
    guard !before.isEmpty else { throw BenchError("the system does not tell a process's context switches") }
    Thread.sleep(forTimeInterval: idle / .seconds(1))
    let after = switches(of: terminal.pid)
    var byThread: [String: Int] = [:]
    for (thread, now) in after {
      let woke = now.switches - (before[thread]?.switches ?? 0)
      if woke > 0 { byThread[now.name, default: 0] += woke }
    }
    return Figures(wakeUps: byThread.values.reduce(0, +), idle: idle, byThread: byThread)
  }

  /// Each thread's name and context switches so far, by thread id; none where the system does not tell.
  private static func switches(of pid: pid_t) -> [String: ProcessStatistics.ThreadSwitches] {
    ProcessStatistics.threads(of: pid) ?? [:]
  }
}
