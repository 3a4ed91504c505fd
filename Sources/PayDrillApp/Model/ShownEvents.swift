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

  /// How many of the events shown come before the log's `index`: a binary search, the indices being in
  /// order, so that stepping costs the same whatever the log's length.
  func places(before index: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < index { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
