/// A screen as a standalone HTML page: one `<pre>` of the screen's text, each run of cells in a `<span>`
/// whose class gives its role's colours and attributes. The page background is the theme's (dark or light);
/// the markup is well-formed XML and every character of the screen is escaped.
public enum HtmlExport {
  /// The page: the screen, with `title` as the page's title.
  public static func document(of buffer: ScreenBuffer, theme: Theme, title: String) -> String {
    let page = pageColors(theme)
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
      pre.screen { margin: 0; display: inline-block; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 14px; line-height: 1.25; color: \(page.foreground); background-color: \(page.background); \(declarations(theme.style(for: .normal), page: page)) }
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
  public static func hex(_ color: TerminalColor) -> String? {
    guard let (red, green, blue) = color.rgbComponents else { return nil }
    return "#"
      + [red, green, blue].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
  }

  /// What the terminal's default colours stand for on the page: the theme's `normal` colours, else light
  /// grey on near-black for a dark theme and near-black on white for a light one.
  private static func pageColors(_ theme: Theme) -> (foreground: String, background: String) {
    let normal = theme.style(for: .normal)
    let dark = theme.appearance == .dark
    return (
      hex(normal.foreground) ?? (dark ? "#d0d0d0" : "#1c1c1c"),
      hex(normal.background) ?? (dark ? "#121212" : "#ffffff")
    )
  }

  /// The CSS declarations of a style; a default colour is the page's, and reverse video swaps the two.
  private static func declarations(_ style: TextStyle, page: (foreground: String, background: String))
    -> String
  {
    var foreground = hex(style.foreground) ?? page.foreground
    var background = hex(style.background) ?? page.background
    if style.reverse { swap(&foreground, &background) }
    var parts: [String] = []
    if style.reverse || style.foreground != .terminalDefault { parts.append("color: \(foreground);") }
    if style.reverse || style.background != .terminalDefault {
      parts.append("background-color: \(background);")
    }
    if style.bold { parts.append("font-weight: bold;") }
    if style.dim { parts.append("opacity: 0.7;") }
    if style.underline { parts.append("text-decoration: underline;") }
    return parts.joined(separator: " ")
  }
}
