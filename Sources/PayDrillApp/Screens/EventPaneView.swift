import CheckoutEngine
import Foundation
import TerminalUI

/// Every callback in order, newest at the bottom: time, sequence, name, method, then the payload in short.
struct EventPaneView {
  var events: [CallbackEvent]
  var timeZone: TimeZone

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.fill(rect, role: .eventPane)
    let inner = Frame(title: "Events (\(events.count))", role: .border, titleRole: .title)
      .render(in: rect, into: &buffer)
    guard !inner.isEmpty else { return }
    let area = inner.inset(by: 1, 0)
    if events.isEmpty {
      for (offset, line) in WrappedText.lines(
        "No callback yet. They appear here as they fire.", width: area.width
      )
      .enumerated() where offset < area.height {
        buffer.write(line, x: area.x, y: area.y + offset, role: .muted)
      }
      return
    }
    var lines: [[(String, StyleRole)]] = []
    for event in events.suffix(area.height) {
      var head: [(String, StyleRole)] = [
        (timestamp(event.time) + " ", .eventTime), (event.name.rawValue, .eventName),
      ]
      let method = event.method.map { " " + $0.rawValue } ?? ""
      if DisplayWidth.of(head.map(\.0).joined() + method) <= area.width { head.append((method, .eventPane)) }
      lines.append(head)
      let payload = event.details.map { "\($0.key)=\(Self.quoted($0.value.description))" }
        .joined(separator: " ")
      var wrapped = WrappedText.lines(payload, width: area.width - 2).filter { !$0.isEmpty }
      if wrapped.count > Self.payloadLines {
        wrapped = Array(wrapped.prefix(Self.payloadLines))
        let last = Self.payloadLines - 1
        wrapped[last] = WrappedText.prefix(wrapped[last], width: area.width - 3) + "…"
      }
      lines += wrapped.map { [("  " + $0, .muted)] }
    }
    for (offset, segments) in lines.suffix(area.height).enumerated() {
      var x = area.x
      for (text, role) in segments {
        x += buffer.write(truncating: text, x: x, y: area.y + offset, role: role, maxWidth: area.maxX - x)
      }
    }
  }

  /// Payload lines shown per event; the rest is cut with "…" (the JSON Lines export has it all).
  static let payloadLines = 3

  private static func quoted(_ value: String) -> String {
    value.contains(" ") ? "\"\(value)\"" : value
  }

  private func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
    func two(_ value: Int?) -> String {
      let text = String(value ?? 0)
      return text.count < 2 ? "0" + text : text
    }
    let millis = String((parts.nanosecond ?? 0) / 1_000_000)
    return "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))."
      + String(repeating: "0", count: 3 - millis.count) + millis
  }
}
