import TerminalUI

/// One command of a tape, in VHS syntax.
public enum TapeCommand: Equatable, Sendable {
  /// `Type "text"`: each character as a key press.
  case type(String)
  /// `Enter`, `Up 3`, `Ctrl+C`, …: a key, pressed `count` times.
  case press(KeyEvent, count: Int)
  /// `Sleep 500ms`: time passes (the gateway may answer meanwhile).
  case sleep(Duration)
  /// `Wait /regex/ @5s`: until the screen matches, or the timeout.
  case wait(pattern: String, timeout: Duration)
  /// `Expect event onSuccess`, `Expect screen /re/`, `Expect total "$42.38"`: a check that fails the tape
  /// (with a report) when it does not hold within the timeout.
  case expect(TapeExpectation, timeout: Duration)
  /// `Caption "Now the shopper applies a coupon"`: the caption line of `paydrill demo` (ignored by `play`).
  case caption(String)
}

extension TapeCommand {
  /// How many keys the command presses.
  var keyCount: Int {
    switch self {
    case .type(let text): return text.count
    case .press(_, let count): return count
    case .sleep, .wait, .expect, .caption: return 0
    }
  }
}

/// A tape command and the line it was written on.
public struct TapeStep: Equatable, Sendable {
  public var line: Int
  public var command: TapeCommand
}
