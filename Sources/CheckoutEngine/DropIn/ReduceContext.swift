import Foundation

/// What `reduce` may know about the world: the time the action happened. Passed in, never read inside, so
/// that the same actions always give the same state.
public struct ReduceContext: Sendable {
  public var now: Date

  public init(now: Date) {
    self.now = now
  }

  /// The current year and month in UTC, for the card expiry check.
  public var yearAndMonth: (year: Int, month: Int) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month], from: now)
    return (parts.year ?? 2000, parts.month ?? 1)
  }
}
