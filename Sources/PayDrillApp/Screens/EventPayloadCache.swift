import CheckoutEngine
import Synchronization

/// The event pane's payload lines made so far, by payload and width. The pane shows the same dozen events
/// frame after frame (a key, a tick, a new event at the bottom), and packing their fields costs far more
/// than finding them here. The lines are made of the payload alone, so the key is the payload, not the
/// event: a tester repeating a flow records the same payloads under new sequence numbers and times, and
/// they find the lines the first flow made instead of filling the cache, round after round, towards its
/// limit (issue #16: a long session's memory grew by about 16 kB a round that way).
final class EventPayloadCache: Sendable {
  static let shared = EventPayloadCache()

  /// Payloads kept at most; past that they are forgotten all at once.
  static let limit = 1024

  private struct Key: Hashable {
    var payload: [EventDetail]
    var width: Int
  }

  private let payloads = Mutex<[Key: [String]]>([:])

  /// The payload lines of `event` at `width` (`EventPaneView.payload(of:width:)`), made once.
  func lines(of event: CallbackEvent, width: Int) -> [String] {
    let key = Key(payload: event.details, width: width)
    if let known = payloads.withLock({ $0[key] }) { return known }
    let lines = EventPaneView.payload(of: event, width: width)
    payloads.withLock { payloads in
      if payloads.count >= Self.limit { payloads.removeAll(keepingCapacity: true) }
      payloads[key] = lines
    }
    return lines
  }

  /// How many payloads are kept.
  var count: Int { payloads.withLock { $0.count } }
}
