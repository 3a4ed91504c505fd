/// What bounds `paydrill serve`, so that no client can exhaust it: the body's size (413 past it), the
/// nesting of its JSON (400), the connections at once, how long a connection may stay idle, and how long a
/// request may take to arrive whole (closed, logged as a 408).
public struct ServerLimits: Equatable, Sendable {
  /// The largest request body, in bytes; a session request is a few hundred.
  public var maximumBodyBytes = 64 * 1024
  /// The deepest nesting of objects and lists in a body; a session request has 3 levels.
  public var maximumDepth = 16
  /// Connections served at once; one more is accepted and closed at once, without waiting.
  public var connectionLimit = 256

  /// Connections from one IP address at once: three quarters of `connectionLimit` (rounded up), so that
  /// one client holding idle connections leaves a quarter for the others. One more from it is closed at
  /// once.
  public var connectionsPerClient: Int { (connectionLimit * 3 + 3) / 4 }
  /// Seconds a connection may stay idle (a slow client) before it is closed.
  public var connectionTimeoutSeconds = 10
  /// Seconds a request may take to arrive whole, headers and body, however steadily it trickles in: past
  /// them its connection is closed without an answer, and the log shows a 408. The idle timeout alone lets
  /// a client that sends a byte now and then keep its connection for ever.
  public var requestTimeoutSeconds = 30

  public init() {}
}
