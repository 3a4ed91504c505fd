/// An invariant the checkout broke, and how.
public struct FuzzViolation: Equatable, Sendable, CustomStringConvertible {
  public var invariant: FuzzInvariant
  public var message: String

  public init(_ invariant: FuzzInvariant, _ message: String) {
    self.invariant = invariant
    self.message = message
  }

  public var description: String { "\(invariant.rawValue): \(message)" }
}
