import Foundation
import XCTest

@testable import TerminalUI

/// Emoji clusters that terminals draw at widths of their own are measured, stored and drawn as a fallback
/// every terminal agrees on, whatever path the text takes (a measure, a write, a wrap).
final class EmojiFallbackTests: XCTestCase {
  /// Each kind of cluster, its fallback and the fallback's columns.
  static let clusters: [(name: String, cluster: Character, fallback: String, columns: Int)] = [
    ("ZWJ family", "👨‍👩‍👧", "👨", 2),
    ("ZWJ with a skin tone", "🚴🏽‍♀️", "🚴", 2),
    ("flag", "🇫🇷", "FR", 2),
    ("lone regional indicator", "🇯", "J", 1),
    ("skin tone", "👍🏽", "👍", 2),
    ("VS16 on a text-presentation emoji", "☺️", "☺", 1),
    ("VS16 on a heart", "❤️", "❤", 1),
    ("VS16 on an emoji-presentation emoji", "😀\u{FE0F}", "😀", 2),
    ("VS15 on an emoji-presentation emoji", "⌚\u{FE0E}", "⌚", 2),
    ("keycap", "1\u{FE0F}\u{20E3}", "1", 1),
    ("VS16 on #", "#\u{FE0F}", "#", 1),
    ("tag sequence", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "🏴", 2),
  ]

  func testEachKindOfClusterHasItsFallbackAndItsWidth() {
    for (name, cluster, fallback, columns) in Self.clusters {
      XCTAssertEqual(EmojiFallback.replacement(for: cluster), fallback, name)
      XCTAssertEqual(DisplayWidth.of(cluster), columns, name)
      XCTAssertEqual(DisplayWidth.of(fallback), columns, "\(name): the fallback is as wide as the measure")
      XCTAssertNil(
        fallback.first.flatMap(EmojiFallback.replacement(for:)), "\(name): a fallback needs none of its own")
    }
  }

  func testGraphemesTerminalsAgreeOnAreDrawnAsThemselves() {
    for character: Character in ["a", "é", "e\u{301}", "1\u{301}", "日", "👨", "👍", "☺", "🏽", "│", "😀\u{301}"] {
      XCTAssertNil(EmojiFallback.replacement(for: character), character.unicodeScalars.debugDescription)
    }
    let plain = "Zoë · 日本 · 👍 · ☺"
    XCTAssertEqual(EmojiFallback.applied(to: plain), plain)
  }

  func testTheSkinToneRangeIsTheEmojiModifierProperty() {
    for value in UInt32(0x1F000)..<0x20000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      XCTAssertEqual(
        (0x1F3FB...0x1F3FF).contains(value), scalar.properties.isEmojiModifier,
        "U+\(String(value, radix: 16))")
    }
  }

  func testMixedTextIsMeasuredAsItIsStored() {
    let text = "Zoë 👩‍👩‍👦 Martin 🇫🇷, ❤️ 12 👍🏽 ok"
    XCTAssertEqual(EmojiFallback.applied(to: text), "Zoë 👩 Martin FR, ❤ 12 👍 ok")
    XCTAssertEqual(DisplayWidth.of(text), DisplayWidth.of(EmojiFallback.applied(to: text)))
    XCTAssertEqual(DisplayWidth.of(text), 28)
    var buffer = ScreenBuffer(width: 40, height: 1)
    XCTAssertEqual(buffer.write(text, x: 0, y: 0, role: .normal), 28)
    XCTAssertEqual(buffer.lines, ["Zoë 👩 Martin FR, ❤ 12 👍 ok"])
    XCTAssertEqual(buffer[14, 0], Cell("F", width: 1, role: .normal), "a flag is two ASCII cells")
    XCTAssertEqual(buffer[15, 0], Cell("R", width: 1, role: .normal))
    XCTAssertEqual(buffer[18, 0], Cell("❤", width: 1, role: .normal), "without its VS16")
    XCTAssertEqual(buffer[4, 0], Cell("👩", width: 2, role: .normal), "the family's first emoji")
    XCTAssertEqual(buffer[5, 0], Cell(.empty, width: 0, role: .normal))
  }

  /// No cell keeps a joiner, a modifier, a variation selector or a regional indicator: ncurses would draw it
  /// with a width the terminal does not use.
  func testNoCellHoldsASequenceScalar() {
    var buffer = ScreenBuffer(width: 60, height: 2)
    buffer.write(Self.clusters.map { String($0.cluster) }.joined(separator: " "), x: 0, y: 0, role: .normal)
    buffer.write(repeating: "🇫🇷", count: 3, x: 0, y: 1, role: .normal)
    XCTAssertEqual(buffer.lines[1], "FRFRFR")
    for cell in buffer.cells {
      XCTAssertFalse(
        buffer.grapheme(of: cell).unicodeScalars.contains { EmojiFallback.mayStartFallback($0.value) },
        buffer.grapheme(of: cell).unicodeScalars.debugDescription)
    }
  }

  func testTruncatingCountsAClusterAsItsFallback() {
    var buffer = ScreenBuffer(width: 20, height: 1)
    // 11 columns as stored ("Mug ☺ FR ok"): it fits 11 whole, though its scalars would measure wider.
    XCTAssertEqual(buffer.write(truncating: "Mug ☺️ 🇫🇷 ok", x: 0, y: 0, role: .normal, maxWidth: 11), 11)
    XCTAssertEqual(buffer.lines, ["Mug ☺ FR ok"])
    buffer = ScreenBuffer(width: 20, height: 1)
    XCTAssertEqual(buffer.write(truncating: "Mug ☺️ 🇫🇷 ok", x: 0, y: 0, role: .normal, maxWidth: 8), 8)
    XCTAssertEqual(buffer.lines, ["Mug ☺ F…"])
  }

  func testWrappingMeasuresClustersAsTheirFallback() {
    // "Family 👨‍👩‍👧" is 9 columns as drawn (2+0+2+0+2 = 6 for the family would make it 13).
    XCTAssertEqual(
      WrappedText.lines("Family 👨‍👩‍👧 picnic ☺️ 🇫🇷 mug", width: 9), ["Family 👨‍👩‍👧", "picnic ☺️", "🇫🇷 mug"])
    XCTAssertEqual(WrappedText.prefix("👍🏽👍🏽👍🏽", width: 5), "👍🏽👍🏽")
    for line in WrappedText.lines("Zoë 👩‍👩‍👦 Martin 🇫🇷 ❤️ ✈️ 👍🏽 🇯🇵 1️⃣", width: 7) {
      var buffer = ScreenBuffer(width: 7, height: 1)
      XCTAssertEqual(
        buffer.write(line, x: 0, y: 0, role: .normal), DisplayWidth.of(line), "\(line) is written whole")
    }
  }
}

/// What ncurses measures: the C library's `wcwidth` of each code point of a cell, added up.
final class EmojiFallbackWcwidthTests: XCTestCase {
  func testEveryCellIsAsWideForTheCLibraryAsForPayDrill() throws {
    let previous = String(cString: setlocale(LC_CTYPE, nil))
    guard setlocale(LC_CTYPE, "C.UTF-8") != nil || setlocale(LC_CTYPE, "en_US.UTF-8") != nil else {
      throw XCTSkip("no UTF-8 locale to ask wcwidth in")
    }
    defer { setlocale(LC_CTYPE, previous) }
    // The C library's headers declare wcwidth for X/Open programs only, which Swift's module of them is not.
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth") else { throw XCTSkip("no wcwidth") }
    let wcwidth = unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
    var buffer = ScreenBuffer(width: 80, height: 1)
    buffer.write(
      EmojiFallbackTests.clusters.map { String($0.cluster) }.joined(separator: " "), x: 0, y: 0, role: .normal
    )
    for cell in buffer.cells where !cell.isContinuation {
      let scalars = buffer.grapheme(of: cell).unicodeScalars
      let columns = scalars.reduce(0) { $0 + Int(wcwidth(wchar_t(bitPattern: $1.value))) }
      XCTAssertEqual(columns, Int(cell.width), scalars.debugDescription)
    }
  }
}
