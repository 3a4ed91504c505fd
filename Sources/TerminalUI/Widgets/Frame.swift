/// A box around a rectangle, with an optional title in its top edge.
public struct Frame: Sendable {
  public var title: String?
  public var role: StyleRole
  public var titleRole: StyleRole
  public var rounded: Bool

  public init(
    title: String? = nil, role: StyleRole = .border, titleRole: StyleRole = .title, rounded: Bool = true
  ) {
    self.title = title
    self.role = role
    self.titleRole = titleRole
    self.rounded = rounded
  }

  /// Draws the box and returns the rectangle inside it.
  @discardableResult
  public func render(in rect: Rect, into buffer: inout ScreenBuffer) -> Rect {
    guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
    let corners = rounded ? ["╭", "╮", "╰", "╯"] : ["┌", "┐", "└", "┘"]
    let horizontal = String(repeating: "─", count: rect.width - 2)
    buffer.write(corners[0] + horizontal + corners[1], x: rect.x, y: rect.y, role: role)
    buffer.write(corners[2] + horizontal + corners[3], x: rect.x, y: rect.maxY - 1, role: role)
    for y in (rect.y + 1)..<(rect.maxY - 1) {
      buffer.write("│", x: rect.x, y: y, role: role)
      buffer.write("│", x: rect.maxX - 1, y: y, role: role)
    }
    if let title, rect.width > 6 {
      buffer.write(
        truncating: " \(title) ", x: rect.x + 2, y: rect.y, role: titleRole, maxWidth: rect.width - 4)
    }
    return rect.inset(by: 1, 1)
  }
}
