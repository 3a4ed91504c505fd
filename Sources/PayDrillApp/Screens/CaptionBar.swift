import TerminalUI

/// The presenter's caption: one line, centred, above the footer.
struct CaptionBar {
  var caption: String

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.fill(rect, role: .selected)
    let width = min(DisplayWidth.of(caption), rect.width - 2)
    buffer.write(
      truncating: caption, x: rect.x + max(1, (rect.width - width) / 2), y: rect.y, role: .selected,
      maxWidth: rect.width - 2)
  }
}
