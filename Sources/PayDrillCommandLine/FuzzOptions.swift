import Foundation

/// What `paydrill fuzz …` asked for (its options are in `CommandTable`).
public struct FuzzOptions: Equatable, Sendable {
  /// nil: a random seed, printed with the summary.
  public var seed: UInt64?
  public var actions = 100_000
  /// nil: every built-in scenario in turn.
  public var scenario: String?
}
