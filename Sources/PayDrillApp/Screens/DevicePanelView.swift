import CheckoutEngine
import TerminalUI

/// The device panel, drawn over the checkout.
struct DevicePanelView {
  var device: ApplePayDevice
  var highlighted: Int

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let width = min(rect.width, 64)
    let height = min(rect.height, DevicePanel.rows.count + 4)
    let box = Rect(x: rect.x + (rect.width - width) / 2, y: rect.y + 1, width: width, height: height)
    buffer.fill(box, role: .normal)
    let inner = Frame(title: "Device", rounded: false).render(in: box, into: &buffer).inset(by: 1, 0)
    for (row, name) in DevicePanel.rows.enumerated() where row < inner.height - 1 {
      let selected = row == highlighted
      let line = Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1)
      if selected { buffer.fill(line, role: .selected) }
      buffer.write(name, x: inner.x, y: line.y, role: selected ? .selected : .muted, maxWidth: 20)
      buffer.write(
        truncating: DevicePanel.value(of: row, in: device), x: inner.x + 20, y: line.y,
        role: selected ? .selected : .normal, maxWidth: inner.width - 20)
    }
    buffer.write(
      truncating: "Enter changes a setting; the checkout is created again.", x: inner.x, y: inner.maxY - 1,
      role: .muted, maxWidth: inner.width)
  }
}
