import Foundation
import Platform

/// What the interactive loop sleeps on between events, so that it wakes for nothing else: its input, a
/// deadline, and this pipe, which whatever arrives from elsewhere rings (a signal, an answer another thread
/// posted). A ring is one byte; rings that come before the loop looks are one wake-up, not many.
final class Doorbell: Sendable {
  /// The process's doorbell, which the interactive loop sleeps on: global, because a signal handler can reach
  /// nothing else (`SignalWatcher`).
  static let process = Doorbell()

  private let readEnd: Int32
  private let writeEnd: Int32

  init() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      fatalError("paydrill: no pipe for the loop: \(String(cString: strerror(errno)))")
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    for end in ends {
      // Never block: a full pipe is rung already, and an empty one is simply drained.
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Wakes the loop (from any thread, and from a signal handler: `write` is async-signal-safe).
  func ring() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Blocks until `input` is readable (or hangs up), the bell rings, a signal interrupts, or `timeout` passes;
  /// forgets the rings it woke for. Returns whether the bell rang.
  @discardableResult
  func wait(for input: Int32, timeout: PollTimeout) -> Bool {
    guard DescriptorWait.readable([input, readEnd], milliseconds: timeout.milliseconds)[1] else {
      return false
    }
    var drained = [UInt8](repeating: 0, count: 64)
    while read(readEnd, &drained, drained.count) > 0 {}
    return true
  }
}
