import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The event pane's list: a name is never cut, a value is never split across the cut, and the fields that
/// matter come first.
final class EventPaneTests: XCTestCase {
  private func event(_ name: CallbackName, _ details: [(String, String)]) -> CallbackEvent {
    CallbackEvent(
      sequence: 1, time: Fixture.now, name: name, method: .applePay,
      details: details.map { EventDetail($0.0, .string($0.1)) })
  }

  func testALongNameTakesItsOwnLineRatherThanBeingCut() {
    let lines = EventPaneView.head(of: event(.onShippingContactSelected, []), time: "15:56:38.250", width: 36)
    XCTAssertEqual(
      lines.map { $0.map(\.0).joined() }, ["15:56:38.250", "onShippingContactSelected applePay"])
    let short = EventPaneView.head(of: event(.onSubmit, []), time: "15:56:38.250", width: 36)
    XCTAssertEqual(short.map { $0.map(\.0).joined() }, ["15:56:38.250 onSubmit applePay"])
  }

  func testTheFieldsThatMatterComeFirstAndNoValueIsSplit() {
    let declined = event(
      .onError,
      [
        ("errorMessage", "PayPal declined the buyer's funding source for order PAYID-0123456789"),
        ("errorCode", "PAYPAL_INSTRUMENT_DECLINED"), ("amount", "49.99"), ("currency", "USD"),
      ])
    let lines = EventPaneView.payload(of: declined, width: 34)
    // Too wide for the pane beside its key: the value has a line of its own, whole.
    XCTAssertEqual(Array(lines.prefix(2)), ["errorCode=", "PAYPAL_INSTRUMENT_DECLINED"])
    XCTAssertTrue(lines.joined(separator: "\n").contains("amount=49.99 currency=USD"), "\(lines)")
    XCTAssertLessThanOrEqual(lines.count, EventPaneView.payloadLines)
    for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 34, line) }
    XCTAssertFalse(lines.contains { $0.hasSuffix("DECLIN") }, "never mid-token: \(lines)")
  }

  func testTheCutSaysHowManyFieldsItLeavesOutAndShowsNoneInPart() {
    let many = event(.applePayInit, (1...8).map { ("field\($0)", "value-\($0)-abcdef") })
    let lines = EventPaneView.payload(of: many, width: 30)
    XCTAssertEqual(lines.count, EventPaneView.payloadLines)
    let shown = lines.joined(separator: " ").split(separator: " ").filter { $0.contains("=") }.count
    XCTAssertEqual(shown, 3, "\(lines)")
    XCTAssertTrue(lines.last?.hasSuffix("…+5") ?? false, "\(lines)")
    for piece in lines.joined(separator: " ").split(separator: " ") where piece.contains("=") {
      XCTAssertTrue(piece.hasSuffix("-abcdef"), "a field shown whole: \(piece)")
    }
  }
}
