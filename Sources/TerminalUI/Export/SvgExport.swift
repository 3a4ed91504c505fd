/// A screen as an SVG picture, the same in every browser and viewer: each cell at its place on a grid of
/// `cellWidth` by `cellHeight` pixels, whatever the font. Text runs are stretched to their columns exactly
/// (`textLength`), a wide grapheme (CJK, an emoji) gets its two columns, backgrounds are rectangles, and box
/// drawing (`─│╭┼═…`) and the block elements (`▁▏…`) are drawn as lines and rectangles from edge to edge of
/// their cells, so that a frame's borders join with no gap between rows. The colours are the theme's, as
/// the HTML export paints them (`PageColors`).
public enum SvgExport {
  /// The size of a cell, in pixels.
  public static let cellWidth = 9
  public static let cellHeight = 18
  /// The margin around the screen, in pixels.
  public static let margin = 16
  static let fontSize = 15

  /// The picture, with `title` as its title.
  public static func document(of buffer: ScreenBuffer, theme: Theme, title: String) -> String {
    let page = PageColors(theme: theme)
    let (width, height) = (buffer.width * cellWidth + 2 * margin, buffer.height * cellHeight + 2 * margin)
    var backgrounds: [String] = []
    var lines: [String] = []
    var texts: [String] = []
    for y in 0..<buffer.height {
      var x = 0
      for run in StyledRun.runs(ofRow: y, in: buffer) {
        let style = theme.style(for: run.role)
        let (foreground, background) = page.colors(of: style)
        let columns = run.text.reduce(0) { $0 + DisplayWidth.of($1) }
        if PageColors.paintsBackground(style) {
          backgrounds.append(
            "<rect x=\"\(left(x))\" y=\"\(top(y))\" width=\"\(columns * cellWidth)\" height=\"\(cellHeight)\" "
              + "fill=\"\(background)\"/>")
        }
        var pieces = Pieces(row: y)
        for character in run.text {
          let columnsOfCharacter = DisplayWidth.of(character)
          if let drawing = BoxDrawing.shapes(
            of: character, x: left(x), y: top(y), width: cellWidth, height: cellHeight, color: foreground)
          {
            texts += pieces.flush(into: style, foreground: foreground)
            lines += drawing
          } else if character == " " {
            texts += pieces.flush(into: style, foreground: foreground)
          } else if columnsOfCharacter == 2 || character.unicodeScalars.count > 1 {
            texts += pieces.flush(into: style, foreground: foreground)
            pieces.start(at: x, text: String(character), columns: columnsOfCharacter)
            texts += pieces.flush(into: style, foreground: foreground)
          } else {
            pieces.add(character, at: x)
          }
          x += columnsOfCharacter
        }
        texts += pieces.flush(into: style, foreground: foreground)
        if style.underline {
          lines.append(
            "<rect x=\"\(left(x - columns))\" y=\"\(top(y) + cellHeight - 2)\" width=\"\(columns * cellWidth)\" "
              + "height=\"1\" fill=\"\(foreground)\"/>")
        }
      }
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
      <title>\(HtmlExport.escaped(title))</title>
      <style>
      text { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: \(fontSize)px; white-space: pre; }
      </style>
      <rect width="100%" height="100%" fill="\(page.background)"/>
      \((backgrounds + lines + texts).joined(separator: "\n"))
      </svg>

      """
  }

  /// The left edge of a column, in pixels.
  static func left(_ column: Int) -> Int { margin + column * cellWidth }
  /// The top edge of a row, in pixels.
  static func top(_ row: Int) -> Int { margin + row * cellHeight }
  /// Where a row's text stands, in pixels: three quarters down its cell, so that the font's ascent and
  /// descent both fit.
  static func baseline(_ row: Int) -> Int { top(row) + cellHeight * 3 / 4 + 1 }

  /// The text of a run between its blanks and drawings, gathered into one `<text>` stretched to its columns.
  private struct Pieces {
    let row: Int
    var column = 0
    var text = ""
    var columns = 0

    mutating func start(at column: Int, text: String, columns: Int) {
      self.column = column
      self.text = text
      self.columns = columns
    }

    mutating func add(_ character: Character, at column: Int) {
      if text.isEmpty { self.column = column }
      text.append(character)
      columns += 1
    }

    /// The `<text>` of what was gathered (none when nothing was), and an empty start.
    mutating func flush(into style: TextStyle, foreground: String) -> [String] {
      defer { self = Pieces(row: row) }
      guard !text.isEmpty else { return [] }
      var attributes =
        "x=\"\(left(column))\" y=\"\(baseline(row))\" fill=\"\(foreground)\" "
        + "textLength=\"\(columns * cellWidth)\" lengthAdjust=\"spacingAndGlyphs\""
      if style.bold { attributes += " font-weight=\"bold\"" }
      if style.dim { attributes += " opacity=\"0.7\"" }
      return ["<text \(attributes)>\(HtmlExport.escaped(text))</text>"]
    }
  }
}
