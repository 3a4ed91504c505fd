/// The events an event list shows, as their indices in the log, in order: every event (a range, so that
/// nothing is built whatever the log's length) or the filter's matches.
struct ShownEvents: RandomAccessCollection, Equatable, Sendable {
  /// The matches' indices; nil when every event is shown.
  private let matches: [Int]?
  let endIndex: Int

  /// Every event of a log of `count` events.
  init(all count: Int) {
    matches = nil
    endIndex = count
  }

  /// The events at these indices of the log.
  init(matches: [Int]) {
    self.matches = matches
    endIndex = matches.count
  }

  var startIndex: Int { 0 }

  /// The index in the log of the event at a place in the list.
  subscript(place: Int) -> Int { matches?[place] ?? place }
}
