import CheckoutEngine
import Foundation
import Synchronization
import XCTest

@testable import GatewaySimulator

/// The simulated API's request handling, without HTTP: every status it answers, what each refusal names,
/// and what the checkout hears of each request.
final class GatewayAPITests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_754_701_373.845)
  private let token = APIToken(id: "9aac6071-38d0-4545-9d2f-15b936af6d7f", key: "token-key")
  private var store = InMemorySessionStore()
  private lazy var api = GatewayAPI(tokens: [token, .development], store: store, clock: { [now] in now })

  private static let body =
    #"{"merchant":"MERCHANT-1","site":"SITE-1","sessionTimeout":120,"merchantTransactionId":"0ce72cfd-014d-4256-a006-a56601b2ffc4","transactionMethod":{"intent":{"card":"Authorisation","paypal":"Purchase"}},"amounts":{"currencyCode":"USD","transactionValue":25.00},"allowTransaction":true,"serviceType":"CheckoutDropIn"}"#

  private var requestCount = 0

  /// A request signed as a backend signs it, with a new request id; `change` spoils one part.
  private func signed(
    _ method: String = "POST", _ target: String = "/api/v1/sessions", body: String = body,
    token: APIToken? = nil, timestamp: Int64? = nil, requestId: String? = nil,
    signedPath: String? = nil, change: (inout [String: String]) -> Void = { _ in }
  ) -> HTTPRequest {
    requestCount += 1
    let token = token ?? self.token
    let timestamp = timestamp ?? Int64(now.timeIntervalSince1970 * 1000)
    let requestId = requestId ?? String(format: "00000000-0000-4000-8000-%012d", requestCount)
    let signature = RequestSignature(
      tokenId: token.id, timestamp: timestamp, requestId: requestId,
      path: signedPath ?? String(target.dropFirst()), body: body
    ).signature(tokenKey: token.key)
    var headers = [
      "X-PayDrill-Token-Id": token.id, "X-PayDrill-Timestamp": "\(timestamp)",
      "X-PayDrill-Request-Id": requestId, "X-PayDrill-Signature": signature,
    ]
    change(&headers)
    return HTTPRequest(method: method, target: target, headers: headers, body: Data(body.utf8))
  }

  private func answer(_ request: HTTPRequest, file: StaticString = #filePath, line: UInt = #line) -> (
    status: Int, field: String?, message: String?, exchange: ServedExchange, object: [String: Any]
  ) {
    let (response, exchange) = api.respond(to: request)
    let object = response.object ?? [:]
    XCTAssertNotNil(response.object, "every answer is a JSON object", file: file, line: line)
    XCTAssertEqual(exchange.status, response.status, file: file, line: line)
    return (response.status, object["field"] as? String, object["message"] as? String, exchange, object)
  }

  func testAValidRequestGetsTheSeedsSessionResponseAndTheLedgerKeepsIt() throws {
    let result = answer(signed())
    XCTAssertEqual(result.status, 200)
    XCTAssertEqual(
      Set(result.object.keys),
      ["sessionId", "hmacKey", "encryptionKey", "sessionExpiry", "allowedFundingTypes"])
    let session = try XCTUnwrap(result.exchange.session)
    XCTAssertEqual(result.object["sessionId"] as? String, session.sessionId)
    XCTAssertEqual(result.object["hmacKey"] as? String, session.data.hmacKey)
    XCTAssertEqual(session.amount, Money(minorUnits: 2500, currency: Currency(code: "USD")!))
    XCTAssertEqual(session.merchantTransactionId, "0ce72cfd-014d-4256-a006-a56601b2ffc4")
    XCTAssertEqual(session.paypalIntent, "Purchase")
    XCTAssertEqual(session.tokenId, token.id)
    XCTAssertEqual(session.data.sessionExpiry, "2025-08-09T03:02:53.845Z", "120 minutes on")
    XCTAssertEqual(try store.session(id: session.sessionId), session)
    XCTAssertNil(result.exchange.reason)
    XCTAssertEqual(result.exchange.path, "/api/v1/sessions")
    XCTAssertFalse(result.exchange.logLine.contains(session.data.hmacKey), "the log never shows a key")
  }

  /// The session response is written without the encoder, byte for byte what the encoder writes; a value
  /// that would need escaping goes through the encoder.
  func testTheSessionResponseIsWhatTheEncoderWrites() throws {
    let session = try XCTUnwrap(answer(signed()).exchange.session)
    XCTAssertEqual(
      String(decoding: APIResponseBody.session(session.data), as: UTF8.self),
      String(decoding: APIResponseBody.encode(session.data), as: UTF8.self))
    var odd = session.data
    odd.sessionId = "quote\"and/slash"
    XCTAssertEqual(APIResponseBody.session(odd), APIResponseBody.encode(odd))
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: APIResponseBody.session(odd)) as? [String: Any])
    XCTAssertEqual(object["sessionId"] as? String, "quote\"and/slash")
  }

  func testEach400NamesItsField() {
    let cases: [(String, String)] = [
      ("{}", "merchant"),
      (Self.body.replacingOccurrences(of: "MERCHANT-1", with: String(repeating: "M", count: 21)), "merchant"),
      (Self.body.replacingOccurrences(of: "\"SITE-1\"", with: "\"\""), "site"),
      (Self.body.replacingOccurrences(of: "120", with: "0"), "sessionTimeout"),
      (
        Self.body.replacingOccurrences(of: "\"card\":\"Authorisation\"", with: "\"card\":\"Sale\""),
        "transactionMethod.intent.card"
      ),
      (
        Self.body.replacingOccurrences(of: "\"paypal\":\"Purchase\"", with: "\"paypal\":\"Verification\""),
        "transactionMethod.intent.paypal"
      ),
      (Self.body.replacingOccurrences(of: "USD", with: "XYZ"), "amounts.currencyCode"),
      (Self.body.replacingOccurrences(of: "25.00", with: "25.001"), "amounts.transactionValue"),
      (
        Self.body.replacingOccurrences(of: "\"allowTransaction\":true", with: "\"allowTransaction\":1"),
        "allowTransaction"
      ),
      (Self.body.replacingOccurrences(of: "CheckoutDropIn", with: "Components"), "serviceType"),
      (Self.body.replacingOccurrences(of: "\"site\"", with: "\"sight\""), "sight"),
      ("[1,2", "body"),
      ("", "body"),
    ]
    for (body, field) in cases {
      let result = answer(signed(body: body))
      XCTAssertEqual(result.status, 400, body)
      XCTAssertEqual(result.field, field, body)
      XCTAssertEqual(result.exchange.reason, "\(field): \(result.message ?? "")")
      XCTAssertNil(result.exchange.session)
    }
    XCTAssertEqual(try store.sessions(merchantTransactionId: "0ce72cfd-014d-4256-a006-a56601b2ffc4"), [])
  }

  func testABodyNestedPastTheLimitIs400BeforeAnythingParsesIt() {
    let depth = api.limits.maximumDepth
    let deep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
    let result = answer(signed(body: deep))
    XCTAssertEqual(result.status, 400)
    XCTAssertEqual(result.field, "body")
    XCTAssertEqual(
      result.message, "not valid JSON (nested more than \(depth) levels deep at line 1, column \(depth + 1))")
    let within = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    XCTAssertEqual(answer(signed(body: within)).field, "body", "as deep as the limit goes on to the decoder")
    XCTAssertEqual(answer(signed(body: within)).message, "expected an object, found a list")
  }

  func testEachMissingHeaderIs401NamingIt() {
    for header in SignatureHeaders.all {
      let result = answer(signed { $0[header] = nil })
      XCTAssertEqual(result.status, 401, header)
      XCTAssertEqual(result.field, header)
      XCTAssertTrue(result.message?.hasPrefix("missing") ?? false, result.message ?? "")
    }
    let blank = answer(signed { $0["X-PayDrill-Signature"] = "  " })
    XCTAssertEqual(blank.field, "X-PayDrill-Signature", "blank counts as missing")
  }

  func testEachPartThatDoesNotMatchIs401NamingIt() {
    let unknown = answer(signed(token: APIToken(id: "someone-else", key: "k")))
    XCTAssertEqual(unknown.status, 401)
    XCTAssertEqual(unknown.field, "X-PayDrill-Token-Id")
    // Issue 25: the refusal listed every token id the server accepts; it says only what was wrong.
    XCTAssertEqual(unknown.message, "unknown token id \"someone-else\"")
    XCTAssertFalse(unknown.message?.contains("paydrill-dev") ?? true)

    let notANumber = answer(signed { $0["X-PayDrill-Timestamp"] = "yesterday" })
    XCTAssertEqual(notANumber.field, "X-PayDrill-Timestamp")
    XCTAssertTrue(notANumber.message?.contains("Unix milliseconds") ?? false)

    let stale = answer(signed(timestamp: Int64(now.timeIntervalSince1970 * 1000) - 6 * 60 * 1000))
    XCTAssertEqual(stale.status, 401)
    XCTAssertEqual(stale.field, "X-PayDrill-Timestamp")
    XCTAssertEqual(stale.message, "stale: 360 s from the API's clock (the window is 5 minutes)")

    let wrongKey = answer(signed(token: APIToken(id: token.id, key: "not-the-key")))
    XCTAssertEqual(wrongKey.status, 401)
    XCTAssertEqual(wrongKey.field, "X-PayDrill-Signature")
    XCTAssertTrue(
      wrongKey.message?.hasPrefix("does not match: wrong token key, or a different") ?? false,
      wrongKey.message ?? "")
    XCTAssertTrue(
      wrongKey.message?.contains(":api/v1/sessions: and a body of \(Self.body.utf8.count) bytes)") ?? false,
      wrongKey.message ?? "")

    let slash = answer(signed(signedPath: "/api/v1/sessions"))
    XCTAssertEqual(slash.field, "X-PayDrill-Signature")
    XCTAssertEqual(
      slash.message,
      "does not match: the path part was signed as \"/api/v1/sessions\"; sign \"api/v1/sessions\"")

    let pretty = answer(signed(body: Self.body.replacingOccurrences(of: ",", with: ", ")))
    XCTAssertEqual(pretty.status, 401)
    XCTAssertEqual(pretty.field, "X-PayDrill-Signature")
    XCTAssertEqual(pretty.message, "the body is not minified: sign and send the minified body")
  }

  func testARequestIdIsNeverTakenTwice() {
    let id = "ce244054-b372-42c2-9102-f0d976db69f6"
    XCTAssertEqual(answer(signed(requestId: id)).status, 200)
    let again = answer(signed(requestId: id))
    XCTAssertEqual(again.status, 401)
    XCTAssertEqual(again.field, "X-PayDrill-Request-Id")
    XCTAssertEqual(again.message, "\(id) was already used")
    // Nor by a refused request's retry: the id was taken when the signature held.
    let refusedId = "ce244054-b372-42c2-9102-f0d976db69f7"
    XCTAssertEqual(answer(signed(body: "{}", requestId: refusedId)).status, 400)
    XCTAssertEqual(answer(signed(requestId: refusedId)).field, "X-PayDrill-Request-Id")
    // A used id is refused before the body's rules, and stores nothing.
    let used = answer(signed(body: "{}", requestId: id))
    XCTAssertEqual(used.status, 401)
    XCTAssertEqual(used.field, "X-PayDrill-Request-Id")
    XCTAssertEqual(try store.sessions(merchantTransactionId: "0ce72cfd-014d-4256-a006-a56601b2ffc4").count, 1)
    // A forged request does not burn an id.
    let forged = "ce244054-b372-42c2-9102-f0d976db69f8"
    XCTAssertEqual(answer(signed(requestId: forged) { $0["X-PayDrill-Signature"] = "00" }).status, 401)
    XCTAssertEqual(answer(signed(requestId: forged)).status, 200)
  }

  func testUnknownEndpointsAndMethods() {
    let unknown = answer(signed("GET", "/api/v2/sessions", body: ""))
    XCTAssertEqual(unknown.status, 404)
    XCTAssertEqual(unknown.field, "path")
    let wrongMethod = api.respond(to: signed("GET", "/api/v1/sessions", body: "")).0
    XCTAssertEqual(wrongMethod.status, 405)
    XCTAssertEqual(wrongMethod.headers["Allow"], "POST")
    XCTAssertEqual(answer(signed("DELETE", "/api/v1/transactions/x", body: "")).status, 405)
    XCTAssertEqual(answer(signed("GET", "/api/v1/nothing", body: "")).status, 404)
    let noId = answer(signed("GET", "/api/v1/transactions", body: ""))
    XCTAssertEqual(noId.status, 400)
    XCTAssertEqual(noId.field, "merchantTransactionId")
  }

  func testLookupsAreSignedToo() {
    let unsigned = answer(HTTPRequest(method: "GET", target: "/api/v1/sessions/x"))
    XCTAssertEqual(unsigned.status, 401)
    XCTAssertEqual(unsigned.field, "X-PayDrill-Token-Id")
  }

  private func attempt(
    _ status: String, session: ServerSession, id: String?, errorCode: String? = nil, at seconds: Double
  ) -> ServerTransaction {
    ServerTransaction(
      status: status, systemTransactionId: id, merchantTransactionId: session.merchantTransactionId,
      sessionId: session.sessionId, amount: session.amount, method: "card", paidWith: "Visa ••••4242",
      errorCode: errorCode, resultCode: nil, startedAt: now.addingTimeInterval(seconds),
      endedAt: now.addingTimeInterval(seconds + 1))
  }

  func testTheLookupsFollowASessionFromOpenToPaidToSpent() throws {
    let session = try XCTUnwrap(answer(signed()).exchange.session)
    func lookUp(_ target: String) -> [String: Any] {
      let result = answer(signed("GET", target, body: ""))
      XCTAssertEqual(result.status, 200, target)
      return result.object
    }
    func state(_ object: [String: Any]) -> String? {
      (object["session"] as? [String: Any])?["state"] as? String
    }

    let open = lookUp("/api/v1/sessions/\(session.sessionId)")
    XCTAssertEqual(state(open), "open")
    XCTAssertNil(open["transaction"])
    XCTAssertEqual((open["session"] as? [String: Any])?["amount"] as? String, "25.00")
    XCTAssertNil((open["session"] as? [String: Any])?["hmacKey"], "a lookup never shows a key")

    store.record(attempt("failed", session: session, id: nil, errorCode: "CARD_DECLINED", at: 10))
    store.record(attempt("succeeded", session: session, id: "tx-1", at: 20))
    let paid = lookUp("/api/v1/transactions/tx-1")
    XCTAssertEqual(state(paid), "paid")
    let transaction = try XCTUnwrap(paid["transaction"] as? [String: Any])
    XCTAssertEqual(transaction["status"] as? String, "succeeded")
    XCTAssertEqual(transaction["amount"] as? String, "25.00")
    XCTAssertEqual(transaction["currencyCode"] as? String, "USD")
    XCTAssertEqual(transaction["minorUnits"] as? Int, 2500)
    XCTAssertEqual(transaction["method"] as? String, "card")
    XCTAssertEqual(transaction["time"] as? String, "2025-08-09T01:03:14.845Z")
    XCTAssertEqual((paid["attempts"] as? [Any])?.count, 2)

    let byMerchant = lookUp("/api/v1/transactions?merchantTransactionId=\(session.merchantTransactionId)")
    XCTAssertEqual((byMerchant["transaction"] as? [String: Any])?["systemTransactionId"] as? String, "tx-1")
    XCTAssertEqual(state(byMerchant), "paid")

    store.record(attempt("failed", session: session, id: nil, errorCode: "SESSION_SPENT", at: 30))
    XCTAssertEqual(state(lookUp("/api/v1/sessions/\(session.sessionId)")), "spent")

    XCTAssertEqual(answer(signed("GET", "/api/v1/transactions/nope", body: "")).status, 404)
    XCTAssertEqual(answer(signed("GET", "/api/v1/sessions/nope", body: "")).status, 404)
    XCTAssertEqual(
      answer(signed("GET", "/api/v1/transactions?merchantTransactionId=nope", body: "")).field,
      "merchantTransactionId")
  }

  func testASessionPastItsExpiryWithoutAPaymentIsExpired() throws {
    let short = Self.body.replacingOccurrences(of: "\"sessionTimeout\":120", with: "\"sessionTimeout\":1")
    let session = try XCTUnwrap(answer(signed(body: short)).exchange.session)
    XCTAssertEqual(SessionState.of(session, attempts: [], at: now.addingTimeInterval(59)), .open)
    XCTAssertEqual(SessionState.of(session, attempts: [], at: now.addingTimeInterval(60)), .expired)
    let paid = attempt("succeeded", session: session, id: "tx", at: 1)
    XCTAssertEqual(SessionState.of(session, attempts: [paid], at: now.addingTimeInterval(600)), .paid)
  }

  /// Issue 25: a ledger that fails was a bare 500; it is a 503 (try again later) that says why, for the
  /// session's creation and for each lookup.
  func testALedgerThatCannotBeWrittenOrReadIs503WithItsReason() {
    struct Broken: Error, CustomStringConvertible { var description: String { "disk full" } }
    final class BrokenStore: SessionStore {
      func claim(_ requestId: String, at time: Date) throws -> Bool { true }
      func insert(_ session: ServerSession, claiming requestId: String, at time: Date) throws -> Bool {
        throw Broken()
      }
      func session(id: String) throws -> ServerSession? { throw Broken() }
      func attempts(inSession sessionId: String) throws -> [ServerTransaction] { throw Broken() }
      func attempt(systemTransactionId: String) throws -> ServerTransaction? { throw Broken() }
      func attempts(merchantTransactionId: String) throws -> [ServerTransaction] { throw Broken() }
      func sessions(merchantTransactionId: String) throws -> [ServerSession] { throw Broken() }
    }
    api = GatewayAPI(tokens: [token], store: BrokenStore(), clock: { [now] in now })
    let create = answer(signed())
    XCTAssertEqual(create.status, 503)
    XCTAssertEqual(create.field, "ledger")
    XCTAssertEqual(create.message, "the session cannot be stored: disk full")
    for target in [
      "/api/v1/sessions/x", "/api/v1/transactions/x", "/api/v1/transactions?merchantTransactionId=x",
    ] {
      let lookup = answer(signed("GET", target, body: ""))
      XCTAssertEqual(lookup.status, 503, target)
      XCTAssertEqual(lookup.field, "ledger", target)
      XCTAssertEqual(lookup.message, "cannot be read: disk full", target)
    }
  }
}

extension GatewayAPITests {
  /// The server did not keep a body past its limit: the answer is a 413 naming the body, and the checkout
  /// hears of it like any other refusal.
  func testABodyPastTheLimitIs413() {
    var request = signed(body: "")
    request.isTooLarge = true
    let result = answer(request)
    XCTAssertEqual(result.status, 413)
    XCTAssertEqual(result.field, "body")
    XCTAssertEqual(result.message, "larger than 65536 bytes (a session request is a few hundred)")
    XCTAssertEqual(
      result.exchange.reason, "body: larger than 65536 bytes (a session request is a few hundred)")
  }

  /// The server cut a request off at its deadline: its log line and event are a 408 on `request` that says
  /// no answer went out, whatever its path and headers (they are not looked at).
  func testARequestCutOffAtItsDeadlineIsLoggedAs408() {
    var request = HTTPRequest(method: "-", target: "/api/v1/sessions")
    request.isTooSlow = true
    let result = answer(request)
    XCTAssertEqual(result.status, 408)
    XCTAssertEqual(result.field, "request")
    XCTAssertEqual(
      result.exchange.logLine,
      "- /api/v1/sessions 408 request: did not arrive whole (headers and body) within 30 seconds: "
        + "closed without an answer")
  }

  /// Issue 25: any token read any token's sessions, by each id. A token sees its own; another's is a 404
  /// like a session that does not exist.
  func testATokenSeesOnlyItsOwnSessionsByEachId() throws {
    let session = try XCTUnwrap(answer(signed()).exchange.session)
    store.record(attempt("succeeded", session: session, id: "tx-own", at: 1))
    let targets = [
      "/api/v1/sessions/\(session.sessionId)", "/api/v1/transactions/tx-own",
      "/api/v1/transactions?merchantTransactionId=\(session.merchantTransactionId)",
    ]
    for target in targets {
      XCTAssertEqual(answer(signed("GET", target, body: "")).status, 200, target)
      let other = answer(signed("GET", target, body: "", token: .development))
      XCTAssertEqual(other.status, 404, target)
      XCTAssertFalse(
        String(
          decoding: api.respond(to: signed("GET", target, body: "", token: .development)).0.body,
          as: UTF8.self
        )
        .contains(session.sessionId) && !target.contains(session.sessionId), target)
    }
    // The other token's own session under the same merchantTransactionId shows only its own.
    let theirs = try XCTUnwrap(answer(signed(token: .development)).exchange.session)
    let mine = answer(
      signed("GET", "/api/v1/transactions?merchantTransactionId=\(session.merchantTransactionId)", body: ""))
    XCTAssertEqual((mine.object["session"] as? [String: Any])?["sessionId"] as? String, session.sessionId)
    let theirLookup = answer(
      signed(
        "GET", "/api/v1/transactions?merchantTransactionId=\(session.merchantTransactionId)", body: "",
        token: .development))
    XCTAssertEqual(
      (theirLookup.object["session"] as? [String: Any])?["sessionId"] as? String, theirs.sessionId)
    XCTAssertEqual((theirLookup.object["attempts"] as? [Any])?.count, 0, "not the other token's payment")
  }

  /// Issue 25: a huge `sessionTimeout` gave `sessionExpiry` "506713-02-07T…". It is bounded as the seed's
  /// backends keep it (a 32-bit number of minutes), past which it is a 400 naming the field, and the
  /// expiry is always a valid RFC 3339 time.
  func testAHugeSessionTimeoutIsRefusedAndTheExpiryIsAlwaysRFC3339() throws {
    for timeout in ["2147483648", "9223372036854775807", "300000000000"] {
      let body = Self.body.replacingOccurrences(
        of: "\"sessionTimeout\":120", with: "\"sessionTimeout\":\(timeout)")
      let refused = answer(signed(body: body))
      XCTAssertEqual(refused.status, 400, timeout)
      XCTAssertEqual(refused.field, "sessionTimeout", timeout)
      XCTAssertEqual(refused.message, "expected a number of minutes above 0 and at most 2147483647", timeout)
    }
    let longest = Self.body.replacingOccurrences(
      of: "\"sessionTimeout\":120", with: "\"sessionTimeout\":2147483647")
    let result = answer(signed(body: longest))
    XCTAssertEqual(result.status, 200)
    let expiry = try XCTUnwrap(result.object["sessionExpiry"] as? String)
    XCTAssertNotNil(
      expiry.range(
        of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$"#, options: .regularExpression), expiry)
    XCTAssertTrue(expiry.hasPrefix("6108-"), expiry)
  }

  /// Issue 25: request ids were not checked to be UUIDs: the server refuses one that is not, naming its
  /// header, before the signature or the body.
  func testARequestIdThatIsNotAUUIDIs401NamingItsHeader() {
    for id in ["r-1", "ce244054-b372-42c2-9102-f0d976db69f", "ce244054b37242c29102f0d976db69f6x", "0"] {
      let result = answer(signed(requestId: id))
      XCTAssertEqual(result.status, 401, id)
      XCTAssertEqual(result.field, "X-PayDrill-Request-Id", id)
      XCTAssertTrue(result.message?.hasPrefix("expected a UUID") ?? false, result.message ?? "")
    }
    XCTAssertEqual(answer(signed(requestId: "CE244054-B372-42C2-9102-F0D976DB69F6")).status, 200, "any case")
  }

  /// Issue 25: the body was read before the signature headers were checked. What the headers alone can
  /// refuse (the endpoint, the method, a missing header, the token, the timestamp, the request id) is
  /// refused without the body; a request whose headers hold goes on to its body.
  func testARequestIsRefusedFromItsHeadersBeforeItsBodyIsRead() {
    var headersOnly = signed()
    headersOnly.body = Data()
    XCTAssertNil(api.refusal(beforeBody: headersOnly), "signed headers: the body is read")
    let cases: [(HTTPRequest, String)] = [
      (signed { $0["X-PayDrill-Signature"] = nil }, "X-PayDrill-Signature"),
      (signed(token: APIToken(id: "stranger", key: "k")), "X-PayDrill-Token-Id"),
      (signed(timestamp: .min), "X-PayDrill-Timestamp"),
      (signed(requestId: "not-a-uuid"), "X-PayDrill-Request-Id"),
      (signed("PUT"), "method"),
      (signed("POST", "/api/v9"), "path"),
    ]
    for (request, field) in cases {
      var request = request
      request.body = Data()
      let refusal = api.refusal(beforeBody: request)
      XCTAssertEqual(refusal?.1.field, field)
      XCTAssertEqual(refusal?.0.object?["field"] as? String, field)
    }
  }

  /// The signature is compared in constant time (libcrypto's CRYPTO_memcmp), in either case of hex.
  func testASignatureMatchesInEitherCaseAndOnlyWhole() {
    let expected = RequestSignature.hmacSHA256(key: Data("k".utf8), message: Data("m".utf8))
    XCTAssertTrue(RequestSignature.matches(expected, expected))
    XCTAssertTrue(RequestSignature.matches(expected, expected.uppercased()))
    XCTAssertFalse(RequestSignature.matches(expected, String(expected.dropLast())))
    XCTAssertFalse(RequestSignature.matches(expected, expected + "0"))
    XCTAssertFalse(RequestSignature.matches(expected, String(expected.dropLast()) + "g"))
    XCTAssertFalse(RequestSignature.matches(expected, ""))
  }

  /// Issue 25: request ids were kept for ever. One is refused for twice the timestamp window (10 minutes),
  /// then forgotten.
  func testARequestIdIsForgottenAfterTwiceTheTimestampWindow() throws {
    let ids = InMemoryRequestIds()
    XCTAssertTrue(try ids.claim("a", at: now))
    XCTAssertFalse(try ids.claim("a", at: now.addingTimeInterval(10 * 60 - 1)))
    let later = now.addingTimeInterval(10 * 60 + 61)
    XCTAssertTrue(try ids.claim("b", at: later))
    XCTAssertTrue(try ids.claim("a", at: later))
  }

  /// Issue 25: unsigned requests grew the log without bound. Besides the budget of refusals a minute
  /// (`RefusalBudget`), each line is bounded: what a client sent (a path, a message quoting it) is kept to
  /// its start, whatever its length.
  func testALogLineIsBoundedWhateverTheRequestSent() {
    let long = "/api/v1/" + String(repeating: "a", count: 10_000)
    let unknown = answer(signed("GET", long, body: ""))
    XCTAssertEqual(unknown.status, 404)
    XCTAssertLessThan(unknown.exchange.logLine.count, 700, unknown.exchange.logLine)
    XCTAssertTrue(unknown.exchange.path.hasSuffix("…"))
    let mismatch = answer(
      signed("GET", "/api/v1/sessions/" + String(repeating: "b", count: 10_000), body: "") {
        $0["X-PayDrill-Signature"] = String(repeating: "0", count: 64)
      })
    XCTAssertEqual(mismatch.status, 401)
    XCTAssertLessThan(mismatch.exchange.logLine.count, 700, mismatch.exchange.logLine)
    XCTAssertGreaterThan(mismatch.message?.count ?? 0, 10_000, "the client's own answer is whole")
  }
}
