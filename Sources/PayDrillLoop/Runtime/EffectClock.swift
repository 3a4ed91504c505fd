import Foundation

/// The interpreter's time. Virtual in tapes, tests, the fuzzer and the benchmark: it moves only when the one
/// driving it says so, so a replay is exact and takes no real time. Live in the terminal and wherever a
/// plugin or hook process answers. Either way it counts whole milliseconds from its start, so that a tape
/// recorded live replays to the same instants.
public final class EffectClock {
  /// Whether the clock follows the wall clock.
  public let isLive: Bool
  /// The date at the clock's start.
  public private(set) var origin: Date
  private var liveStart = ContinuousClock.now
  private var virtualElapsed = Duration.zero
  /// The instant a live clock stands at while one thing happens (a key, an answer at its due time).
  private var pinned: Duration?

  private init(isLive: Bool, origin: Date) {
    self.isLive = isLive
    self.origin = origin
  }

  /// A clock that moves only when advanced.
  public static func virtual(startingAt origin: Date) -> EffectClock {
    EffectClock(isLive: false, origin: origin)
  }

  /// The wall clock, from now (or from `origin`, the date it reports at its start).
  public static func live(startingAt origin: Date = Date()) -> EffectClock {
    EffectClock(isLive: true, origin: origin)
  }

  /// The time since the start, in whole milliseconds.
  public var elapsed: Duration {
    guard isLive else { return virtualElapsed }
    if let pinned { return pinned }
    return .milliseconds((ContinuousClock.now - liveStart).wholeMilliseconds)
  }

  /// Holds a live clock at `instant` while `work` runs, so that everything it does happens at that one
  /// instant (as it does on a virtual clock).
  func pinned<Result>(at instant: Duration, _ work: () -> Result) -> Result {
    guard isLive else { return work() }
    let previous = pinned
    pinned = instant
    defer { pinned = previous }
    return work()
  }

  /// The date now.
  public var now: Date { date(at: elapsed) }

  /// The date at a time since the start.
  public func date(at elapsed: Duration) -> Date {
    origin.addingTimeInterval(Double(elapsed.wholeMilliseconds) / 1000)
  }

  /// Starts a live clock again from now (the terminal is ready: the checkout's time starts here, as a
  /// replay's does).
  public func restartLive() {
    guard isLive else { return }
    liveStart = .now
    // Whole milliseconds, as `--clock-start` writes it: the replay starts at the very same instant.
    origin = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
  }

  /// Moves a virtual clock forward to `elapsed` (never back); a live clock moves by itself.
  func move(to elapsed: Duration) {
    guard !isLive, elapsed > virtualElapsed else { return }
    virtualElapsed = elapsed
  }
}

extension Duration {
  /// The duration in whole milliseconds, rounded down.
  package var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
