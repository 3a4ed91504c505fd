import TerminalUI

/// The bottom line: the keys of the current screen, what became of the last screenshot, or why the run
/// history is not being recorded.
struct FooterBar {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    if let outcome = model.screenshotOutcome {
      buffer.write(
        truncating: outcome.notice, x: rect.x + 1, y: rect.y, role: outcome.isFailure ? .error : .notice,
        maxWidth: rect.width - 2)
      return
    }
    if let notice = model.ledgerNotice {
      buffer.write(
        truncating: "⚠ \(notice)", x: rect.x + 1, y: rect.y, role: .error, maxWidth: rect.width - 2)
      return
    }
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
