import TerminalUI

/// The bottom line: the keys of the current screen.
struct FooterBar {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    var x = rect.x + 1
    // In a presentation the keys drive the playback, not the checkout.
    let entries =
      model.presentation.map {
        [
          KeyHelp.Entry(keys: "", action: $0.status), KeyHelp.Entry(keys: "Space", action: "pause / play"),
          KeyHelp.Entry(keys: "→", action: "step"), KeyHelp.Entry(keys: "q", action: "quit"),
        ]
      } ?? KeyHelp.entries(for: model)
    for entry in entries {
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
