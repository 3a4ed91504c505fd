/// What became of a screenshot the user asked for: saved (where, and under which name), not saved (and
/// why), or not possible in this run. The footer shows it until the next key.
public enum ScreenshotOutcome: Equatable, Sendable {
  /// The bundle's files are in `folder`, all named `name` and a suffix.
  case saved(folder: String, name: String)
  /// Nothing was written: the folder could not be made or written.
  case failed(folder: String, reason: String)
  /// No folder was given for screenshots (a tape played without `--screens` or `--screenshot-dir`).
  case off

  /// The line the footer shows.
  public var notice: String {
    switch self {
    case .saved(let folder, let name):
      let separator = folder.hasSuffix("/") ? "" : "/"
      return "Screenshot saved: \(folder)\(separator)\(name).*"
    case .failed(let folder, let reason):
      return "Screenshot not saved: \(folder) \(reason)"
    case .off:
      return "Screenshots are off in this run (--screenshot-dir DIR turns them on)"
    }
  }

  /// Whether the notice reports a failure (shown as an error).
  public var isFailure: Bool {
    if case .saved = self { return false }
    return true
  }
}
