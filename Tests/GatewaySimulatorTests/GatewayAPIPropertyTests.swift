import CheckoutEngine
import Foundation
import XCTest

@testable import GatewaySimulator

/// Issue 25: one signed request with `X-PayDrill-Timestamp: -9223372036854775808` trapped the server on an
/// arithmetic overflow. Every header and every field of the sessions API and the lookups gets extreme and
/// malformed values here, drawn by a seeded generator (the same values on every run): no answer traps, none
/// is a 5xx, and each refusal is a JSON error naming what was wrong.
final class GatewayAPIPropertyTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_754_701_373.845)
  private let token = APIToken(id: "9aac6071-38d0-4545-9d2f-15b936af6d7f", key: "token-key")
  private lazy var store = InMemorySessionStore()
  private lazy var api = GatewayAPI(tokens: [token], store: store, clock: { [now] in now })
  private var nowMilliseconds: Int64 { Int64(now.timeIntervalSince1970 * 1000) }

  /// The seed's example request, as JSON values to spoil one at a time.
  private static var request: [String: Any] {
    [
      "merchant": "MERCHANT-1", "site": "SITE-1", "sessionTimeout": 120, "merchantTransactionId": "order-1",
      "transactionMethod": ["intent": ["card": "Authorisation", "paypal": "Purchase"]],
      "amounts": ["currencyCode": "USD", "transactionValue": 25],
      "allowTransaction": true, "serviceType": "CheckoutDropIn",
    ]
  }

  /// Every field of the request, by its path.
  private static let fields = [
    "merchant", "site", "sessionTimeout", "merchantTransactionId", "transactionMethod",
    "transactionMethod.intent", "transactionMethod.intent.card", "transactionMethod.intent.paypal", "amounts",
    "amounts.currencyCode", "amounts.transactionValue", "allowTransaction", "serviceType",
  ]

  /// Numbers at and past every edge a number can have in JSON and in Swift's integers, written as text.
  private static let numbers = [
    "-9223372036854775808", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "18446744073709551616", "0", "-0", "-1", "1e308", "1e400", "-1e400", "1E+2", "0.1",
    "1.7976931348623157e308",
    "4.9e-324", "2147483647", "2147483648", "-2147483649", "1000000000000000", "999999999999999.99",
    String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 400) + "1",
  ]

  /// Header values: numbers, and text no header expects.
  private static let texts = [
    "", " ", "-", "+1", "0x10", "1_000", "NaN", "Infinity", "-Infinity", "١٢٣", "1754701373845.5",
    "ce244054-b372-42c2-9102-f0d976db69f6 extra", "{}", "\u{7F}", "😀", String(repeating: "a", count: 5000),
    "ce244054-b372-42c2-9102-f0d976db69fg", "CE244054-B372-42C2-9102-F0D976DB69F6", "%00", "\\u0000",
  ]

  /// JSON values of every kind, for a body's field.
  private static let values =
    numbers + [
      "null", "true", "false", "[]", "{}", #""""#, #"" ""#, "[1,2,3]", #"{"a":1}"#,
      "\"\(String(repeating: "x", count: 10_000))\"", #""\u0000""#, #""\ud800""#, #""😀😀😀""#,
      #""-9223372036854775808""#, #""1e400""#, #""Authorisation ""#, #""usd""#, #""XXX""#,
    ]

  func testEveryHeaderAndFieldSurvivesExtremeAndMalformedValues() throws {
    var generator = SeededGenerator(seed: 25)
    var refusals = 0
    for round in 0..<1500 {
      let requestId = String(format: "00000000-0000-4000-8000-%012d", round)
      switch round % 3 {
      case 0:
        // A header of a session request, signed over the value sent (so that only that value is wrong).
        let header = SignatureHeaders.all.randomElement(using: &generator)!
        let value = (Self.numbers + Self.texts).randomElement(using: &generator)!
        let answer = respond(
          "POST", "/api/v1/sessions", body: body(Self.request), requestId: requestId, header: (header, value))
        refusals += check(answer, names: [header], "\(header): \(value.prefix(40))")
      case 1:
        // A field of the body, signed.
        let field = Self.fields.randomElement(using: &generator)!
        let value = Self.values.randomElement(using: &generator)!
        let spoiled = body(Self.request, setting: field, to: value)
        let answer = respond("POST", "/api/v1/sessions", body: spoiled, requestId: requestId)
        // A broken number is the body's fault (it is not JSON), or the field's.
        refusals += check(answer, names: [field, "body"], "\(field): \(value.prefix(40))")
      default:
        // A lookup, by each of its ids, with a spoiled header or id.
        let id = (Self.numbers + Self.texts).randomElement(using: &generator)!
        let encoded = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let target = [
          "/api/v1/sessions/\(encoded)", "/api/v1/transactions/\(encoded)",
          "/api/v1/transactions?merchantTransactionId=\(encoded)",
        ].randomElement(using: &generator)!
        if Bool.random(using: &generator) {
          let header = SignatureHeaders.all.randomElement(using: &generator)!
          let answer = respond("GET", target, body: "", requestId: requestId, header: (header, id))
          refusals += check(
            answer, names: [header, "sessionId", "systemTransactionId", "merchantTransactionId"], target)
        } else {
          let answer = respond("GET", target, body: "", requestId: requestId)
          refusals += check(
            answer, names: ["sessionId", "systemTransactionId", "merchantTransactionId", "path"], target)
        }
      }
    }
    XCTAssertGreaterThan(refusals, 1000, "most values are refused (the rest were valid)")
  }

  /// The issue's request, and every timestamp at an edge of `Int64`, on each endpoint: a 401 naming the
  /// timestamp's header, never a trap.
  func testExtremeTimestampsAre401NamingTheHeader() {
    let extremes: [Int64] = [
      .min, .min + 1, -1, 0, .max, .max - 1, nowMilliseconds + 300_001, nowMilliseconds - 300_001,
    ]
    for (index, timestamp) in extremes.enumerated() {
      for (method, target, body) in [
        ("POST", "/api/v1/sessions", body(Self.request)), ("GET", "/api/v1/sessions/x", ""),
        ("GET", "/api/v1/transactions/x", ""), ("GET", "/api/v1/transactions?merchantTransactionId=x", ""),
      ] {
        let answer = respond(
          method, target, body: body, requestId: String(format: "10000000-0000-4000-8000-%012d", index),
          header: (SignatureHeaders.timestamp, "\(timestamp)"))
        XCTAssertEqual(answer.status, 401, "\(timestamp) \(target)")
        XCTAssertEqual(answer.object["field"] as? String, SignatureHeaders.timestamp, "\(timestamp)")
        XCTAssertTrue(
          (answer.object["message"] as? String)?.hasPrefix("stale: ") ?? false, "\(answer.object)")
      }
    }
  }

  /// The answer to a request signed with the token over what is sent, `header` replaced by a value of its
  /// own (and signed as such, where it is a signed part).
  private func respond(
    _ method: String, _ target: String, body: String, requestId: String, header: (String, String)? = nil
  ) -> (status: Int, object: [String: Any]) {
    var headers = [
      SignatureHeaders.tokenId: token.id, SignatureHeaders.timestamp: "\(nowMilliseconds)",
      SignatureHeaders.requestId: requestId,
    ]
    if let (name, value) = header, name != SignatureHeaders.signature { headers[name] = value }
    let signed = [
      headers[SignatureHeaders.tokenId]!, headers[SignatureHeaders.timestamp]!,
      headers[SignatureHeaders.requestId]!, String(target.dropFirst()), body,
    ].joined(separator: ":")
    headers[SignatureHeaders.signature] = RequestSignature.hmacSHA256(
      key: Data(token.key.utf8), message: Data(signed.utf8))
    if let (name, value) = header, name == SignatureHeaders.signature { headers[name] = value }
    let (response, exchange) = api.respond(
      to: HTTPRequest(method: method, target: target, headers: headers, body: Data(body.utf8)))
    XCTAssertEqual(exchange.status, response.status)
    return (response.status, response.object ?? [:])
  }

  /// Checks an answer: not a 5xx, a JSON object, and a refusal names one of `names`. Returns 1 for a
  /// refusal.
  private func check(_ answer: (status: Int, object: [String: Any]), names: [String], _ label: String) -> Int
  {
    XCTAssertLessThan(answer.status, 500, "\(label): \(answer.object)")
    guard answer.status != 200 else { return 0 }
    XCTAssertEqual(answer.object["status"] as? Int, answer.status, label)
    XCTAssertNotNil(answer.object["message"] as? String, label)
    let field = answer.object["field"] as? String ?? ""
    XCTAssertTrue(
      names.contains { field == $0 || field.hasPrefix($0 + ".") },
      "\(label): names \(field): \(answer.object)")
    return 1
  }

  /// The request's JSON, minified, with `path` set to `value` (JSON text, written as it is).
  private func body(_ request: [String: Any], setting path: String? = nil, to value: String = "") -> String {
    let marker = "\u{1}VALUE\u{1}"
    var object = request
    if let path { object = Self.setting(object, path.split(separator: ".").map(String.init), to: marker) }
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self).replacingOccurrences(
      of: "\"\\u0001VALUE\\u0001\"", with: value)
  }

  private static func setting(_ object: [String: Any], _ path: [String], to value: Any) -> [String: Any] {
    var object = object
    guard let key = path.first else { return object }
    if path.count == 1 {
      object[key] = value
    } else {
      object[key] = setting(object[key] as? [String: Any] ?? [:], Array(path.dropFirst()), to: value)
    }
    return object
  }
}

/// SplitMix64: a small generator whose draws depend only on its seed, so that a failing value comes back on
/// the next run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
