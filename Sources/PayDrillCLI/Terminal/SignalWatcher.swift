import CSignals
import Foundation
import PayDrillLoop

/// Turns SIGINT, SIGTERM and SIGHUP (or the signals it is given: SIGTSTP, SIGCONT, SIGWINCH) into signals
/// the main loop takes, so the terminal is restored or suspended by normal code (never `endwin` inside a raw
/// signal handler); the loop asleep in `poll` wakes at once.
///
/// The handler is C (`CSignals`) and does only what a handler may: it writes the signal's number as one byte
/// to the process's doorbell pipe, keeping `errno`. The doorbell reads the byte in normal code. Not a
/// `DispatchSource`: on Linux the first source handler starts libdispatch's worker pool, whose monitor then
/// wakes the process every second for as long as it runs, idle or not.
final class SignalWatcher {
  private let doorbell = Doorbell.process
  /// The watched signals, one bit each.
  private let watched: UInt64

  init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
    watched = signals.reduce(0) { $0 | Self.bit($1) }
    // A signal an earlier watcher of the same signal left (a session that ended before taking it) is not
    // this watcher's signal: its handler is not installed yet.
    doorbell.forget(doorbell.signals(among: watched))
    for number in signals { doorbell.ringOnSignal(number) }
  }

  deinit {
    // As a watcher leaves them: ignored until the program ends.
    for number in Int32(1)..<64 where watched & Self.bit(number) != 0 {
      _ = csignals_ignore(number)
    }
  }

  private static func bit(_ number: Int32) -> UInt64 { 1 << UInt64(number) }

  /// A signal that arrived, or nil.
  var received: Int32? {
    let pending = doorbell.signals(among: watched)
    return pending == 0 ? nil : Int32(pending.trailingZeroBitCount)
  }

  /// A signal that arrived since it was last taken, or nil; it is cleared (for signals that come again, such
  /// as SIGTSTP and SIGCONT). Two that arrived together are taken one after the other.
  func take() -> Int32? {
    guard let number = received else { return nil }
    doorbell.forget(Self.bit(number))
    return number
  }
}
