import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The panels and lists read without colour: a long value wraps instead of being cut, the highlighted row is
/// marked by a glyph (a theme without colours shows it too), and the gallery's grid is walked as drawn.
final class PanelTests: XCTestCase {
  func testTheGatewayPanelWrapsALongValueAtSixtyColumns() {
    var model = Fixture.model(Size(columns: 60, rows: 20))
    model.gatewaySettings.nextFault = .merchantValidation
    Fixture.send([.key(.character("g")), .key(.down), .key(.down)], to: &model)
    let text = RootView.render(model).text
    XCTAssertTrue(text.contains("MERCHANT_VALIDATION_FAILED"), text)
    XCTAssertFalse(text.contains("MERCHANT_VALIDATION…"), text)
    Snapshot.assert(RootView.render(model), named: "gateway-panel-wrapped-60x20")
  }

  /// In the gateway panel, the device panel and the event list, the highlighted row has `▸` before it and no
  /// other row has: a terminal without colour (NO_COLOR) still shows which row Enter changes.
  func testTheHighlightedRowIsMarkedByAGlyphNotColourAlone() {
    func markedRows(_ model: AppModel) -> [String] {
      RootView.render(model).lines.filter { $0.contains("▸") && !$0.contains("▸ 1 ") }
    }
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.character("g")), .key(.down), .key(.down)], to: &model)
    XCTAssertEqual(markedRows(model).count, 1)
    XCTAssertTrue(markedRows(model).first?.contains("▸ Next call") == true, "\(markedRows(model))")
    Fixture.send([.key(.escape), .key(.character("d")), .key(.down)], to: &model)
    XCTAssertEqual(markedRows(model).count, 1)
    XCTAssertTrue(markedRows(model).first?.contains("▸ Wallet cards") == true, "\(markedRows(model))")
    Fixture.send([.key(.escape)], to: &model)
    model.checkout.events = EventLog(
      (1...3).map {
        CallbackEvent(sequence: $0, time: Fixture.now, name: .onSubmit, method: .card, details: [])
      })
    Fixture.send([.key(.character("v")), .key(.up)], to: &model)
    let marked = markedRows(model)
    XCTAssertEqual(marked.count, 1, "\(marked)")
    XCTAssertTrue(marked.first?.contains("▸15:56:38.250 onSubmit") == true, "\(marked)")
  }

  /// The grid of every type (Tab) is drawn in columns filled top to bottom; ←→ move along a row, ↑↓ along
  /// a column, and the footer says so.
  func testArrowsInTheGalleryGridMoveInTheGrid() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.character("b")), .key(.tab)], to: &model)
    XCTAssertEqual(model.gallery?.view, .types)
    model.gallery?.appearance.type = .plain
    // 100 columns: three columns of six rows; `plain` is the first row's first column.
    let types = ApplePayButtonType.allCases
    Fixture.send([.key(.right)], to: &model)
    XCTAssertEqual(model.gallery?.appearance.type, types[6], "→ the same row, the next column")
    Fixture.send([.key(.down), .key(.down)], to: &model)
    XCTAssertEqual(model.gallery?.appearance.type, types[8], "↓ the next row, the same column")
    Fixture.send([.key(.left)], to: &model)
    XCTAssertEqual(model.gallery?.appearance.type, types[2])
    Fixture.send([.key(.up), .key(.up), .key(.up)], to: &model)
    XCTAssertEqual(model.gallery?.appearance.type, types[0], "stops at the top")
    Fixture.send([.key(.left)], to: &model)
    XCTAssertEqual(model.gallery?.appearance.type, types[0], "stops at the left")
    let rows = RootView.render(model).lines
    XCTAssertTrue(rows.last?.hasPrefix(" ←→ across  ↑↓ up / down") == true, rows.last ?? "")
    // Tab back: the arrows are the type and the style again.
    Fixture.send([.key(.tab), .key(.right)], to: &model)
    XCTAssertEqual(model.gallery?.view, .styles)
    XCTAssertEqual(model.gallery?.appearance.type, types[1])
  }
}
