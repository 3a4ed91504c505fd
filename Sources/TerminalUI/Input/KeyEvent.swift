/// A key the user pressed, or a resize, as backends and tapes report them.
public enum KeyEvent: Equatable, Sendable {
  case character(Character)
  case enter
  case tab
  case backTab
  case up
  case down
  case left
  case right
  case escape
  case backspace
  case delete
  case home
  case end
  case pageUp
  case pageDown
  /// Ctrl-C (with the terminal in raw mode it arrives as a key, not a signal).
  case interrupt
  case resize(Size)
  /// A mouse click (the first button pressed) at a cell, where the terminal reports clicks.
  case click(x: Int, y: Int)
}
