import CheckoutEngine
import TerminalUI

/// The event pane as a list the developer can walk: `v` (or a click) gives it the keys, ↑↓ PgUp PgDn Home End
/// move the selection through the events, `/` filters them, Esc or `v` gives the keys back. Unfocused, or with
/// nothing selected, it follows the newest event.
struct EventList: Equatable, Sendable {
  /// Whether the list has the keys.
  var isFocused = false
  /// The selected event's place among the events shown (the filter's matches); nil follows the newest.
  var selected: Int?
  /// What the events shown must contain (name, method or a field, any case); empty shows them all.
  var filter = ""
  /// Whether keys are typed into the filter (after `/`, until Enter or Esc).
  var isEditingFilter = false
  /// The filter's matches in the log as far as it was read: the reducer reads each event once, as it
  /// arrives (`catchUp`), so that a frame never searches the whole log (a session can hold 100,000 events).
  var matched = Matches()

  /// How far PgUp and PgDn move.
  static let page = 10

  /// The matches of one filter among the first `examined` events of the log. The log only grows, so the
  /// events after them are all that is left to read.
  struct Matches: Sendable {
    /// The filter they were found with.
    var filter = ""
    /// Their indices in the log, in order.
    var indices: [Int] = []
    /// How many events of the log were read.
    var examined = 0
  }

  /// Two lists are the same when what the developer set is: the matches follow from the filter and the log.
  static func == (lhs: EventList, rhs: EventList) -> Bool {
    lhs.isFocused == rhs.isFocused && lhs.selected == rhs.selected && lhs.filter == rhs.filter
      && lhs.isEditingFilter == rhs.isEditingFilter
  }

  /// The events the filter lets through, in order: a range without one, whatever the log's length; with
  /// one, the kept matches (found from the start only for a list that was not kept up to date).
  func shown(_ events: [CallbackEvent]) -> ShownEvents {
    guard !filter.isEmpty else { return ShownEvents(all: events.count) }
    var current = self
    current.catchUp(with: events)
    return ShownEvents(matches: current.matched.indices)
  }

  /// Reads the events that arrived since the last call into the matches (all of them after the filter
  /// changed, or when the log is shorter than what was read: a new run). The reducer calls it after each
  /// action.
  mutating func catchUp(with events: [CallbackEvent]) {
    guard !filter.isEmpty else {
      if matched.examined > 0 || !matched.filter.isEmpty { matched = Matches() }
      return
    }
    if matched.filter != filter || events.count < matched.examined { matched = Matches(filter: filter) }
    guard matched.examined < events.count else { return }
    for index in matched.examined..<events.count where Self.matches(events[index], filter) {
      matched.indices.append(index)
    }
    matched.examined = events.count
  }

  /// Whether the event's name, method or a `key=value` field contains the text, in any case.
  static func matches(_ event: CallbackEvent, _ text: String) -> Bool {
    let haystack =
      ([event.name.rawValue, event.method?.rawValue ?? ""] + event.details.map { "\($0.key)=\($0.value)" })
    return haystack.contains { $0.localizedCaseInsensitiveContains(text) }
  }

  /// The index in the events of the selected one (or the newest shown); nil when none is shown.
  func selectedEvent(in events: [CallbackEvent]) -> Int? {
    let shown = shown(events)
    guard !shown.isEmpty else { return nil }
    return shown[min(selected ?? shown.count - 1, shown.count - 1)]
  }

  /// A key while the list has the keys; false when the key is not the list's.
  mutating func handle(_ key: KeyEvent, events: [CallbackEvent]) -> Bool {
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
