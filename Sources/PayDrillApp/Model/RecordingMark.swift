import Foundation

/// The REC marker of `paydrill record` (and `--record`): the session's keys become a tape, and the header
/// says so, with how long the recording has run, so nobody forgets it is on (or records a card they meant to
/// keep). The time is the checkout clock's: the instant of the first action reduced while recording, and of
/// the latest one; the model subscribes to a turn every second while it records, so the time moves on its
/// own, and a virtual clock pins it for tests.
public struct RecordingMark: Equatable, Sendable {
  /// When the recording started, on the checkout's clock; nil until the first action.
  var start: Date?
  /// Whole seconds since the start.
  public private(set) var seconds = 0

  public init() {}

  /// Moves the elapsed time to `now`.
  mutating func observe(_ now: Date) {
    let start = start ?? now
    self.start = start
    seconds = max(0, Int(now.timeIntervalSince(start)))
  }

  /// "● REC 1:23", and hours when there are some ("● REC 1:02:03").
  public var text: String {
    let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    let clock =
      hours > 0
      ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    return "● REC \(clock)"
  }
}
