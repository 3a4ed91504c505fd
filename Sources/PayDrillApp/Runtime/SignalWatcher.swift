import Foundation
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP (or the signals it is given: SIGTSTP, SIGCONT, SIGWINCH) into flags the
/// main loop reads, so the terminal is restored or suspended by normal code (never `endwin` inside a raw
/// signal handler), and rings the process's doorbell, so that a loop asleep in `poll` reads them at once.
///
/// The handler does only what a handler may: it sets the signal's bit and writes a byte to the doorbell's
/// pipe. Not a `DispatchSource`: on Linux the first source handler starts libdispatch's worker pool, whose
/// monitor then wakes the process every second for as long as it runs, idle or not.
final class SignalWatcher {
  /// The signals arrived and not yet taken, one bit each: a handler can reach only what is global.
  private static let arrived = Atomic<UInt64>(0)
  private let watched: UInt64

  init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
    watched = signals.reduce(0) { $0 | Self.bit($1) }
    // Made before any handler can run, so that a handler never initialises them.
    _ = Self.arrived.load(ordering: .sequentiallyConsistent)
    _ = Doorbell.process
    // A bit an earlier watcher of the same signal left (a session that ended before taking it) is not this
    // watcher's signal: its handler is not installed yet.
    Self.arrived.bitwiseAnd(~watched, ordering: .sequentiallyConsistent)
    for number in signals {
      _ = Foundation.signal(number) { number in
        let saved = errno
        SignalWatcher.arrived.bitwiseOr(SignalWatcher.bit(number), ordering: .sequentiallyConsistent)
        Doorbell.process.ring()
        errno = saved
      }
    }
  }

  deinit {
    // As a watcher leaves them: ignored until the program ends.
    for number in Int32(1)..<64 where watched & Self.bit(number) != 0 {
      _ = Foundation.signal(number, SIG_IGN)
    }
  }

  private static func bit(_ number: Int32) -> UInt64 { 1 << UInt64(number) }

  /// A signal that arrived, or nil.
  var received: Int32? {
    let pending = Self.arrived.load(ordering: .sequentiallyConsistent) & watched
    return pending == 0 ? nil : Int32(pending.trailingZeroBitCount)
  }

  /// A signal that arrived since it was last taken, or nil; it is cleared (for signals that come again, such
  /// as SIGTSTP and SIGCONT). Two that arrived together are taken one after the other.
  func take() -> Int32? {
    guard let number = received else { return nil }
    Self.arrived.bitwiseAnd(~Self.bit(number), ordering: .sequentiallyConsistent)
    return number
  }
}
