import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The deadline for each request to arrive whole (`ServerLimits.requestTimeoutSeconds`), which libmicrohttpd
/// lacks: its connection timeout is an idle timeout that every byte restarts, so a client that trickles in a
/// byte now and then keeps its connection for ever. A connection is watched from when it opens, and again
/// from when each answer is done, until its next request has arrived whole (headers and body). A timer looks
/// at the watched ones; one past its deadline is cut off: its socket is shut down, and libmicrohttpd closes
/// the connection as it would one whose client went away. No answer is sent: libmicrohttpd 0.9.75 takes an
/// answer only once the headers are in or the body is whole, never while a body is arriving.
///
/// A watch's socket is shut down only under the lock, and a connection's watch leaves under the same lock
/// when libmicrohttpd says the connection closed, before it closes the socket: the number is never reused
/// under a watch.
final class RequestDeadlines: @unchecked Sendable {
  /// One connection's watch, kept in its socket context. Its deadline and `cutOff` change under the lock;
  /// `method` and `target` only on the connection's own thread.
  final class Watch: @unchecked Sendable {
    let socket: Int32
    fileprivate var deadline: ContinuousClock.Instant?
    fileprivate var cutOff = false
    /// What is known of the request still arriving, for the log of a cut-off: its target once its first line
    /// is read, its method once its headers are. Only the connection's own thread touches them (libmicrohttpd
    /// calls a connection's handlers on one thread); `deadline` and `cutOff` are read and written under the
    /// watches' lock.
    var target: String?
    var method: String?

    fileprivate init(socket: Int32, deadline: ContinuousClock.Instant) {
      self.socket = socket
      self.deadline = deadline
    }

    /// Marks the request cut off when `now` is past its deadline; true when this call did (the caller then
    /// closes the connection or refuses the request).
    fileprivate func cutOffIfLate(at now: ContinuousClock.Instant) -> Bool {
      guard !cutOff, let deadline, now > deadline else { return false }
      cutOff = true
      self.deadline = nil
      return true
    }
  }

  private let limit: Duration
  private let watches = Mutex<[ObjectIdentifier: Watch]>([:])
  private let timerLock = NSLock()
  private var timer: (any DispatchSourceTimer)?

  init(seconds: Int) {
    limit = .seconds(seconds)
  }

  /// Starts looking at the watches, a few times within a deadline (at least once a second).
  func start() {
    let interval = DispatchTimeInterval.milliseconds(min(1000, max(1, Int(limit.components.seconds)) * 250))
    let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "paydrill.serve.deadlines"))
    source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
    source.setEventHandler { [weak self] in self?.cutOffLate() }
    source.resume()
    timerLock.withLock { timer = source }
  }

  /// Stops looking; the connections are left to libmicrohttpd.
  func stop() {
    timerLock.withLock {
      timer?.cancel()
      timer = nil
    }
  }

  /// A connection opened: its first request's deadline runs from now.
  func opened(socket: Int32) -> Watch {
    let watch = Watch(socket: socket, deadline: .now + limit)
    watches.withLock { $0[ObjectIdentifier(watch)] = watch }
    return watch
  }

  /// A connection closed: it is no longer watched. True when it was cut off.
  func closed(_ watch: Watch) -> Bool {
    watches.withLock {
      $0[ObjectIdentifier(watch)] = nil
      return watch.cutOff
    }
  }

  /// Whether the connection's request is past its deadline (then it is cut off, if the timer had not cut it
  /// off yet): libmicrohttpd is told to close it, and nothing more of it is read.
  func isCutOff(_ watch: Watch) -> Bool {
    watches.withLock { _ in
      _ = watch.cutOffIfLate(at: .now)
      return watch.cutOff
    }
  }

  /// The request arrived whole, or is answered before it did: no deadline while the answer goes out. False
  /// when it was cut off first.
  func arrived(_ watch: Watch) -> Bool {
    watches.withLock { _ in
      watch.deadline = nil
      return !watch.cutOff
    }
  }

  /// The request is done (answered, or its connection is closing): unless it was cut off (then what is
  /// known of it stays for the log), the connection's next request has its deadline from now.
  func answered(_ watch: Watch) {
    let cutOff = watches.withLock { _ in
      if !watch.cutOff { watch.deadline = .now + limit }
      return watch.cutOff
    }
    guard !cutOff else { return }
    watch.target = nil
    watch.method = nil
  }

  /// Cuts off every connection past its deadline.
  private func cutOffLate() {
    let now = ContinuousClock.now
    watches.withLock { all in
      for watch in all.values where watch.cutOffIfLate(at: now) {
        _ = shutdown(watch.socket, Int32(SHUT_RDWR))
      }
    }
  }
}
