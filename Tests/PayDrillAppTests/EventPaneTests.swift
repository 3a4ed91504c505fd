import Foundation
import TerminalUI
import XCTest

@testable import CheckoutEngine
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

  /// The pane's payload lines are made once per payload and width, and a payload that differs in any value
  /// gets its own.
  func testAPayloadsLinesAreKeptForItsPayloadAndWidth() {
    let cache = Memo<EventPaneView.PayloadKey, [String]>(limit: 1024)
    let declined = event(.onError, [("errorCode", "CARD_DECLINED"), ("amount", "49.99")])
    let expired = event(.onError, [("errorCode", "EXPIRED_CARD"), ("amount", "49.99")])
    for width in [12, 40] {
      for _ in 0..<2 {
        XCTAssertEqual(
          EventPaneView.keptPayload(of: declined, width: width, in: cache),
          EventPaneView.payload(of: declined, width: width))
        XCTAssertEqual(
          EventPaneView.keptPayload(of: expired, width: width, in: cache),
          EventPaneView.payload(of: expired, width: width))
      }
    }
    XCTAssertNotEqual(
      EventPaneView.keptPayload(of: declined, width: 40, in: cache),
      EventPaneView.keptPayload(of: expired, width: 40, in: cache))
  }

  /// A payload recorded again (a repeated flow: new sequence numbers and times) finds the lines made for it
  /// the first time: the cache does not grow with the session's length.
  func testARepeatedPayloadSharesItsLines() {
    let cache = Memo<EventPaneView.PayloadKey, [String]>(limit: 1024)
    let declined = event(.onError, [("errorCode", "CARD_DECLINED"), ("amount", "49.99")])
    for round in 0..<50 {
      var again = declined
      again.sequence += round * 30
      again.time += Double(round) * 60
      XCTAssertEqual(
        EventPaneView.keptPayload(of: again, width: 40, in: cache),
        EventPaneView.payload(of: declined, width: 40))
    }
    XCTAssertEqual(cache.count, 1)
  }

  /// The time of day is read from the zone's offset, not a calendar per event: it says what a Gregorian
  /// calendar says, to the millisecond (cut, not rounded), across daylight saving time and in zones whose
  /// offset is not whole hours.
  func testTheTimestampIsWhatTheCalendarSaysInEveryZone() {
    let zones = [
      "UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns",
      "Pacific/Chatham",
    ]
    // Around the 2026 transitions of New York (8 March, 1 November) and London (29 March, 25 October),
    // and at fractions of a second that sit on a millisecond's edge.
    let starts = [
      "2026-03-08T06:59:58Z", "2026-11-01T05:59:58Z", "2026-03-29T00:59:58Z", "2026-10-25T00:59:58Z",
      "2026-04-05T14:59:58Z", "2001-01-01T00:00:00Z", "1969-12-31T23:59:58Z",
    ]
    let fractions = [0, 0.000_1, 0.001, 0.222, 0.999, 0.999_9, 0.5]
    for identifier in zones {
      let zone = TimeZone(identifier: identifier)!
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      for start in starts {
        let base = ISO8601DateFormatter().date(from: start)!
        for step in stride(from: 0.0, through: 7_200, by: 599.0) {
          for fraction in fractions {
            let date = base + step + fraction
            let parts = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
            let expected = String(
              format: "%02d:%02d:%02d.%03d", parts.hour!, parts.minute!, parts.second!,
              parts.nanosecond! / 1_000_000)
            XCTAssertEqual(EventPaneView.timestamp(date, in: zone), expected, "\(date) in \(identifier)")
          }
        }
      }
    }
  }
}
