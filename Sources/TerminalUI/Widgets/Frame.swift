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
    let corners: [Character] = rounded ? ["╭", "╮", "╰", "╯"] : ["┌", "┐", "└", "┘"]
    // Each edge is clipped where the whole edge, written from its left end, would be.
    let clip = rect.x + buffer.width
    for (y, left, right) in [(rect.y, corners[0], corners[1]), (rect.maxY - 1, corners[2], corners[3])] {
      buffer.write(repeating: left, count: 1, x: rect.x, y: y, role: role, maxWidth: clip - rect.x)
      buffer.write(
        repeating: "─", count: rect.width - 2, x: rect.x + 1, y: y, role: role, maxWidth: clip - rect.x - 1)
      buffer.write(
        repeating: right, count: 1, x: rect.maxX - 1, y: y, role: role, maxWidth: clip - rect.maxX + 1)
    }
    // The sides: each row's two cells are apart (the box is at least 2 wide), so a side at a time.
    buffer.write(repeating: "│", x: rect.x, rows: (rect.y + 1)..<(rect.maxY - 1), role: role)
    buffer.write(repeating: "│", x: rect.maxX - 1, rows: (rect.y + 1)..<(rect.maxY - 1), role: role)
    if let title, rect.width > 6 {
      buffer.write(
        truncating: " \(title) ", x: rect.x + 2, y: rect.y, role: titleRole, maxWidth: rect.width - 4)
    }
    return rect.inset(by: 1, 1)
  }
}
