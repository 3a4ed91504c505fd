import Foundation
import XCTest

@testable import GatewaySimulator

/// The sessions API's signature, against vectors computed independently with Python's `hmac` module.
final class RequestSignatureTests: XCTestCase {
  func testHMACSHA256MatchesAKnownVector() {
    // python3 -c "import hmac,hashlib; print(hmac.new(b'key', b'The quick brown fox jumps over the lazy dog', hashlib.sha256).hexdigest())"
    XCTAssertEqual(
      RequestSignature.hmacSHA256(
        key: Data("key".utf8), message: Data("The quick brown fox jumps over the lazy dog".utf8)),
      "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
  }

  /// drop-in-implementation.md, Create an HMAC signature: the timestamp is "the current time in Unix
  /// milliseconds" and the request id "a unique UUID"; other values are signed, with a warning each.
  func testCreateAnHMACSignature_warnsWhenTheTimestampOrRequestIdIsNotAsTheSeedAsks() {
    func warnings(_ timestamp: Int64, _ requestId: String) -> [String] {
      RequestSignature(tokenId: "t", timestamp: timestamp, requestId: requestId, path: "p", body: "{}")
        .warnings
    }
    XCTAssertEqual(warnings(1_754_701_373_845, "ce244054-b372-42c2-9102-f0d976db69f6"), [])
    XCTAssertEqual(
      warnings(1_754_701_373, "ce244054-b372-42c2-9102-f0d976db69f6"),
      [
        "the timestamp 1754701373 looks like Unix seconds; the SDK documents ask for Unix milliseconds "
          + "(1754701373000), and the API refuses it as stale"
      ])
    XCTAssertEqual(warnings(1_754_701_373_845_000, "ce244054-b372-42c2-9102-f0d976db69f6").count, 1)
    XCTAssertEqual(warnings(42, "ce244054-b372-42c2-9102-f0d976db69f6").count, 1)
    XCTAssertEqual(
      warnings(1_754_701_373_845, "r-1"),
      [
        "the request id \"r-1\" is not a UUID; the SDK documents ask for a unique UUID for each request "
          + "(like ce244054-b372-42c2-9102-f0d976db69f6)"
      ])
  }

  func testTheSeedsExampleRequest() throws {
    let pretty = """
      {
        "merchant": "MERCHANT-1",
        "site": "SITE-1",
        "sessionTimeout": 120,
        "merchantTransactionId": "0ce72cfd-014d-4256-a006-a56601b2ffc4",
        "transactionMethod": { "intent": { "card": "Authorisation", "paypal": "Purchase" } },
        "amounts": { "currencyCode": "USD", "transactionValue": 25.00 },
        "allowTransaction": true,
        "serviceType": "CheckoutDropIn"
      }
      """
    let body = try MinifiedJSON.minify(pretty)
    let request = RequestSignature(
      tokenId: "9aac6071-38d0-4545-9d2f-15b936af6d7f", timestamp: 1_754_701_373_845,
      requestId: "ce244054-b372-42c2-9102-f0d976db69f6", path: "api/v1/sessions", body: body)
    XCTAssertTrue(
      request.stringToSign.hasPrefix(
        "9aac6071-38d0-4545-9d2f-15b936af6d7f:1754701373845:ce244054-b372-42c2-9102-f0d976db69f6:api/v1/sessions:{\"merchant\""
      ))
    // The same string signed by Python's hmac with the key "test-token-value".
    XCTAssertEqual(
      request.signature(tokenKey: "test-token-value"),
      "5f2735b6025dbfe7d76d890480927f119a51b744701a6102284bc59561857cbc")
  }

  func testMinifyingKeepsKeyOrderStringsAndNumbersAsWritten() throws {
    XCTAssertEqual(
      try MinifiedJSON.minify("{ \"b\" : 1.50 ,\n \"a\": \"two  words \\\" quoted\" }"),
      "{\"b\":1.50,\"a\":\"two  words \\\" quoted\"}")
    XCTAssertTrue(MinifiedJSON.isMinified("{\"a\":[1,2]}"))
    XCTAssertFalse(MinifiedJSON.isMinified("{\"a\": [1,2]}"))
    XCTAssertThrowsError(try MinifiedJSON.minify("{\"a\":"))
  }

  /// The server's check of a body it has read as JSON already says what the full check says.
  func testTheCheckOfValidJSONAgreesWithTheFullCheck() {
    let bodies = [
      "{\"a\":[1,2]}", "{\"a\": [1,2]}", "{\"a\":\"two  words\"}", "{\"a\":\"\\\" \"}", "{\"a\":\"\\\\\"} ",
      "\n{}", "{\"a\":\"tab\\t\"}", "[\"\\\\\",\"x\"]", "{\"a\":1}\r\n",
    ]
    for body in bodies {
      XCTAssertEqual(MinifiedJSON.isMinified(validJSON: body), MinifiedJSON.isMinified(body), body)
    }
    XCTAssertFalse(MinifiedJSON.isMinified(validJSON: "{\"a\":\"\\\\\"} "), "a string ending in a backslash")
    XCTAssertTrue(
      MinifiedJSON.isMinified(validJSON: "{\"a\":\"\\\" \"}"), "an escaped quote stays in the string")
  }
}
