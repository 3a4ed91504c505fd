/// What one of the app's own requests (`AppModel.issueAppRequest`) is for, while its answer is awaited: the
/// answer is routed by it, so that one table of ids stands for every kind (the history panel keeps its own
/// request, which dies with the panel).
public enum AppRequest: Hashable, Sendable {
  /// `s` or Ctrl-S: the footer says where the screenshot went.
  case screenshot
  /// A tape's player asked for the screen (`play --screens`): no notice; a failure is kept for the player.
  case capture
  /// `y`: the footer says where the copy went.
  case copy
}
