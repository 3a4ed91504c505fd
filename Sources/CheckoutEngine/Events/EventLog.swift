import Foundation

/// Every callback a run fired, in order: what the event pane shows, `--events` writes and the hooks read.
/// A session can hold 100,000 events, so the log does two things to stay cheap:
/// - a payload equal to one the same callback recorded lately shares that one's storage (`record`): a tester
///   repeats flows, and the values are the same; only their memory is held once;
/// - it keeps the indices of the events that one filter (the pane's) matches, reading each event once as it
///   arrives, so that no frame searches the whole log.
///
/// The matches follow from the events and the filter: they are `Derived`, not part of what a log is, so two
/// logs of the same events are equal whatever they kept.
public struct EventLog: Equatable, Sendable, RandomAccessCollection, RangeReplaceableCollection,
  ExpressibleByArrayLiteral
{
  @usableFromInline var events: [CallbackEvent]
  private var kept = Derived(FilterMatches())

  /// How many of the latest events `record` looks through for a payload to share: a flow's worth.
  static let payloadLookback = 32

  /// The events one filter matches, as the log keeps them.
  public struct FilterMatches: Equatable, Sendable {
    /// What the events must contain; empty keeps nothing.
    public var filter = ""
    /// The matching events' indices in the log, in order.
    public var indices: [Int] = []
  }

  public init(_ events: [CallbackEvent]) {
    self.events = events
  }

  public init() {
    self.init([])
  }

  public init(arrayLiteral events: CallbackEvent...) {
    self.init(events)
  }

  // Inlinable: the app and the screens read the log through these on every frame.
  @inlinable public var startIndex: Int { events.startIndex }
  @inlinable public var endIndex: Int { events.endIndex }
  @inlinable public subscript(index: Int) -> CallbackEvent { events[index] }
  /// A run of the log as the array's own slice: copied out in one go (the hooks hear each action's new
  /// events), not event by event as a generic slice would be.
  @inlinable public subscript(bounds: Range<Int>) -> ArraySlice<CallbackEvent> { events[bounds] }

  /// Appends a callback that fired at `time`, numbered after the last; its payload shares the storage of an
  /// equal one the same callback recorded among the latest `payloadLookback` events.
  public mutating func record(
    _ name: CallbackName, method: DropInPaymentMethod?, details: [EventDetail], at time: Date
  ) {
    var payload = details
    // By index, reading the fields in place: a closure over the events copied each one it looked at.
    var index = events.endIndex
    let stop = Swift.max(events.startIndex, index - Self.payloadLookback)
    while index > stop {
      index -= 1
      if events[index].name == name, events[index].method == method, events[index].details == details {
        payload = events[index].details
        break
      }
    }
    append(
      CallbackEvent(sequence: events.count + 1, time: time, name: name, method: method, details: payload))
  }

  /// Appends an event as it is, and reads it into the kept matches.
  public mutating func append(_ event: CallbackEvent) {
    if !kept.value.filter.isEmpty, Self.event(event, matches: kept.value.filter) {
      kept.value.indices.append(events.count)
    }
    events.append(event)
  }

  /// Replaces events, reading the new ones into the kept matches: an append reads only them, anything else
  /// finds the matches again over the whole log.
  public mutating func replaceSubrange(_ range: Range<Int>, with new: some Collection<CallbackEvent>) {
    guard range.isEmpty, range.lowerBound == events.endIndex else {
      events.replaceSubrange(range, with: new)
      let filter = kept.value.filter
      kept.value = FilterMatches()
      keepMatches(of: filter)
      return
    }
    for event in new { append(event) }
  }

  /// From now on the log keeps the matches of `filter` (nothing for an empty one): found over the whole log
  /// when the filter changed, then read from each event as it arrives.
  public mutating func keepMatches(of filter: String) {
    guard filter != kept.value.filter else { return }
    kept.value = FilterMatches(
      filter: filter, indices: filter.isEmpty ? [] : Self.indices(of: events, matching: filter))
  }

  /// The matches the log keeps.
  public var keptMatches: FilterMatches { kept.value }

  /// The indices of the events that `filter` matches, in order: the kept ones for the kept filter, else
  /// found over the whole log.
  public func indices(matching filter: String) -> [Int] {
    filter == kept.value.filter ? kept.value.indices : Self.indices(of: events, matching: filter)
  }

  private static func indices(of events: [CallbackEvent], matching filter: String) -> [Int] {
    events.indices.filter { event(events[$0], matches: filter) }
  }

  /// Whether the event's name, method or a `key=value` field contains the text, in any case.
  public static func event(_ event: CallbackEvent, matches text: String) -> Bool {
    let haystack =
      ([event.name.rawValue, event.method?.rawValue ?? ""] + event.details.map { "\($0.key)=\($0.value)" })
    return haystack.contains { $0.localizedCaseInsensitiveContains(text) }
  }
}
