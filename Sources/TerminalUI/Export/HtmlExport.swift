/// A screen as a standalone HTML page: one `<pre>` of the screen's text, each run of cells in a `<span>`
/// whose class gives its role's colours and attributes. The page background is the theme's (dark or light);
/// the markup is well-formed XML and every character of the screen is escaped.
public enum HtmlExport {
  /// The page: the screen, with `title` as the page's title.
  public static func document(of buffer: ScreenBuffer, theme: Theme, title: String) -> String {
    let page = PageColors(theme: theme)
    var lines: [String] = []
    for y in 0..<buffer.height {
      lines.append(
        StyledRun.runs(ofRow: y, in: buffer).map { run in
          run.role == .normal
            ? escaped(run.text) : "<span class=\"\(className(run.role))\">\(escaped(run.text))</span>"
        }.joined())
    }
    let rules = StyleRole.allCases.filter { $0 != .normal }.map { role in
      ".\(className(role)) { \(declarations(theme.style(for: role), page: page)) }"
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>\(escaped(title))</title>
      <style>
      body { margin: 0; padding: 16px; background-color: \(page.background); }
      pre.screen { margin: 0; display: inline-block; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 14px; line-height: 1; color: \(page.foreground); background-color: \(page.background); \(declarations(theme.style(for: .normal), page: page)) }
      \(rules.joined(separator: "\n"))
      </style>
      </head>
      <body>
      <pre class="screen">\(lines.joined(separator: "\n"))</pre>
      </body>
      </html>

      """
  }

  /// The CSS class of a role: `r-header`, `r-selected`, …
  public static func className(_ role: StyleRole) -> String { "r-" + role.rawValue }

  /// Text with `&`, `<`, `>` and `"` escaped.
  public static func escaped(_ text: String) -> String {
    var output = ""
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      default: output.append(character)
      }
    }
    return output
  }

  /// `#rrggbb` of a colour, or nil for the terminal's default.
  public static func hex(_ color: TerminalColor) -> String? { PageColors.hex(color) }

  /// The CSS declarations of a style: its colours on the page (`PageColors`) and its attributes.
  private static func declarations(_ style: TextStyle, page: PageColors) -> String {
    let (foreground, background) = page.colors(of: style)
    var parts: [String] = []
    if style.reverse || style.foreground != .terminalDefault { parts.append("color: \(foreground);") }
    if PageColors.paintsBackground(style) { parts.append("background-color: \(background);") }
    if style.bold { parts.append("font-weight: bold;") }
    if style.dim { parts.append("opacity: 0.7;") }
    if style.underline { parts.append("text-decoration: underline;") }
    return parts.joined(separator: " ")
  }
}
