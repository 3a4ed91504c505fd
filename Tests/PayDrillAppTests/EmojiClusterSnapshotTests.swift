import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillFiles
@testable import PayDrillTools

/// Golden screens of a merchant, an order, a Wallet contact and shipping methods whose names hold the emoji
/// that terminals draw at widths of their own (a ZWJ family, flags, skin tones, VS16): each is drawn as its
/// `EmojiFallback`, and every frame keeps its borders.
final class EmojiClusterSnapshotTests: XCTestCase {
  static let scenarioPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/terminals/emoji-clusters.json").path

  /// Apple Pay is the second method of this scenario (cards and Apple Pay only).
  static let open: [AppAction] = [.key(.character("2"))]

  private func check(
    _ name: String, _ actions: [AppAction], file: StaticString = #filePath, line: UInt = #line
  )
    throws
  {
    let scenario = try ScenarioLocator.scenario(named: Self.scenarioPath)
    for size in ScreenSnapshotTests.sizes {
      var model = Fixture.model(size, scenario: scenario)
      Fixture.settle(actions, in: &model)
      let buffer = RootView.render(model)
      let named = "emoji-clusters-\(name)-\(size.columns)x\(size.rows)"
      Snapshot.assert(buffer, named: named, file: file, line: line)
      XCTAssertNil(FuzzScreenCheck.check(buffer, size: size)?.message, named, file: file, line: line)
      assertBordersIntact(buffer, named: named, file: file, line: line)
    }
  }

  /// Every frame's sides stand in the columns of its top corners, on every row down to its bottom corners.
  private func assertBordersIntact(
    _ buffer: ScreenBuffer, named name: String, file: StaticString, line: UInt
  ) {
    let top = (0..<buffer.height).first { y in
      (0..<buffer.width).contains { buffer.grapheme(atX: $0, y: y) == "╭" }
    }
    guard let top else { return XCTFail("\(name): no frame", file: file, line: line) }
    let corners = (0..<buffer.width).filter { ["╭", "╮"].contains(buffer.grapheme(atX: $0, y: top)) }
    XCTAssertFalse(corners.isEmpty, name, file: file, line: line)
    for x in corners {
      let bottom = (top + 1..<buffer.height).first { ["╰", "╯"].contains(buffer.grapheme(atX: x, y: $0)) }
      guard let bottom else {
        return XCTFail("\(name): column \(x + 1) has no bottom", file: file, line: line)
      }
      for y in top + 1..<bottom where buffer.grapheme(atX: x, y: y) != "│" {
        XCTFail(
          "\(name): row \(y + 1), column \(x + 1) holds \(buffer.grapheme(atX: x, y: y).debugDescription), not │",
          file: file, line: line)
      }
    }
  }

  func testTheMethodList() throws {
    try check("method-list", [])
  }

  func testTheApplePaySheet() throws {
    try check("sheet", Self.open)
  }

  /// The delivery methods open under their row: the rates of the contact's country, with a plane and a flag.
  func testTheApplePaySheetsDeliveryMethods() throws {
    try check("sheet-methods", Self.open + Array(repeating: .key(.up), count: 3) + [.key(.enter)])
  }
}
