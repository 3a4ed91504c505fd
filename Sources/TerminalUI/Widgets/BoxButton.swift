/// A button drawn as a box: three rows (border, label centred, border) with square or rounded corners, or a
/// single row when there is no room. The fill and the outline each have a role.
public struct BoxButton: Sendable {
  public var label: String
  public var fill: StyleRole
  public var outline: StyleRole
  public var rounded: Bool

  public init(label: String, fill: StyleRole, outline: StyleRole, rounded: Bool) {
    self.label = label
    self.fill = fill
    self.outline = outline
    self.rounded = rounded
  }

  /// Draws the button over the whole rectangle (three rows high, or one).
  public func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard rect.width >= 4, rect.height >= 1 else { return }
    if rect.height < 3 {
      renderCompact(in: rect, into: &buffer)
      return
    }
    let box = Rect(x: rect.x, y: rect.y, width: rect.width, height: 3)
    buffer.fill(box, role: fill)
    Frame(role: outline, titleRole: outline, rounded: rounded).render(in: box, into: &buffer)
    let text = WrappedText.prefix(label, width: box.width - 4)
    buffer.write(text, x: box.x + (box.width - DisplayWidth.of(text)) / 2, y: box.y + 1, role: fill)
  }

  /// One row: `( Label )` when rounded, `[ Label ]` when square.
  public func renderCompact(in rect: Rect, into buffer: inout ScreenBuffer) {
    let text = WrappedText.prefix(label, width: max(0, rect.width - 4))
    let width = DisplayWidth.of(text) + 4
    buffer.fill(Rect(x: rect.x, y: rect.y, width: width, height: 1), role: fill)
    buffer.write(rounded ? "(" : "[", x: rect.x, y: rect.y, role: outline)
    buffer.write(text, x: rect.x + 2, y: rect.y, role: fill)
    buffer.write(rounded ? ")" : "]", x: rect.x + width - 1, y: rect.y, role: outline)
  }
}
