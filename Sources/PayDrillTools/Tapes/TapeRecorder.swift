import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI

/// Turns the keys of an interactive session into a tape in VHS syntax: keys that came in the same
/// millisecond grouped (`Type "…"`, `Down 3`), and every pause between keys kept as an exact `Sleep 240ms`.
/// Times are the checkout clock's (whole milliseconds from its start), and `play` replays on a virtual clock
/// from the same start: every key meets the checkout in the state it met live (an answer that came before
/// it came before it in the replay too), and the replay ends on the same screen with the same events.
///
/// A tape is shared (a QA ticket, a repository): it never holds a card a shopper typed. A security code's
/// digits are written `0` (the simulated gateway checks only its length, so the replay is the same); a card
/// number's digits are written as typed while they begin a test card's number (test cards are public, and a
/// tape of one replays exactly), and as `•` from the first digit that does not, which `play` refuses with a
/// message saying to type a test card there.
public struct TapeRecorder {
  /// What stands for a card number's digit that the tape does not keep.
  static let withheldDigit: Character = "•"
  /// Why `play` and `check` refuse a `Type` holding `withheldDigit`.
  static let withheldProblem =
    "record withheld this card number (•: it is not a test card, and tapes keep test cards only); "
    + "type a test card's number here instead, such as 4242 4242 4242 4242 (paydrill cards lists them)"
  /// The comment written once, above the first line with a withheld digit.
  static let withheldNote =
    "# record withheld a card number that is not a test card (•): type a test card's number there to replay"

  private var lines: [String] = []
  private var text = ""
  private var repeated: (name: String, count: Int)?
  private var lastKeyTime: Duration = .zero
  /// The lines as they were before the last key, and when the key before it came, so the key that quit can
  /// be taken back.
  private var beforeLastKey:
    (lines: [String], text: String, repeated: (name: String, count: Int)?, time: Duration)?

  public init() {}

  /// Records a key pressed at `time` on the checkout's clock, into `field` (the card field that had the keys,
  /// if one had them) holding `cardNumber` (the number typed so far). Resizes are not recorded: the header
  /// holds the size.
  public mutating func record(
    _ key: KeyEvent, at time: Duration, into field: CardField? = nil, cardNumber: String = ""
  ) {
    if case .resize = key { return }
    beforeLastKey = (lines, text, repeated, lastKeyTime)
    if time > lastKeyTime {
      flush()
      lines.append("Sleep \(Self.milliseconds(time - lastKeyTime))")
    }
    lastKeyTime = max(lastKeyTime, time)
    if case .character(let character) = key, Self.isTypable(character) {
      flushRepeated()
      text.append(Self.kept(character, into: field, after: cardNumber))
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
    if quitTime > lastKeyTime {
      flush()
      lines.append("Sleep \(Self.milliseconds(quitTime - lastKeyTime))")
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

  /// What the tape keeps of a character typed into `field` after `number`: a security code's digit as `0`,
  /// a card number's digit as typed while the number so far begins a test card's, else `withheldDigit`.
  static func kept(_ character: Character, into field: CardField?, after number: String) -> Character {
    guard character.isASCII, character.isNumber else { return character }
    switch field {
    case .securityCode:
      return "0"
    case .number:
      let typed = number + String(character)
      return TestCard.all.contains { $0.number.hasPrefix(typed) } ? character : withheldDigit
    default:
      return character
    }
  }

  private mutating func flushText() {
    guard !text.isEmpty else { return }
    if text.contains(Self.withheldDigit), !lines.contains(Self.withheldNote) {
      lines.append(Self.withheldNote)
    }
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

  private static func milliseconds(_ duration: Duration) -> String {
    "\(duration.wholeMilliseconds)ms"
  }

  private static func quotedIfNeeded(_ argument: String) -> String {
    argument.contains(where: \.isWhitespace) || argument.isEmpty ? "\"\(argument)\"" : argument
  }
}
