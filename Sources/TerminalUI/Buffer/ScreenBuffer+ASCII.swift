import Foundation

/// The screen's cells as bytes, for what reads every cell of every frame: the screen's text (`play` matches
/// it after every change it waits for), the fuzzer's screen and secret checks, the masking of card numbers.
/// Nearly every cell holds one ASCII character; reading that from the cell's `String` costs a retain, a
/// release and a branch on how the string is stored, several times what the check itself costs.
extension ScreenBuffer {
  /// The code of a cell whose grapheme is not exactly one ASCII byte (a wide or non-ASCII grapheme, the
  /// empty right half of a wide one): never an ASCII byte.
  public static let notASCII: UInt8 = 0xFF

  /// Replaces `codes` with one byte for each cell of a row: the cell's grapheme when it is exactly one ASCII
  /// byte (whatever the cell's width), else `notASCII`.
  public func asciiCodes(ofRow y: Int, into codes: inout [UInt8]) {
    let start = y * width
    if codes.count != width { codes = Array(repeating: Self.notASCII, count: width) }
    guard let layout = StoredGraphemeLayout.current else {
      for x in 0..<width { codes[x] = StoredGraphemeLayout.code(of: cells[start + x].grapheme) }
      return
    }
    // The layout tells a one-byte ASCII string stored inline, as every view's grapheme is; one stored
    // otherwise (on the heap) reads as not ASCII, so those cells are asked through `String`: the masking of
    // card numbers and the fuzzer's checks never miss a digit, whatever the string's storage. Other
    // graphemes stored inline (box drawing, accents, wide ones) are not ASCII, and need no asking.
    var onHeap = false
    cells.withUnsafeBytes { storage in
      codes.withUnsafeMutableBufferPointer { codes in
        for x in codes.indices {
          let code = layout.code(at: start &+ x, in: storage)
          codes[x] = code
          if code == Self.notASCII, !layout.holdsInlineGrapheme(at: start &+ x, in: storage) { onHeap = true }
        }
      }
    }
    guard onHeap else { return }
    for x in 0..<width where codes[x] == Self.notASCII {
      codes[x] = StoredGraphemeLayout.code(of: cells[start + x].grapheme)
    }
  }
}

extension ScreenBuffer {
  /// The glyph of a cell, or nil where the layout of a cell's storage is not known.
  public func storedGlyph(atX x: Int, y: Int) -> StoredGlyph? {
    guard let layout = StoredGraphemeLayout.current else { return nil }
    let index = y * width + x
    return cells.withUnsafeBytes { storage in
      let (low, high) = layout.words(at: index, in: storage)
      return StoredGlyph(low: low, high: high, width: layout.width(at: index, in: storage))
    }
  }
}

extension ScreenBuffer {
  /// Whether row `y` holds the very glyphs the same row of `other` holds: the same stored grapheme bytes at
  /// the same widths, whatever their roles. A check of every frame that looks at a row by itself (the
  /// fuzzer's screen and secret checks) finds in it what it found in the same row of the frame before,
  /// without reading a grapheme. A grapheme stored elsewhere is named by where, so this holds only while
  /// both buffers live (each keeps its graphemes where they are); where the layout of a cell's storage is
  /// not known, the graphemes' bytes are compared.
  public func holdsSameGlyphs(inRow y: Int, as other: ScreenBuffer) -> Bool {
    guard width == other.width, y >= 0, y < height, y < other.height else { return false }
    let start = y * width
    guard let layout = StoredGraphemeLayout.current else {
      return (start..<start + width).allSatisfy { index in
        cells[index].width == other.cells[index].width
          && cells[index].grapheme.utf8.elementsEqual(other.cells[index].grapheme.utf8)
      }
    }
    return cells.withUnsafeBytes { mine in
      other.cells.withUnsafeBytes { theirs in
        guard var cell = mine.baseAddress, var otherCell = theirs.baseAddress else { return width == 0 }
        let (stride, grapheme, cellWidth) = (
          MemoryLayout<Cell>.stride, layout.graphemeOffset, layout.widthOffset
        )
        (cell, otherCell) = (cell + start &* stride, otherCell + start &* stride)
        // Many rows are the row before to the byte (roles and padding too): one comparison of the row's
        // storage.
        if memcmp(cell, otherCell, width &* stride) == 0 { return true }
        // The differences of every cell (the grapheme's two words, the width; not the role) gathered, then
        // looked at once: most rows hold the same glyphs.
        var difference: UInt64 = 0
        for _ in 0..<width {
          difference |=
            cell.loadUnaligned(fromByteOffset: grapheme, as: UInt64.self)
            ^ otherCell.loadUnaligned(fromByteOffset: grapheme, as: UInt64.self)
          difference |=
            cell.loadUnaligned(fromByteOffset: grapheme &+ 8, as: UInt64.self)
            ^ otherCell.loadUnaligned(fromByteOffset: grapheme &+ 8, as: UInt64.self)
          difference |= UInt64(
            cell.load(fromByteOffset: cellWidth, as: UInt8.self)
              ^ otherCell.load(fromByteOffset: cellWidth, as: UInt8.self))
          (cell, otherCell) = (cell + stride, otherCell + stride)
        }
        return difference == 0
      }
    }
  }
}
