import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop
@testable import PayDrillTools

/// Clicks select methods, fields, rows and buttons: they do what the keys would.
final class MouseTests: XCTestCase {
  /// Clicks the middle of the target with this tag, as the model shows it now.
  private func click(
    _ target: ScreenTarget, in model: inout AppModel, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let rect = RootView.render(model).clickTargets.last(where: { $0.tag == target.tag })?.rect else {
      return XCTFail("no \(target.tag) on screen", file: file, line: line)
    }
    Fixture.send([.key(.click(x: rect.x + rect.width / 2, y: rect.y))], to: &model)
  }

  /// The runtime draws each frame into the buffer of the last (`play` reads the screen after every change):
  /// a frame drawn over another is the frame drawn fresh, its cells and its click targets alike.
  func testAFrameDrawnOverAnotherIsTheFrameDrawnFresh() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    var reused = RootView.render(model)
    Fixture.send([.key(.enter)], to: &model)
    RootView.render(model, into: &reused)
    XCTAssertEqual(reused, RootView.render(model))
    let runtime = CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0)
    runtime.start()
    let first = runtime.render()
    runtime.press(.enter)
    XCTAssertEqual(runtime.render(), RootView.render(runtime.model))
    XCTAssertNotEqual(first, runtime.render(), "the frame given before is the frame it was")
    runtime.send(.key(.resize(Size(columns: 80, rows: 24))))
    XCTAssertEqual(runtime.render(), RootView.render(runtime.model))
  }

  func testClickingAMethodChoosesIt() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    click(.method(0), in: &model)
    XCTAssertEqual(model.checkout.screen, .cardForm)
  }

  func testClickingFieldsAndButtonsOfTheCardForm() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.enter)], to: &model)
    click(.field(.securityCode), in: &model)
    XCTAssertEqual(model.focus, .field(.securityCode))
    click(.formButton(0), in: &model)
    XCTAssertEqual(model.checkout.cardForm.errors[.number], "Enter a card number", "Pay submits the form")
    XCTAssertEqual(model.focus, .field(.number), "focus goes to the first error")
    click(.formButton(1), in: &model)
    XCTAssertEqual(model.checkout.screen, .methodList, "Back")
  }

  func testClickingTheEventPaneFocusesItAndClickingTheCheckoutGivesTheKeysBack() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    click(.eventPane, in: &model)
    XCTAssertTrue(model.eventList.isFocused)
    XCTAssertTrue(RootView.render(model).text.contains("Events (0) ↑↓ / Enter · Esc"))
    // A click on a method leaves the list and chooses the method, as it would have unfocused.
    click(.method(0), in: &model)
    XCTAssertFalse(model.eventList.isFocused)
    XCTAssertEqual(model.checkout.screen, .cardForm)
  }

  func testClickingTheResultsButtons() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.settle(
      Fixture.fillCard(number: "4000000000000002") + [.key(.enter)], in: &model, gateway: Fixture.declining)
    click(.resultButton(1), in: &model)
    XCTAssertEqual(model.checkout.screen, .methodList, "Choose another method")
  }

  func testClickingTheGatewayPanelsRowsOnly() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.send([.key(.character("g"))], to: &model)
    click(.panelRow(2), in: &model)
    XCTAssertEqual(model.gatewaySettings.nextFault, .networkError, "the Next call row, changed once")
    XCTAssertEqual(model.gatewayPanel, 2)
    Fixture.send([.key(.click(x: 1, y: 30))], to: &model)
    XCTAssertEqual(model.checkout.screen, .methodList, "outside the panel, nothing happens")
    XCTAssertNotNil(model.gatewayPanel)
  }

  func testAClickOnNothingDoesNothing() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    let before = model
    Fixture.send([.key(.click(x: 99, y: 0))], to: &model)
    XCTAssertEqual(model, before)
  }

  func testTapesAndRecordingsCarryClicks() throws {
    let tape = try Tape.parse("Click 12 5\n", file: "t.tape")
    XCTAssertEqual(tape.steps.map(\.command), [.press(.click(x: 12, y: 5), count: 1)])
    XCTAssertThrowsError(try Tape.parse("Click 12\n", file: "t.tape"))
    var recorder = TapeRecorder()
    recorder.record(.click(x: 3, y: 4), on: nil)
    recorder.record(.click(x: 3, y: 4), on: nil)
    XCTAssertEqual(recorder.tape(header: []), "# paydrill: \nClick 3 4\nClick 3 4\n")
  }
}
