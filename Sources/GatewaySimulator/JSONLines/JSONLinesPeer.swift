import Foundation

/// The far end of a JSON Lines conversation as `JSONLinesProcess` speaks to it: a child process
/// (`JSONLinesChild`) in PayDrill, or a scripted peer in the fuzzer, which plays a plugin or a hook that
/// answers late, twice, with garbage or not at all while every line goes through the same reading,
/// matching and error code as a real process's.
public protocol JSONLinesPeer: AnyObject, Sendable {
  /// Writes one line (its newline included) to the peer's input, after the lines written before it, without
  /// waiting for the peer to read it.
  func send(_ line: Data)
  /// Closes the peer's input once the lines already written are written: a well-behaved peer exits.
  func closeInput()
  /// The next line the peer wrote, or its end once every line is read, or `.timedOut` once `deadline`
  /// passes first.
  func next(before deadline: ContinuousClock.Instant) async -> JSONLinesEvent
  /// The last lines the peer wrote to stderr, the last one last.
  var stderrTail: [String] { get }
  /// Whether the peer has written a line to stdout yet.
  var hasAnswered: Bool { get }
  /// Whether the peer has ended and left nothing unread.
  var hasEnded: Bool { get }
  /// Whether the peer still runs.
  var isRunning: Bool { get }
  /// Sends the peer a signal (`SIGTERM`, `SIGKILL`): a child process gets it with everything it started (its
  /// process group), even once it has ended itself.
  func terminate(with signal: Int32)
}

/// What a request waiting on a peer gets.
public enum JSONLinesEvent: Equatable, Sendable {
  /// One line of stdout, without its newline.
  case line(Data)
  /// A line of stdout longer than the protocol's limit: its start.
  case lineTooLong(start: Data)
  /// The peer ended, and every line it wrote has been read: its exit status (or the signal's number when
  /// `signalled`).
  case ended(status: Int32, signalled: Bool)
  /// The deadline passed first.
  case timedOut
}
