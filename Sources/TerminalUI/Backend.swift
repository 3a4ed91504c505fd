/// Where frames go: a real terminal (`NcursesTerminal`). Headless runs (tests, tapes, the benchmark) need no
/// backend: they keep the `ScreenBuffer` a view rendered, and the golden tests compare its text and roles.
public protocol Backend: AnyObject {
  /// The screen's current size.
  var size: Size { get }
  /// Shows a frame.
  func present(_ buffer: ScreenBuffer)
}
