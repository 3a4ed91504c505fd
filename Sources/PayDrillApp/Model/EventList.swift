import CheckoutEngine
import TerminalUI

/// The event pane as a list the developer can walk: `v` (or a click) gives it the keys, ↑↓ PgUp PgDn Home End
/// move the selection through the events, `/` filters them, Esc or `v` gives the keys back. Unfocused, or with
/// nothing selected, it follows the newest event.
package struct EventList: Equatable, Sendable {
  /// Whether the list has the keys.
  var isFocused = false
  /// The selected event's place among the events shown (the filter's matches); nil follows the newest.
  var selected: Int?
  /// What the events shown must contain (name, method or a field, any case); empty shows them all.
  package var filter = ""
  /// Whether keys are typed into the filter (after `/`, until Enter or Esc).
  var isEditingFilter = false

  /// How far PgUp and PgDn move.
  static let page = 10

  /// The events the filter lets through, in order: a range without one, whatever the log's length; with
  /// one, its matches (kept by the log as events arrive: the reducer has it keep this list's filter).
  func shown(_ events: EventLog) -> ShownEvents {
    guard !filter.isEmpty else { return ShownEvents(all: events.count) }
    return ShownEvents(matches: events.indices(matching: filter))
  }

  /// The index in the events of the selected one (or the newest shown); nil when none is shown.
  func selectedEvent(in events: EventLog) -> Int? {
    let shown = shown(events)
    guard !shown.isEmpty else { return nil }
    return shown[min(selected ?? shown.count - 1, shown.count - 1)]
  }

  /// A key while the list has the keys; false when the key is not the list's.
  mutating func handle(_ key: KeyEvent, events: EventLog) -> Bool {
    if isEditingFilter { return editFilter(key) }
    if key == .character("/") {
      isEditingFilter = true
      return true
    }
    let count = shown(events).count
    guard count > 0 else {
      if key == .escape || key == .character("v") { leave() }
      return true
    }
    let last = count - 1
    let current = min(selected ?? last, last)
    switch key {
    case .up, .character("k"): selected = max(0, current - 1)
    case .down, .character("j"): selected = current + 1 >= last ? nil : current + 1
    case .pageUp: selected = max(0, current - Self.page)
    case .pageDown: selected = current + Self.page >= last ? nil : current + Self.page
    case .home: selected = 0
    case .end: selected = nil
    case .escape, .character("v"): leave()
    default: return false
    }
    return true
  }

  /// Gives the keys back; the filter goes with them, so that the pane shows every event again.
  private mutating func leave() {
    self = EventList()
  }

  /// A key typed into the filter: text, Backspace, Enter keeps it, Esc clears it.
  private mutating func editFilter(_ key: KeyEvent) -> Bool {
    switch key {
    case .character(let character): filter.append(character)
    case .backspace: if !filter.isEmpty { filter.removeLast() }
    case .enter: isEditingFilter = false
    case .escape:
      filter = ""
      isEditingFilter = false
    default: return false
    }
    // What is shown changed: the list follows the newest match again.
    selected = nil
    return true
  }
}
