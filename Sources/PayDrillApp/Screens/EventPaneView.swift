import CheckoutEngine
import Foundation
import TerminalUI

/// Every callback in order, newest at the bottom: time, sequence, name, method, then the payload in short.
struct EventPaneView {
  var events: EventLog
  var timeZone: TimeZone
  /// Focus and selection (`v`); unfocused, the pane follows the newest event.
  var list = EventList()

  /// The pane's title: the count (of the matches, under a filter), the filter, and the keys that lead on
  /// when they fit in `width` (the footer lists them all).
  private func title(width: Int, shown: Int) -> String {
    var title = list.filter.isEmpty ? "Events (\(events.count))" : "Events (\(shown) of \(events.count))"
    if list.isEditingFilter || !list.filter.isEmpty { title += " /\(list.filter)" }
    if list.isEditingFilter { return title + "▏" }
    let keys = list.isFocused ? " ↑↓ / Enter · Esc" : " · v to browse"
    return DisplayWidth.of(title + keys) <= width ? title + keys : title
  }

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.fill(rect, role: .eventPane)
    buffer.addClickTarget(rect, tag: ScreenTarget.eventPane.tag)
    let shown = list.shown(events)
    let inner = Frame(
      title: title(width: rect.width - 6, shown: shown.count), role: .border, titleRole: .title
    )
    .render(in: rect, into: &buffer)
    guard !inner.isEmpty else { return }
    let area = inner.inset(by: 1, 0)
    if shown.isEmpty {
      let note =
        events.isEmpty
        ? "No callback yet. They appear here as they fire." : "No event matches /\(list.filter)."
      for (offset, line) in WrappedText.lines(note, width: area.width).enumerated() where offset < area.height
      {
        buffer.write(line, x: area.x, y: area.y + offset, role: .muted)
      }
      return
    }
    // The window ends at the selected event (or the newest shown); where the events before it leave room
    // (near the first), the newer ones fill it. Below, how many newer ones it hides.
    let anchor = min(list.selected ?? shown.count - 1, shown.count - 1)
    func eventLines(at place: Int) -> [[(String, StyleRole)]] {
      let event = events[shown[place]]
      var head = Self.head(of: event, time: Self.timestamp(event.time, in: timeZone), width: area.width)
      if list.isFocused, place == anchor {
        head = head.map { line in line.map { ($0.0, StyleRole.selected) } }
      }
      return head
        + Self.keptPayload(of: event, width: area.width - 2).map { [("  " + $0, .muted)] }
    }
    let height = max(1, anchor < shown.count - 1 ? area.height - 1 : area.height)
    var lines: [[(String, StyleRole)]] = []
    var first = anchor
    while first >= 0, lines.count < height {
      lines = eventLines(at: first) + lines
      first -= 1
    }
    lines = Array(lines.suffix(height))
    var next = anchor + 1
    while next < shown.count {
      let more = eventLines(at: next)
      // The marker keeps a line while newer events stay hidden.
      let room = area.height - (next < shown.count - 1 ? 1 : 0)
      guard lines.count + more.count <= room else { break }
      lines += more
      next += 1
    }
    let newer = shown.count - next
    if newer > 0 { lines.append([("\(newer) new ↓", .notice)]) }
    for (offset, segments) in lines.enumerated() {
      var x = area.x
      for (text, role) in segments {
        x += buffer.write(truncating: text, x: x, y: area.y + offset, role: role, maxWidth: area.maxX - x)
      }
    }
    // The selected event is marked in the margin too, not by its colour alone.
    if list.isFocused, let y = (area.y..<area.maxY).first(where: { buffer[area.x, $0].role == .selected }) {
      buffer.write("▸", x: inner.x, y: y, role: .selected)
    }
  }

  /// An event's first line: its time, name and method. A name is never cut: when the time and the name do
  /// not fit side by side, the time has a line of its own.
  static func head(of event: CallbackEvent, time: String, width: Int) -> [[(String, StyleRole)]] {
    let name = event.name.rawValue
    let method = event.method.map { " " + $0.rawValue } ?? ""
    let stamped = DisplayWidth.of(time) + 1 + DisplayWidth.of(name)
    guard stamped <= width else {
      let nameLine: [(String, StyleRole)] =
        DisplayWidth.of(name + method) <= width
        ? [(name, .eventName), (method, .eventPane)] : [(name, .eventName)]
      return [[(time, .eventTime)], nameLine]
    }
    var line: [(String, StyleRole)] = [(time + " ", .eventTime), (name, .eventName)]
    if stamped + DisplayWidth.of(method) <= width { line.append((method, .eventPane)) }
    return [line]
  }

  /// The payload lines made so far, by payload and width. The pane shows the same dozen events frame after
  /// frame (a key, a tick, a new event at the bottom), and packing their fields costs far more than finding
  /// them here. The lines are made of the payload alone, so the key is the payload, not the event: a tester
  /// repeating a flow records the same payloads under new sequence numbers and times, and they find the
  /// lines the first flow made instead of filling the memo, round after round, towards its limit (issue
  /// #16: a long session's memory grew by about 16 kB a round that way).
  static let payloads = Memo<PayloadKey, [String]>(limit: 1024)

  /// A payload at a width.
  struct PayloadKey: Hashable, Sendable {
    var payload: [EventDetail]
    var width: Int
  }

  /// The payload lines of `event` at `width` (`payload(of:width:)`), made once in `memo`.
  static func keptPayload(of event: CallbackEvent, width: Int, in memo: Memo<PayloadKey, [String]> = payloads)
    -> [String]
  {
    memo.value(for: PayloadKey(payload: event.details, width: width)) { payload(of: event, width: width) }
  }

  /// The payload in short: the fields that matter first (the error code, the outcome, the amount), each
  /// `key=value` kept whole on a line where it fits (a long value wraps at its spaces, never mid-word), at
  /// most `payloadLines` lines, the last saying how many fields it leaves out.
  static func payload(of event: CallbackEvent, width: Int) -> [String] {
    guard width > 0 else { return [] }
    let fields = prioritised(event.details)
    // Lines of whole fields; a field wider than the pane is a run of lines of its own (it wraps at its
    // spaces, a long word at the pane's width), each line saying whether the field ends on it. Once there
    // is a line past the limit, the fields after it change nothing shown: only their count is told.
    var lines: [(fields: [String], ends: Bool, whole: Bool, width: Int)] = []
    for detail in fields where lines.count <= payloadLines {
      let (key, value) = (detail.key, quoted(detail.value.description))
      let field = "\(key)=\(value)"
      let fieldWidth = DisplayWidth.of(field)
      if let last = lines.last, last.whole {
        // A space between ASCII characters joins no grapheme across it: the widths add up.
        let joinedWidth =
          last.fields[last.fields.count - 1].utf8.last! < 0x80 && field.utf8.first! < 0x80
          ? last.width + 1 + fieldWidth : DisplayWidth.of((last.fields + [field]).joined(separator: " "))
        if joinedWidth <= width {
          lines[lines.count - 1].fields.append(field)
          lines[lines.count - 1].width = joinedWidth
          continue
        }
      }
      guard fieldWidth > width else {
        lines.append(([field], true, true, fieldWidth))
        continue
      }
      // Too wide for a line: the key, then the value at its own spaces (a long word at the pane's width).
      let pieces = ["\(key)="] + WrappedText.lines(value, width: width)
      lines += pieces.enumerated().map { ([$1], $0 == pieces.count - 1, false, 0) }
    }
    guard lines.count > payloadLines else { return lines.map { $0.fields.joined(separator: " ") } }
    // Cut at the limit: a field is shown whole or not at all, and the last line says how many are left out.
    var shown = Array(lines.prefix(payloadLines))
    while let last = shown.last, !last.ends { shown.removeLast() }
    var shownFields = shown.reduce(0) { $0 + ($1.ends ? $1.fields.count : 0) }
    func marker() -> String { " …+\(fields.count - shownFields)" }
    while var last = shown.last,
      DisplayWidth.of(last.fields.joined(separator: " ") + marker()) > width, last.fields.count > 1
    {
      last.fields.removeLast()
      shownFields -= 1
      shown[shown.count - 1] = last
    }
    var texts = shown.map { $0.fields.joined(separator: " ") }
    if let last = texts.last, DisplayWidth.of(last + marker()) <= width {
      texts[texts.count - 1] = last + marker()
    } else {
      texts.append(String(marker().dropFirst()))
    }
    return texts
  }

  /// The keys read first, in this order; the rest keep the order the event gives them.
  static let firstKeys = [
    "errorCode", "errors", "outcome", "submitResultType", "returned", "amount", "total", "currency",
    "idempotentReplay",
    "state", "transStatus", "avsResult", "callback",
  ]

  /// Each first key's place in `firstKeys`.
  private static let firstKeyPlaces = Dictionary(
    uniqueKeysWithValues: firstKeys.enumerated().map { ($0.element, $0.offset) })

  /// The first keys' fields in their order (the first field of each such key; a repeat is left out), then
  /// the other fields in the event's order.
  private static func prioritised(_ details: [EventDetail]) -> [EventDetail] {
    var first: [(place: Int, detail: EventDetail)] = []
    var rest: [EventDetail] = []
    rest.reserveCapacity(details.count)
    for detail in details {
      if let place = firstKeyPlaces[detail.key] {
        if !first.contains(where: { $0.place == place }) { first.append((place, detail)) }
      } else {
        rest.append(detail)
      }
    }
    guard !first.isEmpty else { return rest }
    first.sort { $0.place < $1.place }
    return first.map(\.detail) + rest
  }

  /// Payload lines shown per event in the list; the JSON Lines export (`--events`) has every field.
  static let payloadLines = 3

  /// A value with a space in quotes. Most values are ASCII: no byte 0x20, no space.
  private static func quoted(_ value: String) -> String {
    guard value.utf8.contains(0x20) else { return value }
    // In ASCII a space byte is a space; elsewhere it may begin a grapheme with a combining mark.
    return value.utf8.allSatisfy({ $0 < 0x80 }) || value.contains(" " as Character) ? "\"\(value)\"" : value
  }

  /// The time of day in the time zone to the millisecond (`17:12:31.222`, milliseconds cut, not rounded),
  /// as a Gregorian calendar's hour, minute, second and nanosecond say: the zone's offset at that instant
  /// (daylight saving time included), then whole seconds of the local day; no calendar built per event.
  static func timestamp(_ date: Date, in timeZone: TimeZone) -> String {
    let local = date.timeIntervalSinceReferenceDate + Double(timeZone.secondsFromGMT(for: date))
    let seconds = local.rounded(.down)
    guard seconds < Double(Int.max), seconds >= Double(Int.min) else { return "00:00:00.000" }
    let secondOfDay = (Int(seconds) % 86_400 + 86_400) % 86_400
    let millisecond = Int((local - seconds) * 1_000_000_000) / 1_000_000
    // Hours below 24 and milliseconds below 1000 (a fraction a hair under one second can round to 1000,
    // written as it is): twelve bytes, written in place (every event shown in every frame has its time made).
    guard millisecond < 1000 else {
      return String(
        format: "%02d:%02d:%02d.%d", secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60, millisecond)
    }
    let fields = [
      (secondOfDay / 3600, 2), (secondOfDay / 60 % 60, 2), (secondOfDay % 60, 2), (millisecond, 3),
    ]
    return String(unsafeUninitializedCapacity: 12) { bytes in
      var end = 0
      for (index, (value, count)) in fields.enumerated() {
        if index > 0 {
          bytes[end] = UInt8(ascii: index == 3 ? "." : ":")
          end += 1
        }
        var rest = value
        for place in stride(from: end + count - 1, through: end, by: -1) {
          bytes[place] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
        end += count
      }
      return end
    }
  }
}
