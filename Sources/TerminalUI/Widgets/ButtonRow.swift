/// A row of buttons drawn as `[ Label ]`, the focused one in its own role.
public struct ButtonRow: Sendable {
  public var labels: [String]
  /// The index of the focused button, if any has focus.
  public var focused: Int?

  public init(labels: [String], focused: Int?) {
    self.labels = labels
    self.focused = focused
  }

  /// Draws the buttons from the rectangle's top left, two columns apart; returns the columns used.
  @discardableResult
  public func render(in rect: Rect, into buffer: inout ScreenBuffer) -> Int {
    var x = rect.x
    for (index, label) in labels.enumerated() {
      let text = index == focused ? "▸ \(label) ◂" : "[ \(label) ]"
      let role: StyleRole = index == focused ? .buttonFocused : .button
      let room = rect.maxX - x
      guard room > 4 else { break }
      x += buffer.write(truncating: text, x: x, y: rect.y, role: role, maxWidth: room) + 2
    }
    return x - rect.x
  }
}
