import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

/// Golden screens of each degraded Apple Pay state at 100×32, reached through the device panel, as a
/// tester would.
final class MethodStateSnapshotTests: XCTestCase {
  private let size = Size(columns: 100, rows: 32)

  /// The checkout created on the demo, then the device panel's `row` pressed `times` times.
  private func device(row: Int, times: Int = 1, then keys: [AppAction] = []) -> AppModel {
    var model = Fixture.model(size)
    let open: [AppAction] = [.key(.character("d"))] + Array(repeating: .key(.down), count: row)
    Fixture.settle(
      [.checkout(.createCheckout)] + open + Array(repeating: .key(.enter), count: times), in: &model)
    Fixture.settle([.key(.escape), .key(.down), .key(.down)] + keys, in: &model)
    return model
  }

  func testDevicePanel() {
    var model = Fixture.model(size)
    Fixture.settle(
      [.checkout(.createCheckout), .key(.character("d")), .key(.down), .key(.down), .key(.enter)], in: &model)
    XCTAssertEqual(model.checkout.device.module, .unconfigured)
    Snapshot.assert(RootView.render(model), named: "device-panel-100x32")
  }

  func testCannotPay() {
    let model = device(row: 0)
    XCTAssertFalse(model.checkout.methods.contains(.applePay))
    Snapshot.assert(RootView.render(model), named: "state-plugin-incompatible-100x32")
  }

  func testNoCardsShowsTheSetUpButtonAndScreen() {
    let list = device(row: 1)
    XCTAssertTrue(RootView.render(list).text.contains("( Set up Apple Pay )"))
    Snapshot.assert(RootView.render(list), named: "state-set-up-100x32")
    Snapshot.assert(
      RootView.render(device(row: 1, then: [.key(.enter)])), named: "state-set-up-screen-100x32")
  }

  func testNoConfigurationReportsFailedOnTheList() {
    Snapshot.assert(
      RootView.render(device(row: 2, then: [.key(.enter)])), named: "state-no-configuration-100x32")
  }

  func testInitWithoutLogsIsFatal() {
    Snapshot.assert(RootView.render(device(row: 3, times: 2)), named: "state-partner-ui-fatal-100x32")
  }
}
