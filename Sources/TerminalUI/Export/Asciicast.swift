import Foundation

/// A recording of the screen in asciinema's format, asciicast v2 (`asciinema play FILE`): a header line
/// (size, start time, title) and one line per change of the screen, `[seconds, "o", bytes]`, the bytes an
/// `AnsiScreenUpdate` from the frame before. Frames come with their time on the run's clock (virtual in a
/// replay, so a cast of `play` is the same whenever it is made); frames of the same instant are one change,
/// the last of them, so that only what stayed on screen is played.
public struct Asciicast: Sendable {
  /// The header line's fields (asciicast v2).
  struct Header: Encodable {
    var version = 2
    var width: Int
    var height: Int
    /// Seconds since 1970 when the recording starts.
    var timestamp: Int64
    var env: [String: String]
    var title: String
  }

  /// One event line: its time in seconds and its output.
  struct Event: Encodable {
    var milliseconds: Int64
    var kind: String
    var data: String

    func encode(to encoder: Encoder) throws {
      var line = encoder.unkeyedContainer()
      // Exact seconds with their milliseconds (`1.25`), never a binary fraction's digits.
      try line.encode(Decimal(milliseconds) / 1000)
      try line.encode(kind)
      try line.encode(data)
    }
  }

  /// The terminal the bytes are written for: xterm's 256 colours and its cursor moves.
  public static let terminal = "xterm-256color"

  public let theme: Theme
  public let title: String
  /// When the run's clock started (the header's `timestamp`).
  public var start: Date
  private var events: [Event] = []
  /// The frame the events so far end on, and the one waiting for time to move on.
  private var shown: ScreenBuffer?
  private var pending: (frame: ScreenBuffer, milliseconds: Int64)?
  /// The size of the first frame: the header's.
  private var size: Size?

  public init(theme: Theme, title: String, start: Date) {
    self.theme = theme
    self.title = title
    self.start = start
  }

  /// A frame, shown from `milliseconds` on the run's clock; one of the same instant as the frame before
  /// replaces it.
  public mutating func append(_ frame: ScreenBuffer, atMilliseconds milliseconds: Int64) {
    if let pending, pending.milliseconds < milliseconds { flush(pending) }
    pending = (frame, max(milliseconds, pending?.milliseconds ?? 0))
  }

  private mutating func flush(_ entry: (frame: ScreenBuffer, milliseconds: Int64)) {
    if size == nil { size = Size(columns: entry.frame.width, rows: entry.frame.height) }
    if let shown, shown.width != entry.frame.width || shown.height != entry.frame.height {
      events.append(
        Event(milliseconds: entry.milliseconds, kind: "r", data: "\(entry.frame.width)x\(entry.frame.height)")
      )
    }
    let update = AnsiScreenUpdate.text(from: shown, to: entry.frame, theme: theme)
    if !update.isEmpty { events.append(Event(milliseconds: entry.milliseconds, kind: "o", data: update)) }
    shown = entry.frame
    pending = nil
  }

  /// The file: the header, every change, and the last frame's end (attributes reset, cursor shown), one JSON
  /// value a line.
  public var text: String {
    var cast = self
    if let pending = cast.pending { cast.flush(pending) }
    let size = cast.size ?? Size(columns: 80, rows: 24)
    let end = cast.events.last?.milliseconds ?? 0
    cast.events.append(Event(milliseconds: end, kind: "o", data: AnsiScreenUpdate.end(height: size.rows)))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let header = Header(
      width: size.columns, height: size.rows, timestamp: Int64(start.timeIntervalSince1970.rounded(.down)),
      env: ["TERM": Self.terminal], title: title)
    let lines = [Self.line(header, encoder)] + cast.events.map { Self.line($0, encoder) }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func line(_ value: some Encodable, _ encoder: JSONEncoder) -> String {
    // A header and events of strings and numbers always encode.
    String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
  }
}
