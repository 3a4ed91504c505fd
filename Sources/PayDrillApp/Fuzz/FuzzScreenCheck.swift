import TerminalUI

/// The screen's invariants: the buffer has the terminal's size, every cell holds one grapheme of the width it
/// claims (never an emoji cluster that terminals draw at a width of their own: its `EmojiFallback` instead),
/// a wide grapheme is followed by its continuation on the same row (never split, never at the last
/// column), so every row is exactly as wide as the screen; and no control character reaches the terminal.
public enum FuzzScreenCheck {
  public static func check(_ buffer: ScreenBuffer, size: Size) -> FuzzViolation? {
    let columns = max(0, size.columns)
    let rows = max(0, size.rows)
    guard buffer.width == columns, buffer.height == rows, buffer.cells.count == columns * rows else {
      return FuzzViolation(
        .screen, "a \(buffer.width)×\(buffer.height) buffer for a \(size.columns)×\(size.rows) terminal")
    }
    for y in 0..<rows {
      var rowWidth = 0
      for x in 0..<columns {
        if let problem = problem(at: x, y, in: buffer) {
          return FuzzViolation(.screen, "row \(y + 1), column \(x + 1): \(problem)")
        }
        rowWidth += Int(buffer[x, y].width)
      }
      guard rowWidth == columns else {
        return FuzzViolation(
          .screen, "row \(y + 1) is \(rowWidth) columns wide on a \(columns)-column screen")
      }
    }
    return nil
  }

  /// What is wrong with one cell, if anything.
  private static func problem(at x: Int, _ y: Int, in buffer: ScreenBuffer) -> String? {
    let cell = buffer[x, y]
    // Printable ASCII in a one-column cell: the usual case, checked without Unicode tables.
    if cell.width == 1, cell.grapheme.utf8.count == 1, let byte = cell.grapheme.utf8.first,
      (0x20..<0x7F).contains(byte)
    {
      return nil
    }
    if cell.isContinuation {
      guard x > 0, buffer[x - 1, y].width == 2 else {
        return "the right half of a wide character stands alone"
      }
      return cell.grapheme.isEmpty ? nil : "a continuation cell holds \"\(cell.grapheme)\""
    }
    guard cell.grapheme.count == 1, let character = cell.grapheme.first else {
      return "a cell holds \(cell.grapheme.count) graphemes (\(cell.grapheme.debugDescription))"
    }
    if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
      return "a control character \(cell.grapheme.debugDescription)"
    }
    if EmojiFallback.replacement(for: character) != nil {
      return "\(cell.grapheme.debugDescription) is an emoji cluster terminals draw at a width of their own"
    }
    guard DisplayWidth.of(character) == Int(cell.width) else {
      return
        "\(cell.grapheme.debugDescription) is \(DisplayWidth.of(character)) columns, the cell says \(cell.width)"
    }
    if cell.width == 2, x + 1 >= buffer.width || !buffer[x + 1, y].isContinuation {
      return "the wide character \(cell.grapheme.debugDescription) is split"
    }
    return nil
  }
}
