import CheckoutEngine
import Foundation
import XCTest

@testable import GatewaySimulator

/// The simulated sessions API: every rule of the seed's session request, and the signature checks.
final class SessionsAPITests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_754_701_373.845)
  private let valid: [String: Any] = [
    "merchant": "MERCHANT-1", "site": "SITE-1", "sessionTimeout": 120,
    "merchantTransactionId": "0ce72cfd-014d-4256-a006-a56601b2ffc4",
    "transactionMethod": ["intent": ["card": "Authorisation", "paypal": "Purchase"]],
    "amounts": ["currencyCode": "USD", "transactionValue": 25],
    "allowTransaction": true, "serviceType": "CheckoutDropIn",
  ]

  private func body(_ change: (inout [String: Any]) -> Void = { _ in }, value: String? = nil) -> String {
    var object = valid
    change(&object)
    var text = String(
      decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    if let value {
      text = text.replacingOccurrences(of: "\"transactionValue\":25", with: "\"transactionValue\":\(value)")
    }
    return text
  }

  private func refusal(_ text: String) -> SessionRequestError? {
    do {
      _ = try SessionsAPI().createSession(body: text, now: now)
      return nil
    } catch {
      return error as? SessionRequestError
    }
  }

  func testAValidRequestGetsASessionThatExpiresAfterItsTimeout() throws {
    let session = try SessionsAPI().createSession(body: body(value: "25.00"), now: now)
    XCTAssertEqual(session.hmacKey.count, 64)
    XCTAssertEqual(session.encryptionKey.count, 32)
    XCTAssertEqual(session.sessionExpiry, "2025-08-09T03:02:53.845Z")
    XCTAssertFalse(SessionsAPI.redacted(session.hmacKey).contains(session.hmacKey))
  }

  /// Session ids are version 4 UUIDs of the RFC 4122 variant, as `UUID()` draws them, and new each time.
  func testSessionIdsAreRandomVersion4UUIDs() {
    let ids = (0..<2000).map { _ in SessionsAPI.randomUUID().uuidString.lowercased() }
    XCTAssertEqual(Set(ids).count, ids.count)
    for id in ids {
      let digits = Array(id)
      XCTAssertNotNil(UUID(uuidString: id))
      XCTAssertEqual(digits[14], "4", id)
      XCTAssertTrue("89ab".contains(digits[19]), id)
    }
    // Every other digit takes every value.
    for position in [0, 9, 15, 20, 35] {
      XCTAssertEqual(Set(ids.map { Array($0)[position] }).count, 16, "digit \(position)")
    }
  }

  func testEveryRuleNamesItsField() {
    let cases: [(String, String)] = [
      (body { $0["merchant"] = String(repeating: "M", count: 21) }, "merchant"),
      (body { $0["site"] = "" }, "site"),
      (body { $0["merchantTransactionId"] = String(repeating: "x", count: 51) }, "merchantTransactionId"),
      (body { $0["sessionTimeout"] = "120" }, "sessionTimeout"),
      (
        body { $0["transactionMethod"] = ["intent": ["card": "Sale", "paypal": "Purchase"]] },
        "transactionMethod.intent.card"
      ),
      (
        body { $0["transactionMethod"] = ["intent": ["card": "Purchase", "paypal": "Verification"]] },
        "transactionMethod.intent.paypal"
      ),
      (body { $0["amounts"] = ["currencyCode": "XYZ", "transactionValue": 1] }, "amounts.currencyCode"),
      (body { $0["allowTransaction"] = "yes" }, "allowTransaction"),
      (body { $0["serviceType"] = "Components" }, "serviceType"),
    ]
    for (text, field) in cases {
      XCTAssertEqual(refusal(text)?.field, field, text)
      XCTAssertEqual(refusal(text)?.status, 400)
    }
  }

  func testTheExponentRules() {
    XCTAssertEqual(refusal(body(value: "1.234"))?.field, "amounts.transactionValue", "USD takes two decimals")
    XCTAssertNil(refusal(body(value: "1.1")), "fewer decimals are padded")
    let yen = body { $0["amounts"] = ["currencyCode": "JPY", "transactionValue": 25] }
    XCTAssertEqual(
      refusal(yen.replacingOccurrences(of: "\"transactionValue\":25", with: "\"transactionValue\":1.0"))?
        .message,
      "JPY 1.0 has a decimal point but JPY takes no decimals")
  }

  /// The seed's example request, minified by hand so that each test can put text exactly where it wants.
  private func written(
    merchantTransactionId: String = "0ce72cfd-014d-4256-a006-a56601b2ffc4",
    amounts: String = #"{"currencyCode":"USD","transactionValue":25.00}"#,
    allowTransaction: String = "true"
  ) -> String {
    #"{"merchant":"MERCHANT-1","site":"SITE-1","sessionTimeout":120,"merchantTransactionId":""#
      + merchantTransactionId
      + #"","transactionMethod":{"intent":{"card":"Authorisation","paypal":"Purchase"}},"amounts":"#
      + amounts + #","allowTransaction":"# + allowTransaction + #","serviceType":"CheckoutDropIn"}"#
  }

  /// drop-in-implementation.md, Session request parameters (`sessionTimeout` number, "The duration of the
  /// session, in minutes"): a fraction of a minute is a duration too (`1.5` was refused as "expected a whole
  /// number"); nothing above 0 is not one.
  func testSessionRequestParameters_sessionTimeoutIsANumberOfMinutes() throws {
    func timeout(_ minutes: String) -> String {
      body().replacingOccurrences(of: "\"sessionTimeout\":120", with: "\"sessionTimeout\":\(minutes)")
    }
    for (minutes, expiry) in [
      ("1.5", "2025-08-09T01:04:23.845Z"), ("0.25", "2025-08-09T01:03:08.845Z"),
      ("1e1", "2025-08-09T01:12:53.845Z"),
      ("120", "2025-08-09T03:02:53.845Z"),
    ] {
      let session = try SessionsAPI().createSession(body: timeout(minutes), now: now)
      XCTAssertEqual(session.sessionExpiry, expiry, minutes)
    }
    for minutes in ["0", "-1.5", "0.0", "2147483647.5"] {
      XCTAssertEqual(refusal(timeout(minutes))?.field, "sessionTimeout", minutes)
      XCTAssertEqual(
        refusal(timeout(minutes))?.message, "expected a number of minutes above 0 and at most 2147483647",
        minutes)
    }
  }

  /// drop-in-implementation.md, Session request parameters (`allowTransaction` boolean): the top-level
  /// field is the one checked. A regular expression over the body used to take a nested `true` for it.
  func testSessionRequestParameters_allowTransactionIsTheTopLevelBoolean() {
    XCTAssertNil(refusal(written()))
    let nested = written(
      amounts: #"{"currencyCode":"USD","transactionValue":25.00,"allowTransaction":true}"#,
      allowTransaction: #""yes""#)
    XCTAssertEqual(refusal(nested)?.field, "allowTransaction")
    XCTAssertEqual(refusal(nested)?.message, "expected true or false, found a string")
  }

  /// drop-in-implementation.md, Session request parameters (`amounts.transactionValue`): the value checked
  /// is the one in `amounts`. The first `transactionValue` anywhere in the body used to be the one checked.
  func testSessionRequestParameters_transactionValueIsTheOneInAmounts() {
    let yen = #"{"currencyCode":"JPY","transactionValue":1.0}"#
    XCTAssertEqual(refusal(written(amounts: yen))?.field, "amounts.transactionValue")
    XCTAssertEqual(
      refusal(written(amounts: yen))?.message, "JPY 1.0 has a decimal point but JPY takes no decimals")
    // An earlier `transactionValue`, where the seed has none, was the one checked (and JPY 25 passed).
    let decoy = written(amounts: yen).replacingOccurrences(
      of: #""paypal":"Purchase"}"#, with: #""paypal":"Purchase"},"transactionValue":25"#)
    XCTAssertEqual(refusal(decoy)?.field, "transactionMethod.transactionValue")
    XCTAssertEqual(
      refusal(decoy)?.message, "unknown key \"transactionValue\" (expected one of `intent`)")
  }

  /// drop-in-implementation.md, Session request parameters (`amounts.transactionValue`): "rejected if
  /// numbers after the decimal are greater than the expected currencyCode exponent … or if a decimal is
  /// supplied when the currencyCode … does not require it", checked on the number as written.
  func testSessionRequestParameters_transactionValueIsCheckedAsWritten() {
    func amounts(_ code: String, _ value: String) -> String {
      written(amounts: #"{"currencyCode":""# + code + #"","transactionValue":"# + value + "}")
    }
    XCTAssertEqual(
      refusal(amounts("GBP", "1.230"))?.message, "GBP 1.230 has more decimals than GBP allows (2)")
    XCTAssertEqual(
      refusal(amounts("JPY", "1.0"))?.message, "JPY 1.0 has a decimal point but JPY takes no decimals")
    XCTAssertEqual(refusal(amounts("JPY", #""1""#))?.message, "expected a number, found a string")
    for value in ["1e2", "1.2345e2"] {
      XCTAssertEqual(
        refusal(amounts("USD", value))?.message, AmountParser.Failure.exponent(value).description)
    }
    XCTAssertEqual(refusal(amounts("USD", "true"))?.message, "expected a number, found true or false")
    XCTAssertNil(refusal(amounts("GBP", "1.1")), "GBP 1.1 = GBP 1.10")
    XCTAssertNil(refusal(amounts("BHD", "1.3")), "BHD 1.3 = 1.300")
    XCTAssertNil(refusal(amounts("JPY", "1235")))
  }

  /// drop-in-implementation.md, Session request parameters (`amounts.currencyCode`, "in ISO 4217 format"):
  /// upper case; `usd` is refused with its spelling.
  func testSessionRequestParameters_currencyCodeIsISO4217UpperCase() {
    let lower = written(amounts: #"{"currencyCode":"usd","transactionValue":25.00}"#)
    XCTAssertEqual(refusal(lower)?.field, "amounts.currencyCode")
    XCTAssertEqual(refusal(lower)?.message, "currency \"usd\" is written USD (ISO 4217 codes are upper case)")
  }

  /// drop-in-implementation.md, Session request parameters: the request has the seed's fields; another key
  /// is refused with the nearest, and so is a key written twice.
  func testSessionRequestParameters_unknownAndDuplicatedKeysAreRefused() {
    let misspelt = written().replacingOccurrences(of: "\"allowTransaction\"", with: "\"allowTransation\"")
    XCTAssertEqual(refusal(misspelt)?.field, "allowTransation")
    XCTAssertEqual(
      refusal(misspelt)?.message, "unknown key \"allowTransation\" (did you mean `allowTransaction`?)")
    let twice = written(amounts: #"{"currencyCode":"USD","transactionValue":25.00,"transactionValue":1}"#)
    XCTAssertEqual(refusal(twice)?.field, "amounts.transactionValue")
    XCTAssertEqual(refusal("[1]")?.field, "body")
    XCTAssertEqual(refusal("{")?.field, "body")
  }

  func testSignatureChecks() throws {
    let api = SessionsAPI()
    let text = body()
    let signature = RequestSignature(
      tokenId: "t", timestamp: 1_754_701_373_845, requestId: "r-1", path: "api/v1/sessions", body: text
    ).signature(tokenKey: "key")
    func request(
      _ requestId: String = "r-1", body: String? = nil, signature: String? = nil,
      timestamp: Int64 = 1_754_701_373_845
    )
      -> SessionsAPI.SignedRequest
    {
      SessionsAPI.SignedRequest(
        body: body ?? text, tokenId: "t", timestamp: timestamp, requestId: requestId,
        signature: signature ?? "")
    }
    func refusal(_ signed: SessionsAPI.SignedRequest, key: String = "key") -> String? {
      do {
        try api.verify(signed, tokenKey: key, now: now)
        return nil
      } catch {
        return (error as? SessionRequestError)?.field
      }
    }
    XCTAssertEqual(refusal(request(signature: signature), key: "other"), "signature", "wrong key")
    XCTAssertEqual(refusal(request(body: " " + text, signature: signature)), "signature", "not minified")
    // The timestamp's window is checked before the signature (it is a header: nothing is read first).
    XCTAssertEqual(
      refusal(request(signature: signature, timestamp: 1_754_701_373_845 - 600_000)), "timestamp")
    XCTAssertEqual(
      refusal(request(signature: signature, timestamp: 1_754_701_373_845 - 1)), "signature", "in the window")
    let stale = RequestSignature(
      tokenId: "t", timestamp: 1_754_700_000_000, requestId: "r-2", path: "api/v1/sessions", body: text
    ).signature(tokenKey: "key")
    XCTAssertEqual(refusal(request("r-2", signature: stale, timestamp: 1_754_700_000_000)), "timestamp")
    XCTAssertNil(refusal(request(signature: signature)))
    XCTAssertEqual(refusal(request(signature: signature)), "requestId", "a request id is used once")
  }
}
