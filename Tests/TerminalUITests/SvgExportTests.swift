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
}
