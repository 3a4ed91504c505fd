/// Names one request the engine made of the outside world (the merchant, the gateway, a timer). Every effect
/// carries one and its answer echoes it, so the engine takes an answer only while it still waits for it.
/// Ids only grow during a run: an answer for an earlier sheet or attempt can never pass for a new one.
public struct RequestID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: Int

  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  public static func < (lhs: RequestID, rhs: RequestID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "#\(rawValue)" }
}
