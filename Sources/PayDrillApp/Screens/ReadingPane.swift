import TerminalUI

/// A text opened over the whole checkout to be read (an event, the whole order): framed between header and
/// footer for every column, scrolled, with a hint line saying how much is below and how to leave.
struct ReadingPane {
  var title: String
  var lines: [(text: String, role: StyleRole)]
  var scroll: Int
  /// What the hint says before the lines below and "Esc closes" (the inspector's "Copied as JSON").
  var note = ""
  var noteRole = StyleRole.muted
  /// How Escape leaves it, the hint's last words.
  var leaving = "Esc closes"

  /// The box the pane takes in a screen of `size`: all of it between header and footer.
  static func box(in size: Size) -> Rect {
    Rect(x: 0, y: 1, width: size.columns, height: max(0, size.rows - 2))
  }

  /// Where the text goes: inside the box's frame, above the hint line.
  static func textArea(in size: Size) -> Rect {
    let inner = box(in: size).inset(by: 2, 1)
    return Rect(x: inner.x, y: inner.y, width: inner.width, height: max(0, inner.height - 1))
  }

  func render(size: Size, into buffer: inout ScreenBuffer) {
    let box = Self.box(in: size)
    buffer.fill(box, role: .normal)
    _ = Frame(title: title, rounded: false).render(in: box, into: &buffer)
    let area = Self.textArea(in: size)
    for (offset, line) in lines.dropFirst(scroll).prefix(area.height).enumerated() {
      buffer.write(
        truncating: line.text, x: area.x, y: area.y + offset, role: line.role, maxWidth: area.width)
    }
    let below = max(0, lines.count - scroll - area.height)
    // The footer lists the keys; the hint says where the text goes on and how to leave.
    let hint = note + (below > 0 ? "\(below) more lines ↓ · " : "") + leaving
    buffer.write(truncating: hint, x: area.x, y: area.maxY, role: noteRole, maxWidth: area.width)
  }
}
