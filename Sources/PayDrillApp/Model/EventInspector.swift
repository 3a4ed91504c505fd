import CheckoutEngine
import TerminalUI

/// One event opened whole (Enter on the focused event list): every field of its payload, pretty-printed and
/// scrollable, to read what the collapsed pane leaves out and to copy it as JSON (`y`).
package struct EventInspector: Equatable, Sendable {
  /// The event's index in the checkout's events.
  package var index: Int
  /// The first line shown.
  var scroll = 0

  /// The event as the inspector shows, copies and saves it: pretty JSON with its secrets masked.
  package static func json(of event: CallbackEvent) -> String {
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

  /// The open inspector and its event; closes an inspector whose event is gone.
  private static func open(in model: inout AppModel) -> (inspector: EventInspector, event: CallbackEvent)? {
    guard let inspector = model.inspector, model.checkout.events.indices.contains(inspector.index) else {
      model.inspector = nil
      return nil
    }
    return (inspector, model.checkout.events[inspector.index])
  }

  /// Scrolls the event's JSON as `key` does wherever a text is read by scrolling (`ScrollKeys`).
  static func scroll(_ key: KeyEvent, in model: inout AppModel) {
    guard let opened = open(in: &model) else { return }
    var inspector = opened.inspector
    if ScrollKeys.scroll(
      key, &inspector.scroll, in: model.size, lineCount: { lines(of: opened.event, width: $0).count })
    {
      model.inspector = inspector
    }
  }

  /// Opens the previous (`-1`) or next (`1`) event the list shows (with a filter on, its previous or next
  /// match) at its top; the list's selection follows.
  static func step(by step: Int, in model: inout AppModel) {
    guard let index = open(in: &model)?.inspector.index else { return }
    let shown = model.eventList.shown(model.checkout.events)
    guard !shown.isEmpty else { return }
    // The nearest shown event that way (the inspected one may be no match of a filter typed since), or the
    // inspected one at either end.
    let after = shown.places(before: index + 1)
    let place =
      step < 0
      ? max(0, shown.places(before: index) - 1)
      : min(after, shown.count - 1)
    model.inspector = EventInspector(index: shown[place])
    model.eventList.selected = place == shown.count - 1 ? nil : place
  }

  /// Copies the event as JSON (its secrets masked); the footer says what was done.
  static func copy(in model: inout AppModel) -> [AppEffect] {
    guard let event = open(in: &model)?.event else { return [] }
    return AppReducer.copy(json(of: event), in: &model)
  }
}
