import CNcursesw
import Foundation

/// What the terminal can do, read from its terminfo entry and the locale before curses is started, so that
/// PayDrill can refuse a terminal it cannot drive with one line (and the terminal untouched) and adapt to the
/// others: no colours, 8 colours, no UTF-8.
public struct TerminalProbe: Equatable, Sendable {
  /// `TERM`, as the environment gives it (empty when unset).
  public var term: String
  /// setupterm's status: 1 the entry was found, 0 unknown (or too generic), -1 no terminfo database.
  public var status: Int32
  /// Whether the terminal can put the cursor anywhere (terminfo `cup`); `TERM=dumb` cannot.
  public var canMoveCursor: Bool
  /// The terminal's colours (terminfo `colors`), 0 for none.
  public var colors: Int
  /// Whether the locale's character set is UTF-8; without it, only ASCII is drawn.
  public var isUTF8: Bool

  /// Probes the terminal on standard output and the locale of the environment.
  public static func current() -> TerminalProbe {
    setlocale(LC_ALL, "")
    let codeset = String(cString: cn_codeset())
    var canMove: Int32 = 0
    var colors: Int32 = -1
    let status = cn_probe_terminal(STDOUT_FILENO, &canMove, &colors)
    return TerminalProbe(
      term: ProcessInfo.processInfo.environment["TERM"] ?? "", status: status, canMoveCursor: canMove != 0,
      colors: max(0, Int(colors)), isUTF8: Self.isUTF8(codeset: codeset))
  }

  /// Whether a codeset name (`nl_langinfo(CODESET)`) is UTF-8.
  static func isUTF8(codeset: String) -> Bool {
    let folded = codeset.lowercased().filter { $0.isLetter || $0.isNumber }
    return folded == "utf8"
  }

  /// Why PayDrill cannot run in this terminal, or nil when it can.
  public var problem: String? {
    let name = term.isEmpty ? "TERM is not set" : "TERM=\(term)"
    switch status {
    case 1 where canMoveCursor:
      return nil
    case 1:
      return
        "this terminal (\(name)) cannot move the cursor, which a full-screen checkout needs: run paydrill in a terminal such as xterm-256color, or replay a tape with `paydrill play TAPE`"
    case -1 where term.isEmpty:
      return
        "TERM is not set, so the terminal's type is unknown: set TERM to it, such as xterm-256color, or replay a tape with `paydrill play TAPE`"
    default:
      return
        "unknown terminal type (\(name)): no terminfo entry describes it; set TERM to one this system knows, such as xterm-256color, or replay a tape with `paydrill play TAPE`"
    }
  }
}
