import XCTest

@testable import TerminalUI

final class ScreenBufferTests: XCTestCase {
  func testWriteClipsToTheScreenAndToMaxWidth() {
    var buffer = ScreenBuffer(width: 8, height: 2)
    XCTAssertEqual(buffer.write("Hello, world", x: 2, y: 0, role: .title), 6)
    XCTAssertEqual(buffer.write("abcdef", x: 0, y: 1, role: .normal, maxWidth: 3), 3)
    XCTAssertEqual(buffer.lines, ["  Hello,", "abc"])
    XCTAssertEqual(buffer.roleGrid, "..TTTTTT\n........")
    XCTAssertEqual(buffer.write("x", x: 0, y: 5, role: .normal), 0, "rows off screen are ignored")
  }

  func testWideGraphemesTakeTwoCellsAndAreNeverSplit() {
    var buffer = ScreenBuffer(width: 5, height: 1)
    XCTAssertEqual(buffer.write("円円円", x: 0, y: 0, role: .normal), 4, "the third does not fit whole")
    XCTAssertEqual(buffer[0, 0].width, 2)
    XCTAssertTrue(buffer[1, 0].isContinuation)
    XCTAssertEqual(buffer.lines, ["円円"])
  }

  /// Found by `paydrill fuzz`: the device panel drawn over "ご注文" left "注" with its right half overwritten.
  func testDrawingOverHalfAWideGraphemeBlanksTheOtherHalf() {
    var buffer = ScreenBuffer(width: 8, height: 2)
    buffer.write("ご注文", x: 0, y: 0, role: .title)
    buffer.write("│", x: 3, y: 0, role: .normal)
    XCTAssertEqual(buffer.lines[0], "ご │文", "the right half overwritten: the left half is blanked")
    buffer.write("ご注文", x: 0, y: 1, role: .title)
    buffer.write("ab", x: 2, y: 1, role: .normal)
    XCTAssertEqual(buffer.lines[1], "ごab文", "the left half overwritten: the continuation is blanked")
    buffer.write("x", x: 4, y: 1, role: .normal)
    XCTAssertEqual(buffer.lines[1], "ごabx", "the left half overwritten: the continuation is blanked")
    for y in 0..<2 {
      XCTAssertEqual(
        (0..<8).reduce(0) { $0 + Int(buffer[$1, y].width) }, 8, "row \(y) is as wide as the screen")
    }
  }

  func testCombiningMarksStayWithTheirLetter() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    XCTAssertEqual(buffer.write("Jose\u{301}!", x: 0, y: 0, role: .normal), 5)
    XCTAssertEqual(buffer.lines, ["José!"])
  }

  func testTruncationEndsWithAnEllipsis() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    XCTAssertEqual(buffer.write(truncating: "American Express", x: 0, y: 0, role: .normal, maxWidth: 8), 8)
    XCTAssertEqual(buffer.lines, ["America…"])
  }

  func testFillStaysInsideTheScreen() {
    var buffer = ScreenBuffer(width: 4, height: 2)
    buffer.write("abcd", x: 0, y: 0, role: .normal)
    buffer.fill(Rect(x: -1, y: 1, width: 2, height: 5), role: .selected)
    XCTAssertEqual(buffer.roleGrid, "....\nS...")
    XCTAssertEqual(buffer.lines[0], "abcd")
  }

  func testDisplayWidth() {
    XCTAssertEqual(DisplayWidth.of("a"), 1)
    XCTAssertEqual(DisplayWidth.of("•"), 1)
    XCTAssertEqual(DisplayWidth.of("¥"), 1)
    XCTAssertEqual(DisplayWidth.of("日本"), 4)
    XCTAssertEqual(DisplayWidth.of("\u{301}" as Character), 0)
    XCTAssertEqual(DisplayWidth.of("💳"), 2)
    XCTAssertEqual(DisplayWidth.of("\u{07}" as Character), 0)
  }

  func testWrappedText() {
    XCTAssertEqual(
      WrappedText.lines("Your card was declined. Please try another payment method.", width: 24),
      ["Your card was declined.", "Please try another", "payment method."])
    XCTAssertEqual(WrappedText.lines("abcdefghij", width: 4), ["abcd", "efgh", "ij"])
    XCTAssertEqual(WrappedText.lines("a\nb", width: 4), ["a", "b"])
  }

  /// Parts stay whole: a line takes as many as fit, and only a part wider than a line wraps.
  func testWrappedTextPacksPartsWhole() {
    let parts = ["NO_CONFIGURATION", "isReady false", "hasUI false", "selfSubmitting true"]
    XCTAssertEqual(
      WrappedText.lines(packing: parts, separator: " · ", width: 44),
      ["NO_CONFIGURATION · isReady false", "hasUI false · selfSubmitting true"])
    XCTAssertEqual(
      WrappedText.lines(packing: parts, separator: " · ", width: 80),
      ["NO_CONFIGURATION · isReady false · hasUI false · selfSubmitting true"])
    XCTAssertEqual(
      WrappedText.lines(packing: ["ab cd", "e"], separator: " · ", width: 3), ["ab", "cd", "e"])
    XCTAssertEqual(WrappedText.lines(packing: [], separator: " · ", width: 3), [])
  }

  func testFrameDrawsABoxWithItsTitle() {
    var buffer = ScreenBuffer(width: 12, height: 3)
    let inner = Frame(title: "Card").render(in: buffer.bounds, into: &buffer)
    XCTAssertEqual(inner, Rect(x: 1, y: 1, width: 10, height: 1))
    XCTAssertEqual(buffer.lines, ["╭─ Card ───╮", "│          │", "╰──────────╯"])
  }

  func testSizeParsing() {
    XCTAssertEqual(Size(parsing: "100x32"), Size(columns: 100, rows: 32))
    XCTAssertNil(Size(parsing: "100"))
    XCTAssertNil(Size(parsing: "0x10"))
  }
}

/// A fill that cuts a wide grapheme (an overlay over Japanese text) never leaves half of it.
final class ScreenBufferWideFillTests: XCTestCase {
  func testAFillCuttingAWideGraphemeBlanksItsOtherHalf() {
    var buffer = ScreenBuffer(width: 8, height: 1)
    buffer.write("選択選択", x: 0, y: 0, role: .normal)
    buffer.fill(Rect(x: 3, y: 0, width: 2, height: 1), role: .selected)
    XCTAssertEqual(
      buffer.lines, ["選    択"], "the 択 whose right half and the 選 whose left half were covered are gone")
    for x in 0..<8 where buffer[x, 0].width == 2 {
      XCTAssertEqual(buffer[x + 1, 0].width, 0, "column \(x): a wide grapheme keeps its continuation")
    }
    XCTAssertEqual(buffer[2, 0].role, .normal)
    XCTAssertEqual(buffer[3, 0].role, .selected)
  }
}

/// `lines` and `text` as the plain definition has them: each row's graphemes joined, trailing " " characters
/// dropped; and the plain cells that the checks of every frame read.
extension ScreenBufferTests {
  /// The definition, as `lines` was first written.
  private func definition(_ buffer: ScreenBuffer) -> [String] {
    (0..<buffer.height).map { y in
      var line = ""
      for x in 0..<buffer.width where !buffer[x, y].isContinuation { line += buffer.grapheme(atX: x, y: y) }
      return String(line.reversed().drop(while: { $0 == " " }).reversed())
    }
  }

  func testLinesAreTheRowsWithoutTheirTrailingBlanksWhateverTheGraphemes() {
    var buffer = ScreenBuffer(width: 12, height: 7)
    buffer.write("Pay  now", x: 0, y: 0, role: .normal)
    buffer.write("漢字 ok", x: 1, y: 1, role: .normal)
    buffer.write("│ box │", x: 0, y: 2, role: .normal)
    buffer.put("e\u{301}", width: 1, role: .normal, atX: 0, y: 3)
    buffer.put("", width: 1, role: .normal, atX: 1, y: 3)
    // A prepended concatenation mark joins the space after it: that space is no blank of its own.
    buffer.put("\u{0600}", width: 1, role: .normal, atX: 2, y: 4)
    buffer.put("a ", width: 1, role: .normal, atX: 0, y: 5)
    buffer.write("x", x: 11, y: 6, role: .normal)
    XCTAssertEqual(buffer.lines, definition(buffer))
    XCTAssertEqual(buffer.lines[4].unicodeScalars.map(\.value), [0x20, 0x20, 0x600, 0x20])
    XCTAssertEqual(buffer.text, definition(buffer).joined(separator: "\n"))
  }

  /// A cell is plain data, eight bytes at most and no reference: copying, comparing and overwriting one costs
  /// what an integer's does, whatever the grapheme.
  func testACellIsPlainData() {
    XCTAssertTrue(_isPOD(Cell.self), "a cell holds no reference")
    XCTAssertLessThanOrEqual(MemoryLayout<Cell>.stride, 8)
  }

  /// ASCII, the fast path: a cell's code is its glyph's value, read without a `String`.
  func testAnASCIICellsCodeIsItsScalar() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    buffer.write("a漢é", x: 0, y: 0, role: .normal)
    buffer.put("e\u{301}", width: 1, role: .normal, atX: 4, y: 0)
    XCTAssertEqual(buffer[0, 0].glyph, Glyph("a"))
    XCTAssertEqual(buffer[0, 0].glyph.value, UInt32(UInt8(ascii: "a")))
    XCTAssertEqual(buffer[0, 0].glyph.asciiCode, UInt8(ascii: "a"))
    var codes: [UInt8] = []
    buffer.asciiCodes(ofRow: 0, into: &codes)
    let other = ScreenBuffer.notASCII
    XCTAssertEqual(codes, [UInt8(ascii: "a"), other, other, other, other, UInt8(ascii: " ")])
  }

  /// A CJK character is one scalar in a cell two columns wide, and the cell after it holds no grapheme.
  func testAWideCharacterIsAScalarAndAnEmptyContinuation() {
    var buffer = ScreenBuffer(width: 4, height: 1)
    buffer.write("漢x", x: 0, y: 0, role: .title)
    XCTAssertEqual(buffer[0, 0], Cell("漢", width: 2, role: .title))
    XCTAssertEqual(buffer[0, 0].glyph.scalar, "漢")
    XCTAssertEqual(buffer[1, 0], Cell(.empty, width: 0, role: .title))
    XCTAssertEqual(buffer.grapheme(atX: 1, y: 0), "")
    XCTAssertEqual(buffer.lines, ["漢x"])
  }

  /// A letter with a combining mark is a cluster: kept once in the buffer's table, named by its index, read
  /// back as the very scalars written (not as the precomposed letter, which is a scalar of its own).
  func testACombiningClusterIsKeptOnceInTheBuffersTable() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    buffer.write("e\u{301}ée\u{301}a\u{308}", x: 0, y: 0, role: .normal)
    let (first, precomposed, again, other) = (buffer[0, 0], buffer[1, 0], buffer[2, 0], buffer[3, 0])
    XCTAssertNil(first.glyph.scalar)
    XCTAssertNotNil(first.glyph.clusterIndex)
    XCTAssertEqual(first, again, "the same cluster, the same glyph")
    XCTAssertNotEqual(first.glyph, other.glyph, "another cluster")
    XCTAssertEqual(precomposed.glyph, Glyph("é"), "é precomposed is a scalar")
    XCTAssertNotEqual(first.glyph, precomposed.glyph, "canonically equivalent, but other bytes")
    XCTAssertEqual(first.glyph.asciiCode, ScreenBuffer.notASCII)
    XCTAssertEqual(Array(buffer.grapheme(of: first).unicodeScalars), ["e", "\u{301}"])
    XCTAssertEqual(Array(buffer.grapheme(of: precomposed).unicodeScalars), ["é"])
    XCTAssertEqual(buffer.lines[0].unicodeScalars.count, 7)
    // A fill of the whole screen leaves no cell naming a cluster: the table starts again.
    buffer.fill(buffer.bounds, role: .normal)
    buffer.put("a\u{308}", width: 1, role: .normal, atX: 0, y: 0)
    XCTAssertEqual(buffer[0, 0].glyph.clusterIndex, 0)
    XCTAssertEqual(buffer.lines, ["a\u{308}"])
  }

  /// A row of clusters longer than any scalar's four bytes is read whole: the room for a row's text is
  /// measured on the longest cluster.
  func testARowOfLongClustersIsReadWhole() {
    let long = "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}"
    var buffer = ScreenBuffer(width: 3, height: 2)
    buffer.write(String(repeating: long, count: 3), x: 0, y: 0, role: .normal)
    buffer.write(String(repeating: long, count: 3), x: 0, y: 1, role: .normal)
    let row = String(repeating: long, count: 3)
    XCTAssertEqual(buffer.lines.map { Array($0.utf8) }, [Array(row.utf8), Array(row.utf8)])
    XCTAssertEqual(Array(buffer.text.utf8), Array((row + "\n" + row).utf8))
  }

  /// An emoji ZWJ sequence is stored as its fallback, its first emoji (one scalar, two columns); one that
  /// reaches a cell anyway is a cluster the fuzzer's check can read back whole.
  func testAnEmojiZWJSequenceIsStoredAsItsFirstEmoji() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    XCTAssertEqual(buffer.write("👨‍👩‍👧!", x: 0, y: 0, role: .normal), 3)
    XCTAssertEqual(buffer[0, 0], Cell("👨", width: 2, role: .normal))
    XCTAssertEqual(buffer[2, 0].glyph.asciiCode, UInt8(ascii: "!"))
    buffer.put("👨‍👩‍👧", width: 2, role: .normal, atX: 3, y: 0)
    XCTAssertEqual(buffer.grapheme(atX: 3, y: 0), "👨‍👩‍👧")
    XCTAssertEqual(buffer.grapheme(atX: 3, y: 0).unicodeScalars.count, 5)
  }

  /// A digit whose string is stored on the heap (room reserved, then one byte appended) is still read as its
  /// byte: the masking of card numbers reads these codes, and must never miss a digit.
  func testAOneByteStringStoredOnTheHeapReadsAsItsByte() {
    var digit = String()
    digit.reserveCapacity(64)
    digit.append("7")
    var buffer = ScreenBuffer(width: 5, height: 1)
    buffer.write("│é", x: 0, y: 0, role: .normal)
    buffer.put(digit, width: 1, role: .normal, atX: 2, y: 0)
    var codes: [UInt8] = []
    buffer.asciiCodes(ofRow: 0, into: &codes)
    let notASCII = ScreenBuffer.notASCII
    XCTAssertEqual(codes, [notASCII, notASCII, UInt8(ascii: "7"), UInt8(ascii: " "), UInt8(ascii: " ")])
    XCTAssertEqual(buffer.text, "│é7")
  }

  /// A row holds the same glyphs as another buffer's when every cell's grapheme and width are the same,
  /// whatever the roles; any other grapheme, width or size is a different row.
  func testARowHoldsTheSameGlyphsOnlyWhenEveryGraphemeAndWidthIs() {
    func buffer(_ text: String, role: StyleRole = .normal) -> ScreenBuffer {
      var buffer = ScreenBuffer(width: 12, height: 2)
      buffer.write(text, x: 0, y: 0, role: role)
      return buffer
    }
    let row = buffer("ab 漢 é…│")
    XCTAssertTrue(row.holdsSameGlyphs(inRow: 0, as: buffer("ab 漢 é…│", role: .selected)), "other roles")
    XCTAssertTrue(row.holdsSameGlyphs(inRow: 1, as: buffer("")), "blank rows")
    XCTAssertFalse(row.holdsSameGlyphs(inRow: 0, as: buffer("ab 漢 é…┃")), "the last glyph")
    XCTAssertFalse(row.holdsSameGlyphs(inRow: 0, as: buffer("ac 漢 é…│")), "an ASCII glyph")
    XCTAssertFalse(row.holdsSameGlyphs(inRow: 0, as: buffer("ab 漢 e\u{301}…│")), "canonically equivalent")
    var narrow = row
    narrow[0, 0] = Cell("a", width: 2, role: .normal)
    XCTAssertFalse(row.holdsSameGlyphs(inRow: 0, as: narrow), "a width")
    XCTAssertFalse(row.holdsSameGlyphs(inRow: 0, as: ScreenBuffer(width: 11, height: 2)), "another width")
  }

  /// Each buffer numbers its own clusters: rows, cells and buffers compare them by their text.
  func testClustersOfTwoBuffersCompareByTheirText() {
    var first = ScreenBuffer(width: 4, height: 2)
    first.write("a\u{308}", x: 0, y: 1, role: .normal)
    first.write("xe\u{301}", x: 0, y: 0, role: .normal)
    var second = ScreenBuffer(width: 4, height: 2)
    second.write("xe\u{301}", x: 0, y: 0, role: .normal)
    second.write("a\u{308}", x: 0, y: 1, role: .normal)
    XCTAssertNotEqual(first[1, 0].glyph, second[1, 0].glyph, "numbered in the order written")
    XCTAssertTrue(first.holdsSameGlyphs(inRow: 0, as: second))
    XCTAssertTrue(first.holdsSameCell(atX: 1, y: 0, as: second))
    XCTAssertEqual(first, second)
    // The same number for another cluster is another glyph.
    var third = ScreenBuffer(width: 4, height: 2)
    third.write("xo\u{301}", x: 0, y: 0, role: .normal)
    third.write("a\u{308}", x: 0, y: 1, role: .normal)
    XCTAssertEqual(third[1, 0].glyph, second[1, 0].glyph)
    XCTAssertFalse(third.holdsSameGlyphs(inRow: 0, as: second))
    XCTAssertFalse(third.holdsSameCell(atX: 1, y: 0, as: second))
    XCTAssertNotEqual(third, second)
  }

  /// A fill leaves the very cells a new buffer holds, over ASCII, wide and other graphemes alike.
  func testAFillLeavesTheCellsOfANewBuffer() {
    var buffer = ScreenBuffer(width: 12, height: 2)
    buffer.write("ab 漢 é…│xe\u{301}z", x: 0, y: 0, role: .selected)
    buffer.fill(buffer.bounds, role: .normal)
    XCTAssertEqual(buffer, ScreenBuffer(width: 12, height: 2))
    XCTAssertEqual(buffer.cells, ScreenBuffer(width: 12, height: 2).cells)
    XCTAssertTrue(buffer.holdsSameGlyphs(inRow: 0, as: ScreenBuffer(width: 12, height: 2)))
  }
}
