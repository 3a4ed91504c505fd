import TerminalUI

/// The bottom line: the keys of the current screen, or why the run history is not being recorded.
struct FooterBar {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    if let notice = model.ledgerNotice {
      buffer.write(
        truncating: "⚠ \(notice)", x: rect.x + 1, y: rect.y, role: .error, maxWidth: rect.width - 2)
      return
    }
    var x = rect.x + 1
    for entry in KeyHelp.entries(for: model) {
      let keysWidth = DisplayWidth.of(entry.keys)
      let needed = keysWidth + DisplayWidth.of(entry.action) + 3
      guard x + needed <= rect.maxX else { break }
      if !entry.keys.isEmpty {
        x += buffer.write(entry.keys, x: x, y: rect.y, role: .key) + 1
      }
      x += buffer.write(entry.action, x: x, y: rect.y, role: .muted) + 2
    }
  }
}
