import Foundation
import XCTest

@testable import TerminalUI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The screen as ANSI text and as an HTML page: the same text as the grid, in the theme's colours.
final class ScreenExportTests: XCTestCase {
  /// A small screen: a header bar, a line with characters HTML must escape, a wide grapheme, a blank row.
  private func screen() -> ScreenBuffer {
    var buffer = ScreenBuffer(width: 24, height: 4)
    buffer.fill(Rect(x: 0, y: 0, width: 24, height: 1), role: .header)
    buffer.write(" PayDrill", x: 0, y: 0, role: .header)
    buffer.write("Total", x: 0, y: 1, role: .normal)
    buffer.write("<€12> & \"tax\"", x: 6, y: 1, role: .total)
    buffer.write("東京 ok", x: 1, y: 2, role: .error)
    return buffer
  }

  private let escape = "\u{1B}["

  /// A row without its trailing blanks, as `ScreenBuffer.lines` has it.
  private func trimmed<Text: StringProtocol>(_ row: Text) -> String {
    String(row.reversed().drop { $0 == " " }.reversed())
  }

  func testRunsCoverEachRowAndSkipTheRightHalfOfWideGraphemes() {
    let buffer = screen()
    let runs = StyledRun.runs(ofRow: 2, in: buffer)
    XCTAssertEqual(
      runs,
      [
        StyledRun(role: .normal, text: " "), StyledRun(role: .error, text: "東京 ok"),
        StyledRun(role: .normal, text: String(repeating: " ", count: 16)),
      ])
    for y in 0..<buffer.height {
      let text = StyledRun.runs(ofRow: y, in: buffer).map(\.text).joined()
      XCTAssertEqual(trimmed(text), buffer.lines[y])
    }
  }

  func testAnsiUsesTheThemesSGRCodesAndResetsEveryLine() {
    let text = AnsiExport.text(of: screen(), theme: .dark)
    // The dark header: bold, bright white (97) on colour 24.
    XCTAssertTrue(text.hasPrefix(escape + "0;1;97;48;5;24m PayDrill"), text)
    // The total: bold, bright white, no background.
    XCTAssertTrue(text.contains(escape + "0;1;97m<€12> & \"tax\""), text)
    // The error role of the dark theme: bold, colour 203.
    XCTAssertTrue(text.contains(escape + "0;1;38;5;203m東京 ok"), text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, 5, "four rows and the final newline")
    for line in lines.dropLast() { XCTAssertTrue(line.hasSuffix(escape + "0m"), String(line)) }
    XCTAssertEqual(lines[3], Substring(AnsiExport.reset), "a blank row is just the reset")
  }

  func testAnsiWithoutTheEscapesIsTheScreensText() throws {
    let buffer = screen()
    let text = AnsiExport.text(of: buffer, theme: .light)
    let plain = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    let rows = plain.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
      trimmed($0)
    }
    XCTAssertEqual(rows, buffer.lines)
    // The light theme paints its background (15, bright white: 107) on every role, blanks included.
    XCTAssertTrue(text.contains(escape + "0;30;107mTotal"), text)
  }

  func testAnsiWritesNamedIndexedAndRGBColours() {
    XCTAssertEqual(AnsiExport.sgr(TextStyle()), escape + "0m")
    XCTAssertEqual(
      AnsiExport.sgr(TextStyle(foreground: .indexed(1), background: .indexed(12), dim: true)),
      escape + "0;2;31;104m")
    XCTAssertEqual(
      AnsiExport.sgr(
        TextStyle(foreground: .rgb(red: 255, green: 128, blue: 0), underline: true, reverse: true)),
      escape + "0;4;7;38;2;255;128;0m")
  }

  func testHtmlEscapesTheScreenAndCarriesTheThemesColours() {
    let page = HtmlExport.document(of: screen(), theme: .dark, title: "A <b> & c")
    XCTAssertTrue(page.contains("<title>A &lt;b&gt; &amp; c</title>"), page)
    XCTAssertTrue(
      page.contains("<span class=\"r-total\">&lt;€12&gt; &amp; &quot;tax&quot;</span>"), page)
    XCTAssertFalse(page.contains("<€12>"))
    // Colour 24 is #005f87 and 203 is #ff5f5f; the dark page is near-black.
    XCTAssertTrue(
      page.contains(".r-header { color: #ffffff; background-color: #005f87; font-weight: bold; }"))
    XCTAssertTrue(page.contains(".r-error { color: #ff5f5f; font-weight: bold; }"))
    XCTAssertTrue(page.contains("background-color: #121212"))
    XCTAssertEqual(page.components(separatedBy: "<span").count, page.components(separatedBy: "</span>").count)
    let light = HtmlExport.document(of: screen(), theme: .light, title: "t")
    XCTAssertTrue(light.contains("body { margin: 0; padding: 16px; background-color: #ffffff; }"), light)
  }

  func testReverseVideoSwapsThePagesColours() {
    let theme = Theme.dark.withoutColors
    let page = HtmlExport.document(of: screen(), theme: theme, title: "t")
    XCTAssertTrue(
      page.contains(".r-header { color: #121212; background-color: #d0d0d0; font-weight: bold; }"), page)
  }

  func testHtmlIsWellFormedAndItsTextIsTheScreen() throws {
    let buffer = screen()
    let page = HtmlExport.document(of: buffer, theme: .dark, title: "PayDrill")
    #if canImport(FoundationXML)
      let document = try XMLDocument(xmlString: page, options: [])
      let pre = try XCTUnwrap(try document.nodes(forXPath: "//pre").first)
      let rows = (pre.stringValue ?? "").components(separatedBy: "\n").map {
        trimmed($0)
      }
      XCTAssertEqual(rows, buffer.lines)
      XCTAssertEqual(try document.nodes(forXPath: "//span[@class='r-header']").count, 1)
    #else
      // Without an XML parser: every tag opened is closed, in order.
      var open: [String] = []
      let regex = try NSRegularExpression(pattern: "<(/?)([a-z]+)[^>]*?(/?)>")
      for match in regex.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
        let closing = Range(match.range(at: 1), in: page).map { !page[$0].isEmpty } ?? false
        let selfClosing = Range(match.range(at: 3), in: page).map { !page[$0].isEmpty } ?? false
        let name = String(page[Range(match.range(at: 2), in: page)!])
        if selfClosing { continue }
        if closing { XCTAssertEqual(open.popLast(), name) } else { open.append(name) }
      }
      XCTAssertEqual(open, [])
    #endif
  }
}
