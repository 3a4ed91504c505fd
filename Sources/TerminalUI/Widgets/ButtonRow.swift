/// A row of buttons drawn as `[ Label ]`, the focused one in its own role.
public struct ButtonRow: Sendable {
  public var labels: [String]
  /// The index of the focused button, if any has focus.
  public var focused: Int?
  /// The click tag of each button (`tagPrefix` and its index), when the buttons can be clicked.
  public var tagPrefix: String?

  public init(labels: [String], focused: Int?, tagPrefix: String? = nil) {
    self.labels = labels
    self.focused = focused
    self.tagPrefix = tagPrefix
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
      let width = buffer.write(truncating: text, x: x, y: rect.y, role: role, maxWidth: room)
      if let tagPrefix {
        buffer.addClickTarget(Rect(x: x, y: rect.y, width: width, height: 1), tag: "\(tagPrefix)\(index)")
      }
      x += width + 2
    }
    return x - rect.x
  }
}
