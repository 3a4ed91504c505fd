import TerminalUI

/// The keys of the current mode, in a box over the checkout; any key closes it. The box is titled with the
/// mode (the chooser, the coupon entry…) and lists its own keys first, then, after a blank line, the keys of
/// the whole terminal that act there too: what Esc and Enter do here is what is read first.
struct HelpOverlay {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let table = KeyTable.current(for: model)
    let own = table.bindings.compactMap(\.help)
    let shared = table.shared.compactMap(\.help)
    let lines: [KeyHelp.Entry?] = own + (own.isEmpty || shared.isEmpty ? [] : [nil]) + shared
    let width = min(rect.width, 50)
    let height = min(rect.height, lines.count + 4)
    let box = Rect(
      x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width,
      height: height)
    buffer.fill(box, role: .normal)
    let title = "Keys · " + table.mode.filter { $0 != "`" }
    let inner = Frame(title: title, role: .border, titleRole: .title, rounded: false).render(
      in: box, into: &buffer
    )
    .inset(by: 1, 0)
    for (offset, entry) in lines.enumerated() where offset < inner.height - 1 {
      guard let entry else { continue }
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
