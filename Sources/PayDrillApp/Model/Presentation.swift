/// What `paydrill demo` shows beside the checkout: the tape's caption, and whether playback is paused or
/// over.
public struct Presentation: Equatable, Sendable {
  /// The last `Caption` of the tape, shown on its own line above the footer.
  public var caption: String?
  public var isPaused = false
  public var isFinished = false
  /// Set when a `Wait` or an `Expect` did not hold: playback pauses and says so.
  public var problem: String?

  public init(caption: String? = nil) {
    self.caption = caption
  }

  /// The status the footer shows.
  var status: String {
    if let problem { return "⚠ \(problem)" }
    if isFinished { return "End of the tape" }
    return isPaused ? "Paused" : "Playing"
  }
}
