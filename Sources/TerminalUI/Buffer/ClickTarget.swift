/// A place on the screen that does something when the mouse clicks it: a view says what with a tag
/// (`method:2`, `button:pay`), and the app decides what the tag means.
public struct ClickTarget: Equatable, Sendable {
  public var rect: Rect
  public var tag: String
}
