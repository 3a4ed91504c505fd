import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The footer is how a newcomer finds the keys: `?` is always on it, and on the method list the panels come
/// first.
final class FooterTests: XCTestCase {
  private func footer(_ model: AppModel) -> String {
    RootView.render(model).lines[model.size.rows - 1]
  }

  func testTheMethodListShowsThePanelsAndHowToFindEveryKeyAtTheDefaultSize() {
    let model = Fixture.model(Size(columns: 100, rows: 32))
    let line = footer(model)
    for key in ["g gateway", "H history", "d device", "b buttons", "? all keys"] {
      XCTAssertTrue(line.contains(key), "\(key) in \(line)")
    }
  }

  func testEveryScreenKeepsTheHelpKeyWhateverTheWidth() {
    for columns in [60, 80, 100, 140] {
      var model = Fixture.model(Size(columns: columns, rows: 24))
      for keys in [[], [AppAction.key(.enter)], [.key(.escape), .key(.character("3"))]] {
        Fixture.settle(keys, in: &model)
        XCTAssertTrue(
          footer(model).contains("? all keys") || footer(model).contains("? keys"),
          "\(columns) columns, \(model.checkout.screen.kind): \(footer(model))")
      }
    }
  }

  /// Every footer (each checkout screen, both results, the sheet's modes, the pane, the inspector, the
  /// panels and the gallery) at the three sizes, as golden text and roles: a screen's name, then its footer.
  func testEveryFooterAtEachWidth() {
    let screens = DocsDriftTests.tablesByScreen().map { ($0, $1.entries) }
    for columns in ScreenSnapshotTests.sizes.map(\.columns) {
      var buffer = ScreenBuffer(size: Size(columns: columns, rows: screens.count * 2))
      for (row, (name, entries)) in screens.enumerated() {
        buffer.write(name, x: 0, y: row * 2, role: .title)
        FooterBar.render(entries, in: Rect(x: 0, y: row * 2 + 1, width: columns, height: 1), into: &buffer)
      }
      Snapshot.assert(buffer, named: "footers-\(columns)")
    }
    // `?` is on every footer but where it is text (the event filter, the coupon entry).
    for (name, entries) in screens where !["event filter", "coupon entry"].contains(name) {
      XCTAssertTrue(entries.contains { $0.keys == "?" }, "\(name) does not list ?")
    }
  }

  func testShortNamesComeBeforeDroppingKeysAndAllFitWhenThereIsRoom() {
    let entries = [
      KeyHelp.Entry(keys: "Enter", action: "choose method", short: "choose"),
      KeyHelp.Entry(keys: "g", action: "gateway"), KeyHelp.Entry(keys: "?", action: "keys"),
    ]
    XCTAssertEqual(FooterBar.fitting(entries, width: 200), entries, "room for all: nothing changes")
    XCTAssertEqual(
      FooterBar.fitting(entries, width: 35).map(\.action), ["choose", "gateway", "keys"], "short names")
    XCTAssertEqual(
      FooterBar.fitting(entries, width: 27).map(\.action), ["choose", "all keys"],
      "then the first keys and ? all keys")
  }
}
