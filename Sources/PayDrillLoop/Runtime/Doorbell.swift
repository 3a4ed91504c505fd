import CSignals
import Foundation
import Platform
import Synchronization

/// What the interactive loop sleeps on between events, so that it wakes for nothing else: its input, a
/// deadline, and this pipe, which whatever arrives from elsewhere rings (a signal, an answer another thread
/// posted). A ring is one byte: 0 from a thread, the signal's number from the signal handler (`CSignals`);
/// rings that come before the loop looks are one wake-up, not many.
package final class Doorbell: Sendable {
  /// The process's doorbell, which the interactive loop sleeps on and the signal handler rings
  /// (`SignalWatcher`).
  package static let process = Doorbell()

  private let readEnd: Int32
  private let writeEnd: Int32
  /// The signals whose byte was read from the pipe and not yet taken, one bit each.
  private let signals = Atomic<UInt64>(0)
  /// A thread's ring read from the pipe while looking for signals: the next `wait` returns at once for it,
  /// so that the loop never sleeps past an answer that was posted.
  private let rungMeanwhile = Atomic<Bool>(false)

  package init() {
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

  /// Wakes the loop, from any thread.
  func ring() {
    var byte: UInt8 = 0
    _ = write(writeEnd, &byte, 1)
  }

  /// From now on `number` rings the bell with its number (the handler in `CSignals`), for `signals(among:)`.
  package func ringOnSignal(_ number: Int32) {
    _ = csignals_ring_doorbell(number, writeEnd)
  }

  /// The signals among `mask` (one bit each, `1 << number`) that rang and were not forgotten since.
  package func signals(among mask: UInt64) -> UInt64 {
    if drain() { rungMeanwhile.store(true, ordering: .sequentiallyConsistent) }
    return signals.load(ordering: .sequentiallyConsistent) & mask
  }

  /// Forgets the signals among `mask` that rang: they were taken.
  package func forget(_ mask: UInt64) {
    signals.bitwiseAnd(~mask, ordering: .sequentiallyConsistent)
  }

  /// Blocks until `input` is readable (or hangs up), the bell rings, a signal interrupts, or `timeout` passes;
  /// forgets the rings it woke for. Returns whether the bell rang.
  @discardableResult
  package func wait(for input: Int32, timeout: PollTimeout) -> Bool {
    if rungMeanwhile.exchange(false, ordering: .sequentiallyConsistent) { return true }
    guard DescriptorWait.readable([input, readEnd], milliseconds: timeout.milliseconds)[1] else {
      return false
    }
    _ = drain()
    return true
  }

  /// Blocks until the bell rings, a signal interrupts, or `timeout` passes: what a driver waiting for
  /// another process's answer sleeps on (no input to watch). Returns whether the bell rang.
  @discardableResult
  package func wait(timeout: PollTimeout) -> Bool {
    if rungMeanwhile.exchange(false, ordering: .sequentiallyConsistent) { return true }
    guard DescriptorWait.readable([readEnd], milliseconds: timeout.milliseconds)[0] else { return false }
    _ = drain()
    return true
  }

  /// Reads every byte rung so far, keeping the signals' numbers; returns whether a thread rang.
  private func drain() -> Bool {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { bytes in
      var threadRang = false
      while case let count = read(readEnd, bytes.baseAddress, bytes.count), count > 0 {
        for byte in bytes.prefix(count) {
          if byte == 0 {
            threadRang = true
          } else if byte < 64 {
            signals.bitwiseOr(1 << UInt64(byte), ordering: .sequentiallyConsistent)
          }
        }
      }
      return threadRang
    }
  }
}
