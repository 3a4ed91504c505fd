import CheckoutEngine
import Synchronization

/// The event pane's payload lines made so far, by event and width. The pane shows the same dozen events
/// frame after frame (a key, a tick, a new event at the bottom), and packing their fields costs far more
/// than finding them here: the key is the whole event, so an answer is only ever reused for an equal event.
final class EventPayloadCache: Sendable {
  static let shared = EventPayloadCache()

  /// Payloads kept at most; past that they are forgotten all at once.
  static let limit = 1024

  private struct Key: Hashable {
    var event: CallbackEvent
    var width: Int
  }

  private let payloads = Mutex<[Key: [String]]>([:])

  /// The payload lines of `event` at `width` (`EventPaneView.payload(of:width:)`), made once.
  func lines(of event: CallbackEvent, width: Int) -> [String] {
    let key = Key(event: event, width: width)
    if let known = payloads.withLock({ $0[key] }) { return known }
    let lines = EventPaneView.payload(of: event, width: width)
    payloads.withLock { payloads in
      if payloads.count >= Self.limit { payloads.removeAll(keepingCapacity: true) }
      payloads[key] = lines
    }
    return lines
  }
}
