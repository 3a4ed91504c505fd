import Foundation
import XCTest

@testable import CheckoutEngine

final class CallbackEventTests: XCTestCase {
  private func parse(_ line: String, file: StaticString = #filePath, line number: UInt = #line) throws
    -> [String: Any]
  {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try XCTUnwrap(object as? [String: Any], "not a JSON object: \(line)", file: file, line: number)
  }

  private func parseTime(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
  }

  private let submit = CallbackEvent(
    sequence: 2, time: Date(timeIntervalSince1970: 1_773_480_600.25), name: .onSubmit, method: .card,
    details: [
      EventDetail("scheme", .string("Visa")), EventDetail("last4", .string("4242")),
      EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD")),
    ])

  func testJSONLineStartsWithEventSeqTimeMethodInThatOrder() throws {
    let line = submit.jsonLine()
    XCTAssertTrue(line.hasPrefix("{\"event\":\"onSubmit\",\"seq\":2,\"time\":\""), line)
    XCTAssertTrue(line.hasSuffix("}"), line)
    XCTAssertFalse(line.contains("\n"), line)
    let order = [
      "\"event\"", "\"seq\"", "\"time\"", "\"method\":\"card\"", "\"scheme\"", "\"last4\"", "\"amount\"",
    ]
    let positions = order.map { line.range(of: $0)?.lowerBound }
    XCTAssertFalse(positions.contains(nil), line)
    XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), line)
  }

  func testJSONLineParsesWithTheRightValues() throws {
    let object = try parse(submit.jsonLine())
    XCTAssertEqual(object["event"] as? String, "onSubmit")
    XCTAssertEqual((object["seq"] as? NSNumber)?.intValue, 2)
    XCTAssertEqual(object["method"] as? String, "card")
    XCTAssertEqual(object["scheme"] as? String, "Visa")
    XCTAssertEqual(object["last4"] as? String, "4242")
    XCTAssertEqual(object["amount"] as? String, "49.99")
    XCTAssertEqual(object["currency"] as? String, "USD")
    XCTAssertEqual(object.count, 8)
    let time = try XCTUnwrap(object["time"] as? String)
    XCTAssertTrue(time.hasSuffix("Z"), time)
    let parsed = try XCTUnwrap(parseTime(time), time)
    XCTAssertEqual(parsed.timeIntervalSince1970, submit.time.timeIntervalSince1970, accuracy: 0.001)
    XCTAssertTrue(time.hasPrefix("2026-03-14T09:30:00.25"), time)
  }

  func testBooleansAndIntegersAreJSONValuesNotStrings() throws {
    let event = CallbackEvent(
      sequence: 1, time: Date(timeIntervalSince1970: 0), name: .onBeforeSubmit, method: .paypal,
      details: [EventDetail("returned", .bool(false)), EventDetail("attempt", .integer(-3))])
    let line = event.jsonLine()
    XCTAssertTrue(line.contains("\"returned\":false"), line)
    XCTAssertTrue(line.contains("\"attempt\":-3"), line)
    let object = try parse(line)
    XCTAssertEqual(object["returned"] as? Bool, false)
    XCTAssertEqual((object["attempt"] as? NSNumber)?.int64Value, -3)
    XCTAssertEqual(object["method"] as? String, "paypal")
  }

  func testAnEventWithoutAMethodHasNoMethodKey() throws {
    let event = CallbackEvent(
      sequence: 9, time: Date(timeIntervalSince1970: 0), name: .onError, method: nil,
      details: [EventDetail("errorCode", .string("SDK0118"))])
    let line = event.jsonLine()
    XCTAssertTrue(line.hasPrefix("{\"event\":\"onError\",\"seq\":9,\"time\":"), line)
    let object = try parse(line)
    XCTAssertNil(object["method"])
    XCTAssertEqual(object["errorCode"] as? String, "SDK0118")
  }

  func testQuotesBackslashesAndControlCharactersAreEscaped() throws {
    let message = "Say \"yes\" \\ then\nagain\t/ é ✓"
    let event = CallbackEvent(
      sequence: 1, time: Date(timeIntervalSince1970: 0), name: .onBeforeSubmit, method: .card,
      details: [EventDetail("returned", .bool(false)), EventDetail("message", .string(message))])
    let line = event.jsonLine()
    XCTAssertTrue(line.contains("Say \\\"yes\\\""), line)
    XCTAssertFalse(line.contains("\n"), line)
    XCTAssertEqual(try parse(line)["message"] as? String, message)
  }

  /// The literal written without the encoder for plain ASCII is the encoder's, byte for byte, for every
  /// ASCII character alone and among others.
  func testAStringLiteralIsTheEncodersWhateverItHolds() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let texts =
      (0..<128).map { String(UnicodeScalar(UInt8($0))) }
      + [
        "", "onSuccess", "https://x.test/a?b=1&c=2", "say \"hi\"", "a\\b", "tab\tin", "é", "4242 4242",
        "\u{7F}",
      ]
    for text in texts {
      XCTAssertEqual(
        CallbackEvent.json(text), String(decoding: try encoder.encode(text), as: UTF8.self),
        text.debugDescription)
    }
  }

  func testKeysAreEscapedToo() throws {
    let event = CallbackEvent(
      sequence: 1, time: Date(timeIntervalSince1970: 0), name: .onCancel, method: nil,
      details: [EventDetail("a\"b", .string("c"))])
    XCTAssertEqual(try parse(event.jsonLine())["a\"b"] as? String, "c")
  }

  func testSubscriptFindsAPayloadValue() {
    XCTAssertEqual(submit["last4"], .string("4242"))
    XCTAssertNil(submit["number"])
  }

  func testEventValueDescriptions() {
    XCTAssertEqual(EventValue.string("x").description, "x")
    XCTAssertEqual(EventValue.integer(42).description, "42")
    XCTAssertEqual(EventValue.bool(true).description, "true")
  }

  func testCallbackNamesAreTheSDKs() {
    XCTAssertEqual(
      CallbackName.allCases.map(\.rawValue),
      [
        "onBeforeSubmit", "onSubmit", "onSuccess", "onError", "onPreAuthorisation", "onPostAuthorisation",
        "onCancel", "onShippingContactSelected", "onShippingMethodSelected", "onPaymentMethodSelected",
        "onCouponCodeChanged", "methodStateChanged", "applePayInit", "initFailed", "clientError",
        "addressVerification", "threeDSecure", "sessionUpdate", "merchantHookFailed", "answerDropped",
        "sheetUpdated", "httpRequest",
      ])
    XCTAssertEqual(DropInPaymentMethod.allCases.map(\.rawValue), ["card", "paypal", "applePay", "paze"])
  }
}
