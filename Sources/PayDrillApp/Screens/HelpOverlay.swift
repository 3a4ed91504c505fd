import TerminalUI

/// The keys of the current screen, in a box over the checkout; any key closes it.
struct HelpOverlay {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let entries = KeyHelp.entries(for: model)
    let width = min(rect.width, 46)
    let height = min(rect.height, entries.count + 4)
    let box = Rect(
      x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width,
      height: height)
    buffer.fill(box, role: .normal)
    let inner = Frame(title: "Keys", role: .border, titleRole: .title, rounded: false).render(
      in: box, into: &buffer
    )
    .inset(by: 1, 0)
    for (offset, entry) in entries.enumerated() where offset < inner.height - 1 {
      buffer.write(entry.keys, x: inner.x, y: inner.y + offset, role: .key, maxWidth: 12)
      buffer.write(
        truncating: entry.action, x: inner.x + 13, y: inner.y + offset, role: .normal,
        maxWidth: inner.width - 13)
    }
    buffer.write(
      truncating: "Any key closes this help.", x: inner.x, y: inner.maxY - 1, role: .muted,
      maxWidth: inner.width)
  }
}
