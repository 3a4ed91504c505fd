/// A screen as ANSI text: each run of cells in its role's colours and attributes as SGR escape sequences,
/// so that `cat FILE` replays the screen in colour in a terminal. Every line ends with a reset.
public enum AnsiExport {
  /// The escape character that starts every sequence.
  static let escape = "\u{1B}["

  /// The reset that ends every line: `ESC[0m`.
  public static let reset = escape + "0m"

  /// The whole screen, one line per row, each ending with `reset` and a newline. Blanks at the end of a row
  /// that nothing colours are left out.
  public static func text(of buffer: ScreenBuffer, theme: Theme) -> String {
    var output = ""
    for y in 0..<buffer.height {
      var runs = StyledRun.runs(ofRow: y, in: buffer)
      while let last = runs.last, last.isBlank, isInvisible(theme.style(for: last.role)) {
        runs.removeLast()
      }
      for run in runs {
        output += sgr(theme.style(for: run.role)) + run.text
      }
      output += reset + "\n"
    }
    return output
  }

  /// The sequence that sets a style from a clean state, like `ESC[0;1;97;48;5;24m` (reset, bold, bright
  /// white on colour 24).
  public static func sgr(_ style: TextStyle) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.underline { codes.append("4") }
    if style.reverse { codes.append("7") }
    codes += colorCodes(style.foreground, base: 30, brightBase: 90, extended: 38)
    codes += colorCodes(style.background, base: 40, brightBase: 100, extended: 48)
    return escape + codes.joined(separator: ";") + "m"
  }

  /// The SGR parameters of a colour: `31` or `91` for the 16 named colours, `38;5;N` for the rest of the
  /// 256, `38;2;R;G;B` for `#rrggbb` (with 48 for backgrounds); none for the terminal's default.
  private static func colorCodes(_ color: TerminalColor, base: Int, brightBase: Int, extended: Int)
    -> [String]
  {
    switch color {
    case .terminalDefault: return []
    case .indexed(let index) where index < 8: return [String(base + index)]
    case .indexed(let index) where index < 16: return [String(brightBase + index - 8)]
    case .indexed(let index): return [String(extended), "5", String(index)]
    case .rgb(let red, let green, let blue):
      return [String(extended), "2", String(red), String(green), String(blue)]
    }
  }

  /// Whether blanks of this style look like no text at all.
  private static func isInvisible(_ style: TextStyle) -> Bool {
    style.background == .terminalDefault && !style.reverse && !style.underline
  }
}
