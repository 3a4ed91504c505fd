import TerminalUI

/// A panel of settings drawn over the checkout (the device panel, the gateway panel): one row per setting
/// with its value, the highlighted one selected, and a hint at the bottom.
struct SettingsPanelView {
  var title: String
  var rows: [(name: String, value: String)]
  var highlighted: Int
  var hint: String

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let width = min(rect.width, 64)
    let height = min(rect.height, rows.count + 4)
    let box = Rect(x: rect.x + (rect.width - width) / 2, y: rect.y + 1, width: width, height: height)
    buffer.fill(box, role: .normal)
    let inner = Frame(title: title, rounded: false).render(in: box, into: &buffer).inset(by: 1, 0)
    for (index, row) in rows.enumerated() where index < inner.height - 1 {
      let selected = index == highlighted
      let line = Rect(x: inner.x, y: inner.y + index, width: inner.width, height: 1)
      if selected { buffer.fill(line, role: .selected) }
      buffer.addClickTarget(line, tag: ScreenTarget.panelRow(index).tag)
      buffer.write(row.name, x: inner.x, y: line.y, role: selected ? .selected : .muted, maxWidth: 20)
      buffer.write(
        truncating: row.value, x: inner.x + 20, y: line.y, role: selected ? .selected : .normal,
        maxWidth: inner.width - 20)
    }
    buffer.write(truncating: hint, x: inner.x, y: inner.maxY - 1, role: .muted, maxWidth: inner.width)
  }
}
