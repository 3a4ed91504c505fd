import CheckoutEngine
import Foundation
import TerminalUI

/// The event inspector over the checkout: one event whole, as pretty JSON, with where it is in the run and
/// the keys that move, copy and close.
struct EventInspectorView {
  var inspector: EventInspector
  var events: EventLog

  func render(size: Size, into buffer: inout ScreenBuffer) {
    guard events.indices.contains(inspector.index) else { return }
    let event = events[inspector.index]
    let method = event.method.map { " · \($0.rawValue)" } ?? ""
    ReadingPane(
      title: "Event \(inspector.index + 1) of \(events.count) · \(event.name.rawValue)\(method)",
      lines: EventInspector.lines(of: event, width: ReadingPane.textArea(in: size).width),
      scroll: inspector.scroll
    ).render(size: size, into: &buffer)
  }
}
