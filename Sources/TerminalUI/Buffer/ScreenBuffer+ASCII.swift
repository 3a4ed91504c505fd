/// The screen's cells as ASCII codes, for what reads every cell of every frame: the fuzzer's screen and
/// secret checks, the masking of card numbers. An ASCII cell's code is its glyph's value.
extension ScreenBuffer {
  /// The code of a cell whose grapheme is not exactly one ASCII character (a wide or non-ASCII grapheme, the
  /// empty right half of a wide one): never an ASCII byte.
  public static let notASCII: UInt8 = 0xFF

  /// Replaces `codes` with one byte for each cell of a row: the cell's grapheme when it is exactly one ASCII
  /// character (whatever the cell's width), else `notASCII`.
  public func asciiCodes(ofRow y: Int, into codes: inout [UInt8]) {
    let start = y * width
    if codes.count != width { codes = Array(repeating: Self.notASCII, count: width) }
    cells.withUnsafeBufferPointer { cells in
      codes.withUnsafeMutableBufferPointer { codes in
        for x in codes.indices { codes[x] = cells[start &+ x].glyph.asciiCode }
      }
    }
  }

  /// Whether row `y` holds the very glyphs the same row of `other` holds: the same graphemes at the same
  /// widths, whatever their roles. A check of every frame that looks at a row by itself (the fuzzer's screen
  /// and secret checks) finds in it what it found in the same row of the frame before. Canonically
  /// equivalent graphemes (é, and e with a combining accent) are different glyphs.
  public func holdsSameGlyphs(inRow y: Int, as other: ScreenBuffer) -> Bool {
    guard width == other.width, y >= 0, y < height, y < other.height else { return false }
    let row = y * width..<(y + 1) * width
    // Without clusters (nearly every frame), a glyph is its value. Most rows hold the same glyphs: the
    // differences of every cell gathered, then looked at once.
    if clusters.isEmpty, other.clusters.isEmpty {
      let difference = cells.withUnsafeBufferPointer { mine in
        other.cells.withUnsafeBufferPointer { theirs in
          row.reduce(UInt32(0)) { difference, index in
            let (cell, otherCell) = (mine[index], theirs[index])
            return difference | (cell.glyph.value ^ otherCell.glyph.value)
              | UInt32(cell.width ^ otherCell.width)
          }
        }
      }
      return difference == 0
    }
    // Each buffer numbers its own clusters: those are compared by their text.
    return row.allSatisfy { index in
      cells[index].width == other.cells[index].width
        && holdsSameGrapheme(cells[index], as: other.cells[index], of: other)
    }
  }
}
