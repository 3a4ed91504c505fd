import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP (or the signals it is given: SIGTSTP, SIGCONT, SIGWINCH) into a flag the
/// main loop reads, so the terminal is restored or suspended by normal code (never `endwin` inside a raw
/// signal handler), and rings the loop's doorbell, so that a loop asleep in `poll` reads the flag at once.
final class SignalWatcher {
  private final class Flag: Sendable {
    let number = Atomic<Int32>(0)
  }

  private let flag = Flag()
  private var sources: [DispatchSourceSignal] = []

  init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], ringing doorbell: Doorbell) {
    for number in signals {
      _ = Foundation.signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [flag] in
        flag.number.store(number, ordering: .sequentiallyConsistent)
        doorbell.ring()
      }
      source.resume()
      sources.append(source)
    }
  }

  deinit {
    sources.forEach { $0.cancel() }
  }

  /// The signal that arrived, or nil.
  var received: Int32? {
    let number = flag.number.load(ordering: .sequentiallyConsistent)
    return number == 0 ? nil : number
  }

  /// The signal that arrived since the last call, or nil; the flag is cleared (for signals that come again,
  /// such as SIGTSTP and SIGCONT).
  func take() -> Int32? {
    let number = flag.number.exchange(0, ordering: .sequentiallyConsistent)
    return number == 0 ? nil : number
  }
}
