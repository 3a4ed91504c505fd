/// Where a cell keeps its grapheme's bytes, so that the checks that read every cell of every frame read them
/// without touching the `String` (a retain, a release and a branch on how it is stored, several times what a
/// check costs): a Swift string is two words, and a string of up to 15 UTF-8 bytes is stored in them,
/// inline; one of one ASCII byte is that byte and one fixed word of flags and count that no other string
/// has. The layout is checked once, on real cells holding every ASCII byte and a few other graphemes; where
/// it does not hold (another platform, another standard library), there is none and the strings are read
/// one by one.
struct StoredGraphemeLayout {
  /// Where the grapheme's two words and the width are in a cell.
  let graphemeOffset: Int
  let widthOffset: Int
  /// A cell's stride: a constant, so that reading the cells of a row costs no multiplication.
  var stride: Int { MemoryLayout<Cell>.stride }
  /// The second word of every one-byte ASCII string.
  let oneASCIIByte: UInt64
  /// The bit of a string's second word that says its bytes are stored in its two words (up to 15 UTF-8
  /// bytes), not on the heap.
  static let storedInline: UInt64 = 1 << 61

  /// The layout of this process's cells, if it holds.
  static let current: StoredGraphemeLayout? = {
    guard MemoryLayout<String>.size == 16, let offset = MemoryLayout<Cell>.offset(of: \Cell.grapheme),
      let widthOffset = MemoryLayout<Cell>.offset(of: \Cell.width)
    else {
      return nil
    }
    let cells =
      (0..<128).map { Cell(grapheme: String(UnicodeScalar(UInt8($0))), width: 1, role: .normal) }
      + [.blank(), Cell(grapheme: "", width: 0, role: .normal), Cell(grapheme: "é", width: 1, role: .normal)]
      + [Cell(grapheme: "ab", width: 1, role: .normal), Cell(grapheme: "界", width: 2, role: .normal)]
    return cells.withUnsafeBytes { storage in
      let layout = StoredGraphemeLayout(
        graphemeOffset: offset, widthOffset: widthOffset,
        oneASCIIByte: storage.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
      // Every cell of the sample reads as its string says, through the very path the screen's cells take.
      let holds = cells.indices.allSatisfy {
        layout.code(at: $0, in: storage) == code(of: cells[$0].grapheme)
          && layout.width(at: $0, in: storage) == cells[$0].width
          && layout.holdsInlineGrapheme(at: $0, in: storage)
      }
      // And a string on the heap says so, a one-byte ASCII one (room reserved, then a byte) among them.
      var digit = String()
      digit.reserveCapacity(64)
      digit.append("7")
      let onHeap = [
        Cell(grapheme: String(repeating: "x", count: 40), width: 1, role: .normal),
        Cell(grapheme: digit, width: 1, role: .normal),
      ]
      let heapSaysSo = onHeap.withUnsafeBytes { heap in
        onHeap.indices.allSatisfy {
          !layout.holdsInlineGrapheme(at: $0, in: heap)
            || layout.code(at: $0, in: heap) == code(of: onHeap[$0].grapheme)
        }
      }
      return holds && heapSaysSo ? layout : nil
    }
  }()

  /// The two words of the grapheme of the cell at `index` in the cells' storage.
  @inline(__always)
  func words(at index: Int, in storage: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
    let start = index &* stride &+ graphemeOffset
    return (
      storage.loadUnaligned(fromByteOffset: start, as: UInt64.self),
      storage.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)
    )
  }

  /// The width of the cell at `index` in the cells' storage.
  @inline(__always)
  func width(at index: Int, in storage: UnsafeRawBufferPointer) -> UInt8 {
    storage.load(fromByteOffset: index &* stride &+ widthOffset, as: UInt8.self)
  }

  /// The ASCII code of the cell at `index` in the cells' storage (`ScreenBuffer.notASCII` unless its
  /// grapheme is one ASCII byte).
  @inline(__always)
  func code(at index: Int, in storage: UnsafeRawBufferPointer) -> UInt8 {
    let (low, high) = words(at: index, in: storage)
    return high == oneASCIIByte ? UInt8(truncatingIfNeeded: low) : ScreenBuffer.notASCII
  }

  /// Whether the grapheme of the cell at `index` is stored in the cell itself (up to 15 UTF-8 bytes): its
  /// code, `notASCII` or its byte, is then all there is to know; one stored on the heap is asked through
  /// `String`.
  @inline(__always)
  func holdsInlineGrapheme(at index: Int, in storage: UnsafeRawBufferPointer) -> Bool {
    words(at: index, in: storage).1 & Self.storedInline != 0
  }

  /// Whether the cell at `index` of the cells at `base` holds a grapheme of one ASCII byte: stored in the
  /// cell, it holds no reference, and writing over it need not release it.
  @inline(__always)
  func holdsOneASCIIByte(at index: Int, in base: UnsafeRawPointer) -> Bool {
    base.loadUnaligned(fromByteOffset: index &* stride &+ graphemeOffset &+ 8, as: UInt64.self)
      == oneASCIIByte
  }

  /// The code of a grapheme, read through `String`.
  static func code(of grapheme: String) -> UInt8 {
    let utf8 = grapheme.utf8
    guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return ScreenBuffer.notASCII }
    return byte
  }
}
