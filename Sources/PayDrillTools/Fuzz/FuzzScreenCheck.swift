import PayDrillFiles
import TerminalUI

/// The screen's invariants: the buffer has the terminal's size, every cell holds one grapheme of the width it
/// claims (never an emoji cluster that terminals draw at a width of their own: its `EmojiFallback` instead),
/// a wide grapheme is followed by its continuation on the same row (never split, never at the last
/// column), so every row is exactly as wide as the screen; and no control character reaches the terminal.
public enum FuzzScreenCheck {
  /// The first problem of the screen, looking at `rows` (all when nil) in order: every invariant but the
  /// buffer's size is a row's own, so a row found sound in a frame is sound wherever it is drawn again.
  /// `codes` holds the rows' `asciiCodes` when they were read already (the secret check reads them too).
  public static func check(
    _ buffer: ScreenBuffer, size: Size, rows: [Int]? = nil, codes rowCodes: [[UInt8]]? = nil
  )
    -> FuzzViolation?
  {
    let columns = max(0, size.columns)
    let height = max(0, size.rows)
    guard buffer.width == columns, buffer.height == height, buffer.cells.count == columns * height else {
      return FuzzViolation(
        .screen, "a \(buffer.width)×\(buffer.height) buffer for a \(size.columns)×\(size.rows) terminal")
    }
    var codes: [UInt8] = []
    // A frame repeats a few graphemes (the frames' lines, the spinner, the pane's dots): each is checked
    // once, wherever it stands.
    var known: [Shape: String?] = [:]
    var lastSound: Shape?
    for y in rows ?? Array(0..<height) {
      var rowWidth = 0
      if let rowCodes { codes = rowCodes[y] } else { buffer.asciiCodes(ofRow: y, into: &codes) }
      let violation = buffer.cells.withUnsafeBufferPointer { cells -> FuzzViolation? in
        for (x, code) in codes.enumerated() {
          let width = cells[y * columns + x].width
          rowWidth += Int(width)
          // Printable ASCII in a one-column cell: the usual case, checked without Unicode tables.
          if width == 1, (0x20..<0x7F).contains(code) { continue }
          // A grapheme found sound at one column: nothing about where it stands can be wrong.
          let glyph = Shape(cells[y * columns + x])
          if width == 1, glyph == lastSound || known[glyph] == .some(nil) {
            lastSound = glyph
            continue
          }
          if let problem = problem(at: x, y, in: buffer, known: &known) {
            return FuzzViolation(.screen, "row \(y + 1), column \(x + 1): \(problem)")
          }
        }
        return nil
      }
      if let violation { return violation }
      guard rowWidth == columns else {
        return FuzzViolation(
          .screen, "row \(y + 1) is \(rowWidth) columns wide on a \(columns)-column screen")
      }
    }
    return nil
  }

  /// What is wrong with a cell that is not printable ASCII in one column, if anything; `known` holds what is
  /// wrong with each glyph checked so far (nil: nothing).
  private static func problem(
    at x: Int, _ y: Int, in buffer: ScreenBuffer, known: inout [Shape: String?]
  ) -> String? {
    let cell = buffer[x, y]
    let grapheme = buffer.grapheme(of: cell)
    if cell.isContinuation {
      guard x > 0, buffer[x - 1, y].width == 2 else {
        return "the right half of a wide character stands alone"
      }
      return grapheme.isEmpty ? nil : "a continuation cell holds \"\(grapheme)\""
    }
    let glyph = Shape(cell)
    let glyphProblem: String?
    if let seen = known[glyph] {
      glyphProblem = seen
    } else {
      glyphProblem = problem(of: grapheme, width: cell.width)
      known[glyph] = glyphProblem
    }
    if let glyphProblem { return glyphProblem }
    if cell.width == 2, x + 1 >= buffer.width || !buffer[x + 1, y].isContinuation {
      return "the wide character \(grapheme.debugDescription) is split"
    }
    return nil
  }

  /// A cell's glyph and width, whatever its role: what the checks of a glyph depend on. A buffer keeps each
  /// cluster once, so within a frame equal shapes are equal graphemes at equal widths.
  private struct Shape: Hashable {
    let glyph: Glyph
    let width: UInt8

    init(_ cell: Cell) {
      (glyph, width) = (cell.glyph, cell.width)
    }
  }

  /// What is wrong with a cell's grapheme at its width, wherever it stands.
  private static func problem(of grapheme: String, width: UInt8) -> String? {
    guard grapheme.count == 1, let character = grapheme.first else {
      return "a cell holds \(grapheme.count) graphemes (\(grapheme.debugDescription))"
    }
    if character.unicodeScalars.contains(where: PrintableText.isControl) {
      return "a control character \(grapheme.debugDescription)"
    }
    if EmojiFallback.replacement(for: character) != nil {
      return "\(grapheme.debugDescription) is an emoji cluster terminals draw at a width of their own"
    }
    guard DisplayWidth.of(character) == Int(width) else {
      return "\(grapheme.debugDescription) is \(DisplayWidth.of(character)) columns, the cell says \(width)"
    }
    return nil
  }
}
