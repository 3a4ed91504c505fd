import XCTest

@testable import TerminalUI

/// The shortcuts that keep drawing fast answer exactly what the full rules answer.
final class DisplayWidthTests: XCTestCase {
  func testTheRangesWithoutLookUpAreOneColumnByTheFullRules() {
    for value in UInt32(0)..<0x3000 where DisplayWidth.isNarrowWithoutLookUp(value) {
      let character = Character(Unicode.Scalar(value)!)
      XCTAssertEqual(DisplayWidth.measured(character), 1, "U+\(String(value, radix: 16))")
    }
  }

  /// `ScreenBuffer.write(truncating:)` writes text of no more UTF-8 bytes than columns without measuring it.
  func testNoTextIsWiderThanItsUTF8Bytes() {
    for value in UInt32(0)..<0x30000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      XCTAssertLessThanOrEqual(DisplayWidth.of(text), text.utf8.count, "U+\(String(value, radix: 16))")
    }
    for text in ["🇫🇷", "👨‍👩‍👧", "👍🏽", "1️⃣", "☺️", "e\u{301}", "\r\n", "漢字"] {
      XCTAssertLessThanOrEqual(DisplayWidth.of(text), text.utf8.count, text)
    }
  }

  func testEveryScalarUpToCJKMeasuresAsTheFullRulesSay() {
    for value in UInt32(0)..<0x3100 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let character = Character(scalar)
      XCTAssertEqual(
        DisplayWidth.of(character), DisplayWidth.measured(character), "U+\(String(value, radix: 16))")
    }
  }

  func testClustersStartingWithASCIIGoTheFullWay() {
    for text in ["e\u{301}", "#\u{FE0F}", "\r\n", "1\u{FE0F}\u{20E3}"] {
      let character = Character(text)
      XCTAssertEqual(DisplayWidth.of(character), DisplayWidth.measured(character), text.debugDescription)
    }
  }

  func testStringsAddUpTheirCharactersWithOrWithoutASCIIShortcut() {
    for text in [
      "plain text", "tab\tand\r\nCRLF\u{7F}", "", "José", "日本 ok", "ab\u{1B}[0m", "a·b • c…", "─┼─ é ü",
      "x\u{AD}y", "cr\r\nlf·", "e\u{301}·", "Visa ••••4242",
    ] {
      XCTAssertEqual(
        DisplayWidth.of(text), text.reduce(0) { $0 + DisplayWidth.measured($1) }, text.debugDescription)
    }
  }

  func testASCIIAndUnicodeWritesPutTheSameCells() {
    // The same ASCII text written alone (the fast path) and after a non-ASCII character (another path).
    for text in ["Hello, world", "tab\there", "cr\r\nlf", "del\u{7F}x"] {
      assertWrittenAlike(text, alone: "é")
    }
  }

  func testNarrowTextIsWrittenAsItsGraphemesAre() {
    // Text whose every scalar is a grapheme of its own (a scalar at a time), against the same text after a
    // wide character (grapheme by grapheme).
    for text in ["a·b • c…", "─┼─ é ü", "x\u{AD}y", "cr\r\nlf·", "tab\t·", "Visa ••••4242"] {
      assertWrittenAlike(text, alone: "日")
    }
    XCTAssertEqual(WrappedText.lines("a·b c•d\n\ne…f", width: 4), ["a·b", "c•d", "", "e…f"])
  }

  /// `text` written alone after `before`'s columns puts the same cells as `before + text` written whole.
  private func assertWrittenAlike(_ text: String, alone before: String, line: UInt = #line) {
    let offset = DisplayWidth.of(before)
    var alone = ScreenBuffer(width: 20, height: 1)
    var whole = ScreenBuffer(width: 20, height: 1)
    let aloneColumns = alone.write(text, x: offset, y: 0, role: .title, maxWidth: 9)
    whole.write(before, x: 0, y: 0, role: .title)
    let wholeColumns = whole.write(before + text, x: 0, y: 0, role: .title, maxWidth: 9 + offset) - offset
    XCTAssertEqual(aloneColumns, wholeColumns, text.debugDescription, line: line)
    XCTAssertEqual(
      Array(alone.cells.dropFirst(offset)), Array(whole.cells.dropFirst(offset)), text.debugDescription,
      line: line)
  }

  func testASideIsWrittenAsACellOnEachRow() {
    for (character, x) in [("│" as Character, 1), ("円", 0), ("│", 9), ("│", -1), ("│", 10)] {
      var side = ScreenBuffer(width: 10, height: 4)
      var cells = ScreenBuffer(width: 10, height: 4)
      side.write("日本語", x: 0, y: 2, role: .normal)
      cells.write("日本語", x: 0, y: 2, role: .normal)
      side.write(repeating: character, x: x, rows: -1..<6, role: .border)
      for y in -1..<6 { cells.write(repeating: character, count: 1, x: x, y: y, role: .border) }
      XCTAssertEqual(side, cells, "\(character) at \(x)")
    }
  }

  func testRepeatedCharactersAreWrittenAsTheirString() {
    for (character, count, x) in [("─" as Character, 7, 1), ("円", 3, 0), ("x", 12, -2), ("─", 0, 0)] {
      var repeated = ScreenBuffer(width: 10, height: 1)
      var written = ScreenBuffer(width: 10, height: 1)
      XCTAssertEqual(
        repeated.write(repeating: character, count: count, x: x, y: 0, role: .border, maxWidth: 8),
        written.write(String(repeating: character, count: count), x: x, y: 0, role: .border, maxWidth: 8))
      XCTAssertEqual(repeated, written, "\(character) × \(count) at \(x)")
    }
  }

  func testWrappingAtSpacesNextToNonASCIIText() {
    XCTAssertEqual(WrappedText.lines("日本 円 ok done", width: 7), ["日本 円", "ok done"])
    XCTAssertEqual(WrappedText.lines("José Ñu ab", width: 7), ["José Ñu", "ab"])
  }

  func testJapaneseWrapsBetweenCharactersButNeverBeforeClosingPunctuation() {
    // 10 columns: five characters a line; "。" would start the second line, so "い" goes with it.
    XCTAssertEqual(WrappedText.lines("お試しください。", width: 10), ["お試しくだ", "さい。"])
    XCTAssertEqual(WrappedText.lines("お試しくださ。", width: 14), ["お試しくださ。"])
    XCTAssertEqual(WrappedText.lines("カードを追加", width: 6), ["カード", "を追加"])
  }
}
