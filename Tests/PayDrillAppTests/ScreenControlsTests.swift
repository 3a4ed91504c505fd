import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The controls of the screen on show never contradict the checkout's screen: only `AppReducer.send` changes
/// their case, with the screen, and a write meant for another screen is dropped.
final class ScreenControlsTests: XCTestCase {
  func testAWriteMeantForAnotherScreenIsDroppedNotMadeTheCase() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    XCTAssertEqual(model.checkout.screen, .methodList)
    XCTAssertEqual(model.controls, ScreenControls.none)
    model.focus = .field(.expiry)
    model.resultChoice = 1
    model.challengeDraft = "123"
    model.couponDraft = "SAVE10"
    model.spinnerFrame = 3
    XCTAssertEqual(model.controls, ScreenControls.none, "the method list has no controls of its own")
  }

  func testAWriteToTheScreenOnShowChangesItsCase() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    _ = AppReducer.send(.selectMethod(.card), to: &model, context: Fixture.context)
    XCTAssertEqual(model.checkout.screen, .cardForm)
    XCTAssertEqual(model.controls, .cardForm(.field(.number)))
    model.focus = .field(.expiry)
    model.resultChoice = 1
    XCTAssertEqual(model.controls, .cardForm(.field(.expiry)))
  }
}
