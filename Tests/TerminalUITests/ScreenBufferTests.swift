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

  func testFillAndPaintStayInsideTheScreen() {
    var buffer = ScreenBuffer(width: 4, height: 2)
    buffer.write("abcd", x: 0, y: 0, role: .normal)
    buffer.paint(Rect(x: 2, y: 0, width: 10, height: 10), role: .error)
    buffer.fill(Rect(x: -1, y: 1, width: 2, height: 5), role: .selected)
    XCTAssertEqual(buffer.roleGrid, "..EE\nS.EE")
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
/// dropped; and the cells' ASCII codes and glyphs that the checks of every frame read.
extension ScreenBufferTests {
  /// The definition, as `lines` was first written.
  private func definition(_ buffer: ScreenBuffer) -> [String] {
    (0..<buffer.height).map { y in
      var line = ""
      for x in 0..<buffer.width where !buffer[x, y].isContinuation { line += buffer[x, y].grapheme }
      return String(line.reversed().drop(while: { $0 == " " }).reversed())
    }
  }

  func testLinesAreTheRowsWithoutTheirTrailingBlanksWhateverTheGraphemes() {
    var buffer = ScreenBuffer(width: 12, height: 7)
    buffer.write("Pay  now", x: 0, y: 0, role: .normal)
    buffer.write("漢字 ok", x: 1, y: 1, role: .normal)
    buffer.write("│ box │", x: 0, y: 2, role: .normal)
    buffer[0, 3] = Cell(grapheme: "e\u{301}", width: 1, role: .normal)
    buffer[1, 3] = Cell(grapheme: "", width: 1, role: .normal)
    // A prepended concatenation mark joins the space after it: that space is no blank of its own.
    buffer[2, 4] = Cell(grapheme: "\u{0600}", width: 1, role: .normal)
    buffer[0, 5] = Cell(grapheme: "a ", width: 1, role: .normal)
    buffer.write("x", x: 11, y: 6, role: .normal)
    XCTAssertEqual(buffer.lines, definition(buffer))
    XCTAssertEqual(buffer.lines[4].unicodeScalars.map(\.value), [0x20, 0x20, 0x600, 0x20])
    XCTAssertEqual(buffer.text, definition(buffer).joined(separator: "\n"))
  }

  func testEachCellsASCIICodeAndGlyphAreWhatItsGraphemeHolds() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    buffer.write("a漢é", x: 0, y: 0, role: .normal)
    buffer[4, 0] = Cell(grapheme: "e\u{301}", width: 1, role: .normal)
    var codes: [UInt8] = []
    buffer.asciiCodes(ofRow: 0, into: &codes)
    let other = ScreenBuffer.notASCII
    XCTAssertEqual(codes, [UInt8(ascii: "a"), other, other, other, other, UInt8(ascii: " ")])
    XCTAssertNotNil(buffer.storedGlyph(atX: 0, y: 0), "the layout of a cell's storage holds here")
    var same = ScreenBuffer(width: 2, height: 1)
    same.write("aa", x: 0, y: 0, role: .normal)
    XCTAssertEqual(same.storedGlyph(atX: 0, y: 0), same.storedGlyph(atX: 1, y: 0), "a, a")
    XCTAssertEqual(buffer.storedGlyph(atX: 0, y: 0), same.storedGlyph(atX: 0, y: 0), "a in another buffer")
    XCTAssertNotEqual(buffer.storedGlyph(atX: 3, y: 0), buffer.storedGlyph(atX: 4, y: 0), "é, e + ◌́")
    buffer.write("é", x: 5, y: 0, role: .normal)
    XCTAssertEqual(buffer.storedGlyph(atX: 3, y: 0), buffer.storedGlyph(atX: 5, y: 0))
  }

  /// A digit whose string is stored on the heap (room reserved, then one byte appended) is still read as its
  /// byte: the masking of card numbers reads these codes, and must never miss a digit.
  func testAOneByteStringStoredOnTheHeapReadsAsItsByte() {
    var digit = String()
    digit.reserveCapacity(64)
    digit.append("7")
    var buffer = ScreenBuffer(width: 5, height: 1)
    buffer.write("│é", x: 0, y: 0, role: .normal)
    buffer[2, 0] = Cell(grapheme: digit, width: 1, role: .normal)
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
    narrow[0, 0] = Cell(grapheme: "a", width: 2, role: .normal)
    XCTAssertFalse(row.holdsSameGlyphs(inRow: 0, as: narrow), "a width")
    XCTAssertFalse(row.holdsSameGlyphs(inRow: 0, as: ScreenBuffer(width: 11, height: 2)), "another width")
  }

  /// A cell has no padding (rows the same to the byte compare as one run of bytes), and a fill leaves the
  /// very cells a new buffer holds, over ASCII, wide and other graphemes alike.
  func testAFillLeavesTheCellsOfANewBuffer() {
    XCTAssertEqual(MemoryLayout<Cell>.size, MemoryLayout<Cell>.stride)
    var buffer = ScreenBuffer(width: 12, height: 2)
    buffer.write("ab 漢 é…│xyz", x: 0, y: 0, role: .selected)
    buffer.fill(buffer.bounds, role: .normal)
    XCTAssertEqual(buffer, ScreenBuffer(width: 12, height: 2))
    XCTAssertTrue(buffer.holdsSameGlyphs(inRow: 0, as: ScreenBuffer(width: 12, height: 2)))
  }
}
