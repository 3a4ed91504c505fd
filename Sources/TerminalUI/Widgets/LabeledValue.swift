/// A line with a label on the left and a value aligned to the right edge, like a receipt.
public struct LabeledValue: Sendable {
  public var label: String
  public var value: String
  public var labelRole: StyleRole
  public var valueRole: StyleRole

  public init(
    _ label: String, _ value: String, labelRole: StyleRole = .normal, valueRole: StyleRole = .normal
  ) {
    self.label = label
    self.value = value
    self.labelRole = labelRole
    self.valueRole = valueRole
  }

  /// Draws on the rectangle's first row; the label is cut short when both do not fit.
  public func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let valueWidth = min(DisplayWidth.of(value), rect.width)
    buffer.write(
      truncating: label, x: rect.x, y: rect.y, role: labelRole, maxWidth: rect.width - valueWidth - 1)
    buffer.write(value, x: rect.maxX - valueWidth, y: rect.y, role: valueRole, maxWidth: valueWidth)
  }
}
