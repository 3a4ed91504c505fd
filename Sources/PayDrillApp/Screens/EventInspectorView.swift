import CheckoutEngine
import Foundation
import TerminalUI

/// The event inspector over the checkout: one event whole, as pretty JSON, with where it is in the run and
/// the keys that move, copy and close.
struct EventInspectorView {
  var inspector: EventInspector
  var events: [CallbackEvent]

  /// The box the inspector takes in a screen of `size`: all of it between header and footer, for the
  /// payload to have every column.
  static func box(in size: Size) -> Rect {
    Rect(x: 0, y: 1, width: size.columns, height: max(0, size.rows - 2))
  }

  /// Where the JSON goes: inside the box's frame, above the hint line.
  static func textArea(in size: Size) -> Rect {
    let inner = box(in: size).inset(by: 2, 1)
    return Rect(x: inner.x, y: inner.y, width: inner.width, height: max(0, inner.height - 1))
  }

  func render(size: Size, into buffer: inout ScreenBuffer) {
    guard events.indices.contains(inspector.index) else { return }
    let event = events[inspector.index]
    let box = Self.box(in: size)
    buffer.fill(box, role: .normal)
    let method = event.method.map { " · \($0.rawValue)" } ?? ""
    let title = "Event \(inspector.index + 1) of \(events.count) · \(event.name.rawValue)\(method)"
    _ = Frame(title: title, rounded: false).render(in: box, into: &buffer)
    let area = Self.textArea(in: size)
    let lines = EventInspector.lines(of: event, width: area.width)
    for (offset, line) in lines.dropFirst(inspector.scroll).prefix(area.height).enumerated() {
      buffer.write(
        truncating: line.text, x: area.x, y: area.y + offset, role: line.role, maxWidth: area.width)
    }
    let below = max(0, lines.count - inspector.scroll - area.height)
    var hint = inspector.copied ? "Copied as JSON (OSC 52) · " : ""
    hint += below > 0 ? "\(below) more lines ↓ · " : ""
    // The footer lists the keys; the hint says where the text goes on and how to leave.
    hint += "Esc closes"
    buffer.write(
      truncating: hint, x: area.x, y: area.maxY, role: inspector.copied ? .success : .muted,
      maxWidth: area.width)
  }
}
