/// The bytes that turn a terminal showing one frame into one showing the next: the cells that changed, each
/// reached by a cursor move (`ESC[row;colH`) and written in its role's SGR colours, left to right and top to
/// bottom. What a recording of the screen (`Asciicast`) plays, so that any terminal, or any emulator, that
/// replays the bytes ends on the very cells PayDrill drew.
///
/// The first frame (or one of another size) clears the screen, hides the cursor and writes every cell, the
/// blanks too (a theme may colour them). A wide grapheme is written once, from its left cell; a cell that
/// changes from or to half of one is written again, so that no half of a wide grapheme is left behind.
public enum AnsiScreenUpdate {
  static let escape = "\u{1B}["

  /// Hides the cursor, resets the attributes, clears the screen and homes the cursor.
  public static let start = escape + "?25l" + escape + "0m" + escape + "2J" + escape + "H"

  /// What ends a recording: the attributes reset, the cursor shown on the last row.
  public static func end(height: Int) -> String {
    escape + "0m" + cursor(x: 0, y: max(0, height - 1)) + escape + "?25h"
  }

  /// The update from `previous` (nil: nothing shown yet) to `next`; empty when nothing changed.
  public static func text(from previous: ScreenBuffer?, to next: ScreenBuffer, theme: Theme) -> String {
    let full = previous.map { $0.width != next.width || $0.height != next.height } ?? true
    var output = full ? start : ""
    // Where the cursor is (nil: not known, or past the last column, where the next character would wrap)
    // and the role whose SGR is in force (nil: none written yet).
    var position: (x: Int, y: Int)? = full ? (0, 0) : nil
    var role: StyleRole?
    for y in 0..<next.height {
      var x = 0
      while x < next.width {
        let cell = next[x, y]
        let columns = max(1, Int(cell.width))
        defer { x += columns }
        if cell.isContinuation { continue }
        if !full, let previous,
          (x..<min(next.width, x + columns)).allSatisfy({ next.holdsSameCell(atX: $0, y: y, as: previous) })
        {
          continue
        }
        if position.map({ $0.x != x || $0.y != y }) ?? true { output += cursor(x: x, y: y) }
        if role != cell.role {
          output += AnsiExport.sgr(theme.style(for: cell.role))
          role = cell.role
        }
        output += next.grapheme(of: cell)
        position = x + columns < next.width ? (x + columns, y) : nil
      }
    }
    return output
  }

  /// `ESC[row;columnH`, both counted from 1.
  static func cursor(x: Int, y: Int) -> String {
    escape + "\(y + 1);\(x + 1)H"
  }
}
