import TerminalUI

/// A panel of settings drawn over the checkout (the device panel, the gateway panel): one row per setting
/// with its value, and a hint at the bottom. The highlighted row is marked `▸` as well as selected (a
/// theme without colours still shows it), and a value too long for its line wraps onto the next ones
/// rather than be cut (`merchantValidation (MERCHANT_VALIDATION_FAILED)` at 60 columns).
struct SettingsPanelView {
  var title: String
  var rows: [(name: String, value: String)]
  var highlighted: Int
  var hint: String

  /// Where the values start: the marker, the longest name ("Random faults") and a gap.
  static let valueColumn = 20

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let width = min(rect.width, 64)
    let valueWidth = max(1, width - 4 - Self.valueColumn)
    let values = rows.map { WrappedText.lines($0.value, width: valueWidth) }
    let height = min(rect.height, values.reduce(0) { $0 + max(1, $1.count) } + 4)
    let box = Rect(x: rect.x + (rect.width - width) / 2, y: rect.y + 1, width: width, height: height)
    buffer.fill(box, role: .normal)
    let inner = Frame(title: title, rounded: false).render(in: box, into: &buffer).inset(by: 1, 0)
    var y = inner.y
    for (index, row) in rows.enumerated() {
      let lines = values[index].isEmpty ? [""] : values[index]
      guard y + lines.count <= inner.maxY - 1 else { break }
      let selected = index == highlighted
      let area = Rect(x: inner.x, y: y, width: inner.width, height: lines.count)
      if selected { buffer.fill(area, role: .selected) }
      buffer.addClickTarget(area, tag: ScreenTarget.panelRow(index).tag)
      buffer.write(selected ? "▸" : " ", x: inner.x, y: y, role: selected ? .selected : .normal)
      buffer.write(
        row.name, x: inner.x + 2, y: y, role: selected ? .selected : .muted, maxWidth: Self.valueColumn - 2)
      for line in lines {
        buffer.write(
          line, x: inner.x + Self.valueColumn, y: y, role: selected ? .selected : .normal,
          maxWidth: valueWidth)
        y += 1
      }
    }
    buffer.write(truncating: hint, x: inner.x, y: inner.maxY - 1, role: .muted, maxWidth: inner.width)
  }
}
