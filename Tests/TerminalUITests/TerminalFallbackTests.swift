import Foundation
import XCTest

@testable import TerminalUI

/// What the ncurses backend draws on poorer terminals: ASCII for a locale without UTF-8, and colours that stay
/// readable with 8 or 16 of them.
final class TerminalFallbackTests: XCTestCase {
  func testTheViewsSymbolsHaveOneColumnASCIIStandIns() {
    let screen = "╭─ Card ─╮ │ ▸ 1 Card · Visa ••••4242 … ✓ ✗ ⚠ ↑↓ ← → × ± — ⠋⠙⠹⠸ € £ ¥ é"
    let ascii = String(screen.map { AsciiGlyphs.ascii(for: $0) })
    XCTAssertEqual(ascii, "+- Card -+ | > 1 Card - Visa ****4242 . v x ! ^v < > x ~ - |/-\\ E L Y e")
  }

  func testWideAndUnknownGraphemesBecomeQuestionMarksOfTheirWidth() {
    XCTAssertEqual(AsciiGlyphs.ascii(for: "漢", width: 2), "? ")
    XCTAssertEqual(AsciiGlyphs.ascii(for: "", width: 0), "", "a continuation cell draws nothing")
    XCTAssertEqual(AsciiGlyphs.ascii(for: "🙂", width: 2), "? ")
    XCTAssertEqual(AsciiGlyphs.ascii(for: "e\u{301}", width: 1), "e")
    XCTAssertEqual(AsciiGlyphs.ascii(for: "Ж", width: 1), "?")
    XCTAssertEqual(AsciiGlyphs.ascii(for: "\u{7}", width: 1), "?", "a control character is never sent")
    XCTAssertEqual(AsciiGlyphs.ascii(for: "a", width: 1), "a")
  }

  /// Every character of every golden screen maps to printable ASCII, and every symbol to a stand-in rather
  /// than "?": a new glyph in a view needs its line in `AsciiGlyphs`. The `emoji-clusters-` screens are left
  /// out: their emoji (☺, ❤, ✈) are a scenario's text, not the views' glyphs.
  func testEveryGlyphOfTheGoldenScreensHasAStandIn() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../PayDrillAppTests/__Snapshots__").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".txt") && !$0.hasSuffix(".roles.txt") && !$0.hasPrefix("emoji-clusters-")
    }
    XCTAssertGreaterThan(names.count, 20)
    var symbols: Set<Character> = []
    for name in names {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      symbols.formUnion(text.filter { !$0.isASCII && !$0.isLetter && DisplayWidth.of($0) == 1 })
    }
    XCTAssertFalse(symbols.isEmpty)
    for symbol in symbols {
      let ascii = AsciiGlyphs.ascii(for: symbol)
      XCTAssertTrue(
        ascii.isASCII && ascii != "?",
        "\(symbol) (U+\(String(symbol.unicodeScalars.first!.value, radix: 16)))")
    }
  }

  func testWithEightOrSixteenColoursNoRoleDrawsTextInItsBackgroundColour() {
    for (name, theme) in Theme.builtIn {
      for colorCount in [8, 16] {
        for role in StyleRole.allCases {
          let style = theme.style(for: role)
          let pair = TerminalColor.readablePair(
            foreground: style.foreground, background: style.background, colorCount: colorCount)
          if pair.background >= 0 {
            XCTAssertNotEqual(pair.foreground, pair.background, "\(name) \(role) at \(colorCount) colours")
          }
          XCTAssertTrue((-1..<colorCount).contains(pair.foreground), "\(name) \(role) at \(colorCount)")
          XCTAssertTrue((-1..<colorCount).contains(pair.background), "\(name) \(role) at \(colorCount)")
        }
      }
    }
    let greyOnGrey = TerminalColor.readablePair(
      foreground: .indexed(252), background: .indexed(255), colorCount: 8)
    XCTAssertEqual(greyOnGrey.foreground, 0, "black on a light background")
    XCTAssertEqual(greyOnGrey.background, 7)
    let navy = TerminalColor.readablePair(foreground: .indexed(12), background: .indexed(4), colorCount: 8)
    XCTAssertEqual(navy.foreground, 7, "white on a dark one")
  }
}
