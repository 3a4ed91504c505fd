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
    for text in ["plain text", "tab\tand\r\nCRLF\u{7F}", "", "José", "日本 ok", "ab\u{1B}[0m"] {
      XCTAssertEqual(
        DisplayWidth.of(text), text.reduce(0) { $0 + DisplayWidth.measured($1) }, text.debugDescription)
    }
  }

  func testASCIIAndUnicodeWritesPutTheSameCells() {
    // The same ASCII text written alone (the fast path) and after a non-ASCII character (the general path).
    for text in ["Hello, world", "tab\there", "cr\r\nlf", "del\u{7F}x"] {
      var fast = ScreenBuffer(width: 20, height: 1)
      var general = ScreenBuffer(width: 20, height: 1)
      let fastColumns = fast.write(text, x: 1, y: 0, role: .title, maxWidth: 9)
      general.write("é", x: 0, y: 0, role: .title)
      let generalColumns = general.write("é" + text, x: 0, y: 0, role: .title, maxWidth: 10) - 1
      XCTAssertEqual(fastColumns, generalColumns, text.debugDescription)
      XCTAssertEqual(Array(fast.cells.dropFirst()), Array(general.cells.dropFirst()), text.debugDescription)
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
