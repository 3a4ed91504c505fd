import Foundation
import TerminalUI

/// Turns the keys of an interactive session into a tape in VHS syntax: typed text grouped into
/// `Type "…"`, repeated keys counted (`Down 3`), and pauses longer than a threshold kept as `Sleep`.
public struct TapeRecorder {
  /// Pauses shorter than this are not written.
  public var pauseThreshold: Duration
  private var lines: [String] = []
  private var text = ""
  private var repeated: (name: String, count: Int)?
  private var lastKeyTime: ContinuousClock.Instant?
  /// The lines as they were before the last key, and when the key before it came, so the key that quit can
  /// be taken back.
  private var beforeLastKey:
    (lines: [String], text: String, repeated: (name: String, count: Int)?, time: ContinuousClock.Instant?)?

  public init(pauseThreshold: Duration = .milliseconds(800)) {
    self.pauseThreshold = pauseThreshold
  }

  /// Records a key pressed at `time`. Resizes are not recorded: the header holds the size.
  public mutating func record(_ key: KeyEvent, at time: ContinuousClock.Instant) {
    if case .resize = key { return }
    beforeLastKey = (lines, text, repeated, lastKeyTime)
    if let last = lastKeyTime, time - last >= pauseThreshold {
      flush()
      lines.append("Sleep \(Self.seconds(time - last))")
    }
    lastKeyTime = time
    if case .character(let character) = key, Self.isTypable(character) {
      flushRepeated()
      text.append(character)
      return
    }
    guard let name = Self.name(of: key) else { return }
    flushText()
    if case .click = key {
      // A click names its cell: never counted with the one before.
      flushRepeated()
      lines.append(name)
      return
    }
    if let current = repeated, current.name == name {
      repeated = (name, current.count + 1)
    } else {
      flushRepeated()
      repeated = (name, 1)
    }
  }

  /// Takes back the last key (the one that quit the session), so the replay ends on the last screen. The
  /// pause before it stays: what the checkout did meanwhile (a payment's answer) happens in the replay too.
  public mutating func dropLastKey() {
    guard let before = beforeLastKey else { return }
    let quitTime = lastKeyTime
    (lines, text, repeated, lastKeyTime) = before
    beforeLastKey = nil
    if let quitTime, let previous = lastKeyTime, quitTime > previous {
      flush()
      lines.append("Sleep \(Self.seconds(max(quitTime - previous, .milliseconds(100))))")
    }
  }

  /// The tape: the header, then the commands.
  public func tape(header: [String]) -> String {
    var copy = self
    copy.flush()
    let headerLine = Tape.headerPrefix + " " + header.map(Self.quotedIfNeeded).joined(separator: " ")
    return ([headerLine] + copy.lines).joined(separator: "\n") + "\n"
  }

  private mutating func flush() {
    flushText()
    flushRepeated()
  }

  private mutating func flushText() {
    guard !text.isEmpty else { return }
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "\"", with: "\\\"")
    lines.append("Type \"\(escaped)\"")
    text = ""
  }

  private mutating func flushRepeated() {
    guard let current = repeated else { return }
    lines.append(current.count == 1 ? current.name : "\(current.name) \(current.count)")
    repeated = nil
  }

  static func isTypable(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }
  }

  /// The tape's name of a key, as `Tape` reads it back.
  static func name(of key: KeyEvent) -> String? {
    switch key {
    case .enter: return "Enter"
    case .tab: return "Tab"
    case .backTab: return "Shift+Tab"
    case .up: return "Up"
    case .down: return "Down"
    case .left: return "Left"
    case .right: return "Right"
    case .escape: return "Escape"
    case .backspace: return "Backspace"
    case .delete: return "Delete"
    case .home: return "Home"
    case .end: return "End"
    case .pageUp: return "PageUp"
    case .pageDown: return "PageDown"
    case .interrupt: return "Ctrl+C"
    case .character("\u{05}"): return "Ctrl+E"
    case .character("\u{13}"): return "Ctrl+S"
    case .click(let x, let y): return "Click \(x) \(y)"
    case .character, .resize: return nil
    }
  }

  private static func seconds(_ duration: Duration) -> String {
    let tenths = duration.inSeconds * 10
    return String(format: "%.1fs", tenths.rounded() / 10)
  }

  private static func quotedIfNeeded(_ argument: String) -> String {
    argument.contains(where: \.isWhitespace) || argument.isEmpty ? "\"\(argument)\"" : argument
  }
}
