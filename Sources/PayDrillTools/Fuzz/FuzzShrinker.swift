/// Delta debugging over a failing sequence of steps: drops chunks (halves, quarters, … single steps) and
/// keeps every removal after which the sequence still fails, until no single step can go.
public struct FuzzShrinker {
  /// The most replays one shrink may take, so a long failing run still shrinks in reasonable time.
  public var replayLimit: Int = 20_000
  /// How many replays the last shrink took.
  public private(set) var replays = 0

  /// The smallest sequence found that still fails, by `fails`.
  public mutating func shrink(_ steps: [FuzzStep], fails: ([FuzzStep]) -> Bool) -> [FuzzStep] {
    replays = 0
    var current = steps
    var chunk = max(1, current.count / 2)
    while replays < replayLimit {
      var removed = false
      var start = 0
      while start < current.count, replays < replayLimit {
        var candidate = current
        candidate.removeSubrange(start..<min(current.count, start + chunk))
        replays += 1
        if fails(candidate) {
          current = candidate
          removed = true
        } else {
          start += chunk
        }
      }
      if chunk == 1 && !removed { break }
      if !removed { chunk = max(1, chunk / 2) }
      chunk = min(chunk, max(1, current.count / 2))
    }
    return current
  }
}
