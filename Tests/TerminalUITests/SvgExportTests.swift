import Foundation
import XCTest

@testable import TerminalUI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The screen as an SVG picture: every cell on its grid, box drawing drawn from edge to edge.
final class SvgExportTests: XCTestCase {
  func testTheSVGPlacesEveryCellOnItsGridAndDrawsTheFrameEdgeToEdge() throws {
    let svg = SvgExport.document(of: ScreenCastExportTests.screen(), theme: .dark, title: "PayDrill · <shot>")
    XCTAssertNotNil(try? XMLDocument(xmlString: svg), "well-formed XML")
    XCTAssertTrue(svg.contains("<title>PayDrill · &lt;shot&gt;</title>"))
    // Each wide grapheme has its two columns; the total is stretched to its six.
    let (cell, margin) = (SvgExport.cellWidth, SvgExport.margin)
    XCTAssertTrue(
      svg.contains(
        "x=\"\(margin + 2 * cell)\" y=\"48\" fill=\"#d0d0d0\" textLength=\"\(2 * cell)\" lengthAdjust=\"spacingAndGlyphs\">東</text>"
      ), svg)
    XCTAssertTrue(
      svg.contains(
        "x=\"\(margin + 4 * cell)\" y=\"48\" fill=\"#d0d0d0\" textLength=\"\(2 * cell)\" lengthAdjust=\"spacingAndGlyphs\">京</text>"
      ), svg)
    XCTAssertTrue(
      svg.contains(
        "textLength=\"\(6 * cell)\" lengthAdjust=\"spacingAndGlyphs\" font-weight=\"bold\">$42.38</text>"),
      svg)
    XCTAssertFalse(svg.contains(">│<"), "box drawing is drawn, not written")
    // The left side: one rectangle a row, each the cell's full height, in the border's colour (244).
    let side =
      "<rect x=\"\(margin + (cell - 1) / 2)\" y=\"\(margin + SvgExport.cellHeight)\" width=\"1\" "
      + "height=\"\(SvgExport.cellHeight)\" fill=\"#808080\"/>"
    XCTAssertTrue(svg.contains(side), svg)
  }

  /// The pixels the rectangles of a colour cover in a picture.
  private func pixels(of svg: String, color: String) throws -> Set<[Int]> {
    let pattern = try NSRegularExpression(
      pattern: #"<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" fill="\#(color)"/>"#)
    var covered: Set<[Int]> = []
    for match in pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
      let number = { (index: Int) in Int((svg as NSString).substring(with: match.range(at: index)))! }
      for x in number(1)..<(number(1) + number(3)) {
        for y in number(2)..<(number(2) + number(4)) { covered.insert([x, y]) }
      }
    }
    return covered
  }

  func testSquareCornersAndCrossingsJoinTheirLinesWithoutAGapOrAStub() throws {
    var buffer = ScreenBuffer(width: 3, height: 3)
    for (y, row) in ["┌┬┐", "├┼┤", "└┴┘"].enumerated() { buffer.write(row, x: 0, y: y, role: .border) }
    let drawn = try pixels(of: SvgExport.document(of: buffer, theme: .dark, title: "grid"), color: "#808080")
    // The grid's lines through the cells' centres: 3 vertical and 3 horizontal, each from the first centre
    // to the last, and nothing else.
    let (cell, height, margin) = (SvgExport.cellWidth, SvgExport.cellHeight, SvgExport.margin)
    let columns = (0..<3).map { margin + $0 * cell + (cell - 1) / 2 }
    let rows = (0..<3).map { margin + $0 * height + (height - 1) / 2 }
    var expected: Set<[Int]> = []
    for x in columns { for y in rows[0]...rows[2] { expected.insert([x, y]) } }
    for y in rows { for x in columns[0]...columns[2] { expected.insert([x, y]) } }
    XCTAssertEqual(
      drawn.subtracting(expected).count, 0,
      "a stub past a corner: \(drawn.subtracting(expected).sorted { $0.lexicographicallyPrecedes($1) })")
    XCTAssertEqual(
      expected.subtracting(drawn).count, 0,
      "a gap: \(expected.subtracting(drawn).sorted { $0.lexicographicallyPrecedes($1) })")
  }
}
