import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import TerminalUI

/// Turns the keys of an interactive session into a tape that reads like one written by hand: the text typed
/// into a field as one `Type "…"`, repeated keys counted (`Down 3`), no `Sleep` between keys, and a
/// `Wait /─ Card ─/` before the first key on each new screen, on its frame's title (`ScreenLandmark`), in
/// place of the time the shopper took. The tape ends with `Expect` checks of the outcome: the screen it
/// ended on (`Expect screen /Payment successful/`), the last callback (with its error code) and the amount.
/// So a replay waits for what the shopper waited for, whatever the latency, and fails with a report where
/// the checkout no longer gets there.
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

  /// How a recorded session ended, for the checks at the end of its tape.
  public struct Outcome: Equatable, Sendable {
    /// The frame's title of the screen it ended on (`Paid`).
    public var frame: String?
    /// The landmark inside it (`Payment successful`).
    public var screen: String?
    /// The last callback's name and, for `onError`, its code.
    public var callback: (name: String, code: String?)?
    /// The amount to pay, as the checkout formats it (`Expect total`).
    public var total: String

    public init(frame: String?, screen: String?, callback: (name: String, code: String?)?, total: String) {
      self.frame = frame
      self.screen = screen
      self.callback = callback
      self.total = total
    }

    /// How the checkout of `model` ended, on the rendered `screen`.
    public init(model: AppModel, screen: ScreenBuffer) {
      let last = model.checkout.events.last
      self.init(
        frame: ScreenLandmark.frame(of: screen), screen: ScreenLandmark.text(of: screen, model: model),
        callback: last.map { ($0.name.rawValue, $0["errorCode"]?.description) },
        total: TapeExpectation.total(in: model))
    }

    public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
      lhs.frame == rhs.frame && lhs.screen == rhs.screen && lhs.callback?.name == rhs.callback?.name
        && lhs.callback?.code == rhs.callback?.code && lhs.total == rhs.total
    }
  }

  /// Where the recording is: the lines so far, the text being typed, the key being repeated, and the frame's
  /// title of the screen the last key met.
  private struct State {
    var lines: [String] = []
    var text = ""
    var repeated: (name: String, count: Int)?
    var screen: String?
    /// The checkout's lines once the last key (or the start) was taken: a change before the next key came
    /// by itself, and the shopper waited for it.
    var settled: [String]?
  }

  private var state = State()
  /// The state before the last key, so the key that quit can be taken back.
  private var beforeLastKey: State?

  public init() {}

  /// The checkout's lines (`ScreenLandmark.panelLines(of:)`) once it started or took a key: what changes
  /// before the next key came by itself, and gets a `Wait`.
  public mutating func settled(on lines: [String]) {
    state.settled = lines
  }

  /// Records a key pressed on a screen whose frame's title is `screen` (`ScreenLandmark.frame(of:)`, before
  /// the key) and whose checkout shows `lines`, into `field` (the card field that had the keys, if one had
  /// them) holding `cardNumber` (the number typed so far). Resizes are not recorded: the header holds the
  /// size.
  public mutating func record(
    _ key: KeyEvent, on screen: String?, showing lines: [String]? = nil, into field: CardField? = nil,
    cardNumber: String = ""
  ) {
    if case .resize = key { return }
    beforeLastKey = state
    let isFirstKey = state.screen == nil
    if let screen, screen != state.screen {
      flush()
      state.lines.append("Wait /\(ScreenLandmark.framePattern(screen))/")
    }
    // The same screen (or the first), changed by itself since the last key or the start.
    if screen == state.screen || isFirstKey, let lines, let settled = state.settled,
      let pattern = ScreenLandmark.newLinePattern(in: lines, since: settled)
    {
      // An answer, prepare(), a sheet's update: what the shopper waited for.
      flush()
      state.lines.append("Wait /\(pattern)/")
    }
    state.screen = screen ?? state.screen
    if case .character(let character) = key, Self.isTypable(character) {
      flushRepeated()
      state.text.append(Self.kept(character, into: field, after: cardNumber))
      return
    }
    guard let name = Self.name(of: key) else { return }
    flushText()
    if case .click = key {
      // A click names its cell: never counted with the one before.
      flushRepeated()
      state.lines.append(name)
      return
    }
    if let current = state.repeated, current.name == name {
      state.repeated = (name, current.count + 1)
    } else {
      flushRepeated()
      state.repeated = (name, 1)
    }
  }

  /// Takes back the last key (the one that quit the session), so the replay ends on the last screen.
  public mutating func dropLastKey() {
    guard let before = beforeLastKey else { return }
    state = before
    beforeLastKey = nil
  }

  /// The tape: the header, the keys, then the checks of how the session ended: a `Wait` for the screen it
  /// ended on (when the keys did not already wait for it), and `Expect` lines for that screen, the last
  /// callback and the amount.
  public func tape(header: [String], outcome: Outcome? = nil) -> String {
    var copy = self
    copy.flush()
    var lines = copy.state.lines
    if let outcome {
      lines.append("# How the session ended: the screen, the last callback and the amount.")
      if let frame = outcome.frame, frame != copy.state.screen {
        lines.append("Wait /\(ScreenLandmark.framePattern(frame))/")
      }
      if let screen = outcome.screen { lines.append("Expect screen /\(ScreenLandmark.pattern(screen))/") }
      if let callback = outcome.callback {
        lines.append(
          "Expect event \(callback.name)"
            + (callback.code.map { " " + Self.quotedIfNeeded("code=\($0)") } ?? ""))
      }
      lines.append("Expect total \"\(Self.escaped(outcome.total))\"")
    }
    let headerLine = Tape.headerPrefix + " " + header.map(Self.quotedIfNeeded).joined(separator: " ")
    return ([headerLine] + lines).joined(separator: "\n") + "\n"
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
    guard !state.text.isEmpty else { return }
    if state.text.contains(Self.withheldDigit), !state.lines.contains(Self.withheldNote) {
      state.lines.append(Self.withheldNote)
    }
    state.lines.append("Type \"\(Self.escaped(state.text))\"")
    state.text = ""
  }

  /// Text as a tape quotes it: backslashes and double quotes escaped.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }

  private mutating func flushRepeated() {
    guard let current = state.repeated else { return }
    state.lines.append(current.count == 1 ? current.name : "\(current.name) \(current.count)")
    state.repeated = nil
  }

  static func isTypable(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }
  }

  /// The tape's name of a key, as `Tape` reads it back.
  static func name(of key: KeyEvent) -> String? {
    if case .click(let x, let y) = key { return "Click \(x) \(y)" }
    return Tape.namedKeys.first { $0.key == key }?.name
  }

  private static func quotedIfNeeded(_ argument: String) -> String {
    argument.contains(where: \.isWhitespace) || argument.isEmpty ? "\"\(argument)\"" : argument
  }
}
