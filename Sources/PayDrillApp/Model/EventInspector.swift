import CheckoutEngine
import TerminalUI

/// One event opened whole (Enter on the focused event list): every field of its payload, pretty-printed and
/// scrollable, to read what the collapsed pane leaves out and to copy it as JSON (`y`).
struct EventInspector: Equatable, Sendable {
  /// The event's index in the checkout's events.
  var index: Int
  /// The first line shown.
  var scroll = 0
  /// Whether `y` copied the event, for the hint to say so.
  var copied = false

  /// The event as the inspector shows, copies and saves it: pretty JSON with its secrets masked.
  static func json(of event: CallbackEvent) -> String {
    SecretRedaction.masked(event).prettyJSON()
  }

  /// The event's JSON wrapped to `width`, a field per line and a long value carried on indented lines,
  /// nothing cut; then what PassKit redacted from it, marked as such (muted).
  static func lines(of event: CallbackEvent, width: Int) -> [(text: String, role: StyleRole)] {
    guard width > 8 else { return [] }
    var lines: [(text: String, role: StyleRole)] = []
    func add(_ line: Substring, role: StyleRole) {
      let indent = String(line.prefix { $0 == " " })
      let text = String(line.dropFirst(indent.count))
      for (offset, piece) in WrappedText.lines(text, width: width - indent.count - 2).enumerated() {
        lines.append((indent + (offset == 0 ? "" : "  ") + piece, role))
      }
    }
    for line in json(of: event).split(separator: "\n") { add(line, role: .normal) }
    let redactions = event.redactedByPassKit
    if !redactions.isEmpty {
      lines.append(("", .muted))
      add("Redacted by PassKit before the shopper authorises:", role: .muted)
      for redaction in redactions { add("  \(redaction.field): \(redaction.note)", role: .muted) }
    }
    return lines
  }

  /// A key while the inspector is open; the effects it asks for (a copy), or nil when it closes.
  static func handle(_ key: KeyEvent, in model: inout AppModel) -> [AppEffect] {
    guard var inspector = model.inspector, model.checkout.events.indices.contains(inspector.index) else {
      model.inspector = nil
      return []
    }
    let event = model.checkout.events[inspector.index]
    let area = ReadingPane.textArea(in: model.size)
    let lineCount = lines(of: event, width: area.width).count
    if let scroll = ScrollKeys.offset(
      after: key, from: inspector.scroll, page: area.height, lineCount: lineCount)
    {
      inspector.scroll = scroll
      model.inspector = inspector
      return []
    }
    var effects: [AppEffect] = []
    switch key {
    case .left, .character("h"), .right, .character("l"):
      // The previous or next event, opened at its top.
      let step = key == .left || key == .character("h") ? -1 : 1
      let next = min(max(0, inspector.index + step), model.checkout.events.count - 1)
      inspector = EventInspector(index: next)
      // The list's selection follows when the event is one it shows.
      let shown = model.eventList.shown(model.checkout.events)
      if let place = shown.firstIndex(of: next) {
        model.eventList.selected = place == shown.count - 1 ? nil : place
      }
    case .character("y"):
      inspector.copied = true
      effects = [.copyToClipboard(json(of: event))]
    case .escape, .enter, .character("q"):
      model.inspector = nil
      return []
    default: break
    }
    model.inspector = inspector
    return effects
  }
}
