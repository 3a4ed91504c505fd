import CheckoutTestSupport
import Foundation
import XCTest

/// `paydrill serve` and `paydrill --serve` with real clients: curl (signed with `paydrill sign`), the example
/// merchant backend, a slow client, a headless checkout on the backend's session, a checkout in tmux, and a
/// bounded load from 64 clients.
final class ServeEndToEndTests: XCTestCase {
  private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "paydrill-serve-e2e-\(UUID().uuidString)")
  private var ledger: String { folder.appendingPathComponent("ledger.sqlite3").path }
  private var gateway: ServedGateway?
  /// Every answer curl got, checked against docs/reference/openapi.yaml when the test ends.
  private var answers: [OpenAPIDescription.Answer] = []

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    // Every answer matches docs/reference/openapi.yaml (checked when python3 has the packages; required
    // under CI).
    if !answers.isEmpty, OpenAPIDescription.missingTools() == nil {
      try OpenAPIDescription.check(answers, in: folder)
    }
    if let gateway {
      let stopped = gateway.stop()
      XCTAssertEqual(stopped.status, 0, "SIGTERM stops the server cleanly: \(stopped.output)")
      XCTAssertFalse(stopped.output.contains("paydrill-dev-key-not-a-secret"), "the key is never printed")
    }
    try? FileManager.default.removeItem(at: folder)
  }

  private func serve(_ extra: [String] = []) throws -> ServedGateway {
    let started = try ServedGateway(ledger: ledger, extra: extra)
    gateway = started
    return started
  }

  private static let body =
    #"{"merchant":"MERCHANT-1","site":"SITE-1","sessionTimeout":120,"merchantTransactionId":"e2e-1","transactionMethod":{"intent":{"card":"Authorisation","paypal":"Purchase"}},"amounts":{"currencyCode":"USD","transactionValue":25.00},"allowTransaction":true,"serviceType":"CheckoutDropIn"}"#

  /// The four signature headers for a body, the signature from `paydrill sign` (as a developer checks their
  /// own backend's); `timestamp` and `requestId` as given or new.
  private func signedHeaders(
    _ body: String, path: String = "api/v1/sessions", tokenId: String = "paydrill-dev",
    tokenKey: String = "paydrill-dev-key-not-a-secret", timestamp: Int64? = nil, requestId: String? = nil
  ) throws -> [String: String] {
    let file = folder.appendingPathComponent("body-\(UUID().uuidString).json")
    try body.write(to: file, atomically: true, encoding: .utf8)
    let timestamp = timestamp ?? Int64(Date().timeIntervalSince1970 * 1000)
    let requestId = requestId ?? UUID().uuidString.lowercased()
    let signed = try PayDrillBinary.run([
      "sign", "--token-id", tokenId, "--token-key", tokenKey, "--body", file.path, "--path", path,
      "--timestamp", "\(timestamp)", "--request-id", requestId,
    ])
    XCTAssertEqual(signed.status, 0, signed.standardError)
    let line = try XCTUnwrap(
      signed.standardOutput.split(separator: "\n").first { $0.hasPrefix("HMAC-SHA256 signature (hex): ") })
    return [
      "X-PayDrill-Token-Id": tokenId, "X-PayDrill-Timestamp": "\(timestamp)",
      "X-PayDrill-Request-Id": requestId,
      "X-PayDrill-Signature": String(line.dropFirst("HMAC-SHA256 signature (hex): ".count)),
    ]
  }

  /// curl's answer: the status and the JSON object of the body.
  private func curl(
    _ method: String = "POST", _ path: String = "/api/v1/sessions", body: String? = nil,
    bodyFile: URL? = nil, headers: [String: String]
  ) throws -> (status: Int, object: [String: Any]) {
    guard let gateway else { throw XCTSkip("no server") }
    var arguments = ["curl", "-sS", "-X", method, "-o", "-", "-w", "\n%{http_code}", gateway.url + path]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
    if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
    if let bodyFile { arguments += ["--data-binary", "@\(bodyFile.path)"] }
    let result = try PayDrillBinary.launch("/usr/bin/env", arguments)
    XCTAssertEqual(result.status, 0, "curl: \(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let status = Int(lines.last ?? "") ?? 0
    let text = lines.dropLast().joined(separator: "\n")
    answers.append(.init(method: method, path: path, status: status, body: text))
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "a JSON object: \(text)")
    return (status, object)
  }

  private func python(_ arguments: [String]) throws -> PayDrillBinary.Result {
    try PayDrillBinary.launch("/usr/bin/env", ["python3"] + arguments)
  }

  private func backend(_ arguments: [String]) throws -> PayDrillBinary.Result {
    try PayDrillBinary.merchantBackend(gateway?.url ?? "", arguments)
  }

  func testCurlGetsASessionAndEachRefusalNamesItsFieldOrHeader() throws {
    try ServedGateway.requireCurl()
    _ = try serve(["--max-body", "4096"])
    let created = try curl(body: Self.body, headers: try signedHeaders(Self.body))
    XCTAssertEqual(created.status, 200, "\(created.object)")
    XCTAssertEqual(
      Set(created.object.keys),
      ["sessionId", "hmacKey", "encryptionKey", "sessionExpiry", "allowedFundingTypes"])

    // Each 400 names its field.
    let fields: [(String, String)] = [
      (Self.body.replacingOccurrences(of: "MERCHANT-1", with: String(repeating: "M", count: 21)), "merchant"),
      (Self.body.replacingOccurrences(of: "USD", with: "usd"), "amounts.currencyCode"),
      (Self.body.replacingOccurrences(of: "25.00", with: "25.001"), "amounts.transactionValue"),
      (Self.body.replacingOccurrences(of: "CheckoutDropIn", with: "Other"), "serviceType"),
      (Self.body.replacingOccurrences(of: "120", with: "\"120\""), "sessionTimeout"),
      ("{\"merchant\":", "body"),
      (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "body"),
    ]
    for (body, field) in fields {
      // A body that is not JSON is refused before its signature is checked (paydrill sign takes JSON only).
      let headers = field == "body" ? try signedHeaders(Self.body) : try signedHeaders(body)
      let refused = try curl(body: body, headers: headers)
      XCTAssertEqual(refused.status, 400, body)
      XCTAssertEqual(refused.object["field"] as? String, field, body)
      XCTAssertNotNil(refused.object["message"] as? String)
    }

    // Each 401 names the header that is missing or the part that does not match.
    let good = try signedHeaders(Self.body)
    for header in good.keys.sorted() {
      var missing = good
      missing[header] = nil
      let refused = try curl(body: Self.body, headers: missing)
      XCTAssertEqual(refused.status, 401, header)
      XCTAssertEqual(refused.object["field"] as? String, header)
    }
    let parts: [([String: String], String, String)] = [
      (try signedHeaders(Self.body, tokenKey: "wrong"), "X-PayDrill-Signature", "does not match"),
      (try signedHeaders(Self.body, path: "/api/v1/sessions"), "X-PayDrill-Signature", "the path part"),
      (try signedHeaders(Self.body, tokenId: "stranger"), "X-PayDrill-Token-Id", "unknown token id"),
      (
        try signedHeaders(Self.body, timestamp: Int64(Date().timeIntervalSince1970 * 1000) - 600_000),
        "X-PayDrill-Timestamp", "stale"
      ),
    ]
    for (headers, field, start) in parts {
      let refused = try curl(body: Self.body, headers: headers)
      XCTAssertEqual(refused.status, 401, field)
      XCTAssertEqual(refused.object["field"] as? String, field)
      XCTAssertTrue((refused.object["message"] as? String)?.contains(start) ?? false, "\(refused.object)")
    }
    // A request id is taken once.
    let reused = try signedHeaders(Self.body, requestId: good["X-PayDrill-Request-Id"])
    XCTAssertEqual(try curl(body: Self.body, headers: good).status, 200)
    let again = try curl(body: Self.body, headers: reused)
    XCTAssertEqual(again.status, 401)
    XCTAssertEqual(again.object["field"] as? String, "X-PayDrill-Request-Id")

    // A body past the limit is 413, unread.
    let big = folder.appendingPathComponent("big.json")
    try String(repeating: " ", count: 10_000).write(to: big, atomically: true, encoding: .utf8)
    let tooLarge = try curl(bodyFile: big, headers: good)
    XCTAssertEqual(tooLarge.status, 413)
    XCTAssertEqual(tooLarge.object["field"] as? String, "body")
    // An unknown endpoint and a wrong method.
    XCTAssertEqual(try curl("GET", "/api/v2/anything", headers: good).status, 404)
    XCTAssertEqual(try curl("PUT", "/api/v1/sessions", headers: good).status, 405)

    // What a client sends reaches the log as visible text, never as an escape sequence.
    let hostile = Self.body.replacingOccurrences(of: "\"USD\"", with: #""\u001b[2J""#)
    XCTAssertEqual(try curl(body: hostile, headers: try signedHeaders(hostile)).status, 400)
    XCTAssertEqual(try curl("GET", "/api/v1/sessions/%1b%5b31m", headers: good).status, 401)

    // The log names each request and each refusal's reason, never a key.
    let log = gateway?.stop().output ?? ""
    gateway = nil
    XCTAssertTrue(log.contains("Token id: paydrill-dev"), log)
    XCTAssertTrue(log.contains("POST /api/v1/sessions 200 session "), log)
    XCTAssertTrue(log.contains("POST /api/v1/sessions 401 X-PayDrill-Request-Id: "), log)
    XCTAssertTrue(log.contains("POST /api/v1/sessions 413 body: larger than 4096 bytes"), log)
    XCTAssertFalse(log.contains(created.object["hmacKey"] as? String ?? "?"), "no session key in the log")
    XCTAssertFalse(log.unicodeScalars.contains("\u{1B}"), log)
    XCTAssertTrue(log.contains(#"400 amounts.currencyCode: unknown currency "\u{1B}[2J""#), log)
    XCTAssertTrue(log.contains(#"GET /api/v1/sessions/\u{1B}[31m 401"#), log)
  }

  /// A server with `extra` options, and the start of a Python script with a client `slow` that has sent the
  /// headers of a session request announcing 100 bytes of body, and none of them; signed (an unsigned one
  /// is refused from its headers) unless `signed` is false.
  private func serveASlowClient(_ extra: [String], signed: Bool = true) throws -> (
    gateway: ServedGateway, script: String
  ) {
    try PayDrillBinary.requirePython()
    let gateway = try serve(extra)
    let port = gateway.url.split(separator: ":").last.map(String.init) ?? ""
    let headers = try signed ? signedHeaders(Self.body) : [:]
    let lines = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\\r\\n" }.joined()
    let script = """
      import socket, subprocess, sys, time
      slow = socket.create_connection(("127.0.0.1", \(port)))
      slow.sendall(b"POST /api/v1/sessions HTTP/1.1\\r\\nHost: x\\r\\n\(lines)Content-Length: 100\\r\\n\\r\\n")

      """
    return (gateway, script)
  }

  /// Issue 25: the body was read before the signature headers were checked, so that an unsigned client
  /// could hold the server reading its body. An unsigned request is refused from its headers, at once,
  /// without its body.
  func testAnUnsignedRequestIsRefusedFromItsHeadersWithoutWaitingForItsBody() throws {
    let (_, opening) = try serveASlowClient([], signed: false)
    let script =
      opening + """
        slow.settimeout(5)
        started = time.monotonic()
        data = b""
        while b"}" not in data:
            chunk = slow.recv(1000)
            if not chunk:
                break
            data += chunk
        print(round(time.monotonic() - started, 2))
        print(data.decode())
        """
    let result = try python(["-c", script])
    XCTAssertEqual(result.status, 0, result.standardError)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    XCTAssertLessThan(Double(lines.first ?? "") ?? 99, 1.0, "answered at once: \(result.standardOutput)")
    XCTAssertTrue(result.standardOutput.contains("HTTP/1.1 401"), result.standardOutput)
    XCTAssertTrue(result.standardOutput.contains(#""field":"X-PayDrill-Token-Id""#), result.standardOutput)
  }

  /// Issue 25: unsigned requests grew the log (and the events file of `paydrill --serve`) without bound.
  /// Refusals are logged up to 100 a minute, then one line says how many were not.
  func testUnsignedRequestsDoNotGrowTheLogWithoutBound() throws {
    try PayDrillBinary.requirePython()
    let gateway = try serve()
    let script = """
      import urllib.request, urllib.error
      for index in range(400):
          try:
              urllib.request.urlopen("\(gateway.url)/api/v1/sessions/x", timeout=5)
          except urllib.error.HTTPError as error:
              assert error.code == 401, error.code
      """
    let result = try python(["-c", script])
    XCTAssertEqual(result.status, 0, result.standardError)
    let log = gateway.stop().output
    self.gateway = nil
    let refusals = log.split(separator: "\n").filter { $0.contains("GET /api/v1/sessions/x 401") }
    XCTAssertEqual(refusals.count, 100, "the first 100 of the minute")
    XCTAssertTrue(
      log.contains("- - 429 log: 300 more refusals in a minute were answered but not logged"), log)
  }

  func testARequestTricklingInPastTheRequestTimeoutIsCutOffAndLogged() throws {
    let (gateway, opening) = try serveASlowClient(["--request-timeout", "1"])
    // A byte every 0.3 s never leaves the connection idle for --connection-timeout's 10 s: only the request's
    // deadline ends it (at most 40 bytes are sent). Meanwhile the example backend gets its session.
    let script =
      opening + """
        slow.settimeout(0.3)
        sent, data, closed, other = 0, b"", False, None
        while not closed and sent < 40:
            try:
                slow.sendall(b"{")
            except OSError:
                break
            sent += 1
            if sent == 1:
                other = subprocess.run([sys.executable, "Examples/merchant-backend.py", "--url", "\(gateway.url)",
                                        "create"], capture_output=True).returncode
            try:
                chunk = slow.recv(1000)
                data += chunk
                closed = not chunk
            except socket.timeout:
                pass
            except ConnectionResetError:
                closed = True
        print(other, sent, closed, len(data))
        """
    let result = try python(["-c", script])
    XCTAssertEqual(result.status, 0, result.standardError)
    let fields = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
    XCTAssertEqual(fields.first, "0", "the other client got its session: \(result.standardOutput)")
    XCTAssertEqual(fields.dropFirst(2).first, "True", "cut off: \(result.standardOutput)")
    XCTAssertEqual(fields.last, "0", "without an answer: \(result.standardOutput)")
    let log = gateway.stop().output
    self.gateway = nil
    XCTAssertTrue(
      log.contains(
        "POST /api/v1/sessions 408 request: did not arrive whole (headers and body) within 1 seconds: "
          + "closed without an answer"), log)
    XCTAssertTrue(log.contains("POST /api/v1/sessions 200 session "), log)
  }

  func testASlowClientIsClosedWhileOthersAreServed() throws {
    let (gateway, opening) = try serveASlowClient(["--connection-timeout", "1"])
    // Half a request, then nothing: the server closes it after the timeout; meanwhile another is answered.
    let script =
      opening + """
        slow.sendall(b"{")
        started = time.monotonic()
        other = subprocess.run([sys.executable, "Examples/merchant-backend.py", "--url", "\(gateway.url)", "create"],
                               capture_output=True)
        answered = time.monotonic() - started
        slow.settimeout(10)
        data = slow.recv(1000)
        closed = time.monotonic() - started
        print(other.returncode, round(answered, 2), round(closed, 2), len(data))
        """
    let result = try python(["-c", script])
    XCTAssertEqual(result.status, 0, result.standardError)
    let fields = result.standardOutput.split(separator: " ").map(String.init)
    XCTAssertEqual(fields.first, "0", "the other client got its session: \(result.standardOutput)")
    XCTAssertLessThan(Double(fields[1]) ?? 99, 1.0, "without waiting for the slow one")
    XCTAssertLessThan(Double(fields[2]) ?? 99, 5.0, "the slow one is closed after about a second")
    XCTAssertEqual(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines), "0", "with no answer")
  }

  /// `merchant-backend.py create` ends with the command that pays in the session (on standard error:
  /// standard output stays the JSON), and `paydrill serve`'s log shows the payment a checkout made in
  /// another process as soon as a lookup reads it from the ledger: the session paid, the payment's id,
  /// status, amount and card, never its number.
  func testTheBackendSaysWhatToRunNextAndServesLogShowsThePayment() throws {
    try PayDrillBinary.requirePython()
    let gateway = try serve()
    let created = try backend(["create", "--amount", "12.34", "--currency", "EUR"])
    XCTAssertEqual(created.status, 0, created.standardError)
    let sessionId = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: Data(created.standardOutput.utf8)) as? [String: Any])?[
        "sessionId"] as? String)
    XCTAssertEqual(
      created.standardError.split(separator: "\n").last.map(String.init), "paydrill --session \(sessionId)")
    let tape = folder.appendingPathComponent("pay.tape")
    try PaymentTapes.card().write(to: tape, atomically: true, encoding: .utf8)
    let paid = try PayDrillBinary.run([
      "play", tape.path, "--session", sessionId, "--ledger", ledger, "--latency", "0",
    ])
    XCTAssertEqual(paid.status, 0, paid.standardError)
    let looked = try backend(["session", sessionId])
    XCTAssertEqual(looked.status, 0, looked.standardError)
    let log = gateway.stop().output
    let line = try XCTUnwrap(
      log.split(separator: "\n").first { $0.contains("GET /api/v1/sessions/\(sessionId) 200") }, log)
    XCTAssertTrue(line.contains("session \(sessionId) paid"), String(line))
    XCTAssertTrue(line.contains("succeeded 12.34 EUR card Visa ••••"), String(line))
    XCTAssertFalse(log.contains("4242424242424242"), "never a card number")
  }

  /// The issue's loop without a terminal: the example backend creates a session, a tape pays in it with
  /// --session, and the backend's lookup returns what onSuccess reported; a second payment is refused.
  func testTheBackendCreatesAHeadlessCheckoutPaysAndTheLookupAgrees() throws {
    try PayDrillBinary.requirePython()
    _ = try serve()
    let created = try backend(["create", "--amount", "1500", "--currency", "JPY"])
    XCTAssertEqual(created.status, 0, created.standardError)
    let session = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(created.standardOutput.utf8)) as? [String: Any])
    let sessionId = try XCTUnwrap(session["sessionId"] as? String)
    XCTAssertTrue((session["hmacKey"] as? String)?.hasSuffix("(redacted)") ?? false, "keys redacted")

    let tape = folder.appendingPathComponent("pay.tape")
    try PaymentTapes.card(then: #"Expect total "¥1,500""#).write(
      to: tape, atomically: true, encoding: .utf8)
    let events = folder.appendingPathComponent("events.jsonl")
    let paid = try PayDrillBinary.run([
      "play", tape.path, "--session", sessionId, "--ledger", ledger, "--latency", "0", "--events",
      events.path,
    ])
    XCTAssertEqual(paid.status, 0, paid.standardError)
    let success = try XCTUnwrap(
      try String(contentsOf: events, encoding: .utf8).split(separator: "\n").compactMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }.first { $0["event"] as? String == "onSuccess" })
    let systemTransactionId = try XCTUnwrap(success["systemTransactionId"] as? String)

    let verified = try backend(["verify", systemTransactionId])
    XCTAssertEqual(verified.status, 0, verified.standardError)
    answers.append(
      .init(
        method: "GET", path: "/api/v1/transactions/\(systemTransactionId)", status: 200,
        body: verified.standardOutput))
    let lookup = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(verified.standardOutput.utf8)) as? [String: Any])
    let transaction = try XCTUnwrap(lookup["transaction"] as? [String: Any])
    XCTAssertEqual(transaction["systemTransactionId"] as? String, systemTransactionId)
    XCTAssertEqual(
      transaction["merchantTransactionId"] as? String, success["merchantTransactionId"] as? String)
    XCTAssertEqual(transaction["status"] as? String, "succeeded")
    XCTAssertEqual(transaction["amount"] as? String, success["amount"] as? String)
    XCTAssertEqual(transaction["amount"] as? String, "1500")
    XCTAssertEqual(transaction["currencyCode"] as? String, "JPY")
    XCTAssertEqual(transaction["method"] as? String, "card")
    XCTAssertEqual((lookup["session"] as? [String: Any])?["state"] as? String, "paid")
    let byMerchant = try backend([
      "verify", "--merchant-transaction-id", try XCTUnwrap(success["merchantTransactionId"] as? String),
    ])
    XCTAssertEqual(byMerchant.status, 0, byMerchant.standardError)
    XCTAssertTrue(byMerchant.standardOutput.contains(systemTransactionId))

    // The session is spent: a second checkout on it is refused, and the lookup says so.
    let again = try PayDrillBinary.run([
      "play", tape.path, "--session", sessionId, "--ledger", ledger, "--latency", "0",
    ])
    XCTAssertEqual(again.status, 1)
    XCTAssertTrue(again.standardError.contains("SESSION_SPENT"), again.standardError)
    let state = try backend(["session", sessionId])
    XCTAssertTrue(state.standardOutput.contains(#""state": "spent""#), state.standardOutput)

    // In one checkout too: "Start a new checkout" after the payment makes up no session (only the backend
    // makes them); the checkout stays in the spent one and a second payment is refused.
    let second = try backend(["create", "--merchant-transaction-id", "e2e-twice"])
    XCTAssertEqual(second.status, 0, second.standardError)
    let secondId = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: Data(second.standardOutput.utf8)) as? [String: Any])?[
        "sessionId"] as? String)
    let payment = try String(contentsOf: tape, encoding: .utf8).split(separator: "\n").filter {
      !$0.hasPrefix("Wait") && !$0.hasPrefix("Expect")
    }.joined(separator: "\n")
    let payTwice = folder.appendingPathComponent("twice.tape")
    try """
    Wait /Choose a payment method/
    \(payment)
    Wait@10s /Payment successful/
    Enter
    Wait /is spent/
    Wait /Choose a payment method/
    \(payment)
    Wait@10s /SESSION_SPENT/
    """.write(to: payTwice, atomically: true, encoding: .utf8)
    let twice = try PayDrillBinary.run([
      "play", payTwice.path, "--session", secondId, "--ledger", ledger, "--latency", "0",
    ])
    XCTAssertEqual(twice.status, 0, twice.standardError)
    let lookedUp = try backend(["verify", "--merchant-transaction-id", "e2e-twice"])
    XCTAssertEqual(lookedUp.status, 0, lookedUp.standardError)
    answers.append(
      .init(
        method: "GET", path: "/api/v1/transactions?merchantTransactionId=e2e-twice", status: 200,
        body: lookedUp.standardOutput))
    let both = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(lookedUp.standardOutput.utf8)) as? [String: Any])
    let attempts = try XCTUnwrap(both["attempts"] as? [[String: Any]])
    XCTAssertEqual(
      attempts.map { $0["status"] as? String }, ["succeeded", "failed"],
      "one payment and one refusal, in the backend's session: \(lookedUp.standardOutput)")
    XCTAssertEqual(Set(attempts.map { $0["sessionId"] as? String }), [secondId])
    XCTAssertEqual(attempts.last?["errorCode"] as? String, "SESSION_SPENT")
    XCTAssertEqual((both["session"] as? [String: Any])?["state"] as? String, "spent")

    // An unknown session is refused before anything runs.
    let unknown = try PayDrillBinary.run(["play", tape.path, "--session", "nope", "--ledger", ledger])
    XCTAssertEqual(unknown.status, 2)
    XCTAssertTrue(unknown.standardError.contains("holds no session nope"), unknown.standardError)
    // And the backend's own refusal is its exit status and reason.
    let refused = try backend(["create", "--amount", "1.5", "--currency", "JPY"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.standardError.contains("amounts.transactionValue"), refused.standardError)
    let wrongToken = try backend(["--token-key", "nope", "create"])
    XCTAssertEqual(wrongToken.status, 1)
    XCTAssertTrue(wrongToken.standardError.contains("X-PayDrill-Signature"), wrongToken.standardError)
  }

  /// Loss-free under load: every 200 is a session the ledger holds once, every refusal names its reason.
  func testALoadOfSessionRequestsFrom64ClientsLosesNothing() throws {
    try PayDrillBinary.requirePython()
    _ = try serve()
    let ids = folder.appendingPathComponent("ids.txt")
    let requests = 20_000
    let result = try python([
      "Tools/session-load.py", "--url", gateway?.url ?? "", "--requests", "\(requests)", "--clients", "64",
      "--bad-every", "10", "--ids", ids.path,
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    let summary = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let ok = try XCTUnwrap(summary["ok"] as? Int)
    let refused = try XCTUnwrap(summary["refused"] as? [String: Int])
    XCTAssertEqual(summary["clients"] as? Int, 64)
    XCTAssertEqual(summary["failed"] as? Int, 0, "every request got an answer")
    XCTAssertEqual(summary["refusedWithoutReason"] as? Int, 0, "every refusal names its reason")
    XCTAssertEqual(Set(refused.keys), ["401 X-PayDrill-Request-Id", "400 amounts.currencyCode"])
    XCTAssertEqual(ok + refused.values.reduce(0, +), requests)
    XCTAssertEqual(ok, requests - requests / 10)
    let answered = try String(contentsOf: ids, encoding: .utf8).split(separator: "\n").map(String.init)
    XCTAssertEqual(answered.count, ok)
    let stored = try python([
      "-c",
      "import sqlite3, sys; print('\\n'.join(r[0] for r in sqlite3.connect(sys.argv[1]).execute('SELECT session_id FROM sessions')))",
      ledger,
    ])
    XCTAssertEqual(stored.status, 0, stored.standardError)
    let inLedger = stored.standardOutput.split(separator: "\n").map(String.init)
    XCTAssertEqual(inLedger.count, ok, "one row per 200, none for a refusal")
    XCTAssertEqual(Set(inLedger), Set(answered), "each 200's session is in the ledger")
    XCTAssertEqual(Set(answered).count, answered.count, "no session answered twice")
  }

  /// The issue's "done when", in a real terminal: `paydrill --serve` waits for the backend, shows its
  /// requests, opens on the session, pays, and the backend's lookup confirms it.
  func testTheCheckoutServesInTmuxPaysAndTheBackendConfirms() throws {
    try TmuxSession.requireTmux()
    try PayDrillBinary.requirePython()
    let binary = try PayDrillBinary.path()
    let tmux = try TmuxSession(
      command: "'\(binary)' --serve --listen 127.0.0.1:0 --ledger '\(ledger)' --latency 0")
    let waiting = try tmux.waitFor("Waiting for your backend")
    let screenURL = try XCTUnwrap(
      waiting.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression).map { String(waiting[$0]) })
    let refusedRun = try python([
      "Examples/merchant-backend.py", "--url", screenURL, "--token-key", "x", "create",
    ])
    XCTAssertEqual(refusedRun.status, 1)
    try tmux.waitFor("reason=X-PayDrill-Signature")
    let created = try python([
      "Examples/merchant-backend.py", "--url", screenURL, "create", "--amount", "12.34", "--currency", "EUR",
    ])
    XCTAssertEqual(created.status, 0, created.standardError)
    try tmux.waitFor("Choose a payment method")
    try tmux.waitFor("€12.34")
    try tmux.press("Enter")
    try tmux.waitFor("number")
    for (text, then) in [("4242424242424242", "Tab"), ("1234", "Tab"), ("123", "Tab"), ("Jane Doe", "Tab")] {
      try tmux.type(text)
      try tmux.press(then)
    }
    try tmux.press("Enter")
    let paid = try tmux.waitFor("Payment successful")
    let lines = paid.split(separator: "\n").map(String.init)
    let index = try XCTUnwrap(lines.firstIndex { $0.contains("systemTransactionId") })
    let systemTransactionId = try XCTUnwrap(
      lines[index + 1].split(separator: "│").first?.trimmingCharacters(in: .whitespaces))
    let verified = try python([
      "Examples/merchant-backend.py", "--url", screenURL, "verify", systemTransactionId,
    ])
    XCTAssertEqual(verified.status, 0, verified.standardError)
    XCTAssertTrue(verified.standardOutput.contains(#""amount": "12.34""#), verified.standardOutput)
    XCTAssertTrue(verified.standardOutput.contains(#""status": "succeeded""#), verified.standardOutput)
    // Enter: the session is spent, the checkout waits for the next; q quits, and the server with it.
    try tmux.press("Enter")
    try tmux.waitFor("Waiting for your backend")
    try tmux.press("q")
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline,
      (try? python(["Examples/merchant-backend.py", "--url", screenURL, "--timeout", "1", "create"]))?.status
        == 0
    {
      Thread.sleep(forTimeInterval: 0.2)
    }
    let after = try python(["Examples/merchant-backend.py", "--url", screenURL, "--timeout", "1", "create"])
    XCTAssertTrue(after.standardError.contains("cannot reach"), "the server ended with the checkout")
  }

  func testServeRefusesAnAddressInUseAndWarnsOffLoopback() throws {
    let gateway = try serve()
    let port = gateway.url.split(separator: ":").last.map(String.init) ?? ""
    let inUse = try PayDrillBinary.run(["serve", "--listen", "127.0.0.1:\(port)", "--no-ledger"])
    XCTAssertEqual(inUse.status, 2)
    XCTAssertTrue(inUse.standardError.contains("cannot listen on 127.0.0.1:\(port)"), inUse.standardError)
    let checkout = try PayDrillBinary.run(["--listen", "127.0.0.1:0"])
    XCTAssertEqual(checkout.status, 2)
    XCTAssertTrue(checkout.standardError.contains("--listen goes with --serve"), checkout.standardError)
    // Issue 25: an address other machines can reach with the development token was only warned about;
    // it is refused, saying how to make a token of one's own.
    // Under `timeout` where there is one: a server that did listen would never end.
    let timeout =
      FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout") ? ["/usr/bin/timeout", "10"] : []
    let exposed = try PayDrillBinary.run(
      ["serve", "--listen", "0.0.0.0:0", "--no-ledger"], launcher: timeout)
    XCTAssertEqual(exposed.status, 2)
    XCTAssertTrue(exposed.standardError.contains("will not listen on 0.0.0.0:0"), exposed.standardError)
    XCTAssertTrue(
      exposed.standardError.contains("--token-file tokens.txt"), exposed.standardError)
    let open = try ServedGateway(
      ledger: ledger + "-2", extra: ["--listen", "0.0.0.0:0", "--token", "team:a-key-of-our-own"])
    let stopped = open.stop()
    XCTAssertTrue(
      stopped.output.contains("warning: listening on 0.0.0.0:0, which other machines can reach"),
      stopped.output)
    XCTAssertFalse(stopped.output.contains("a-key-of-our-own"), "the key is never printed")
    // Any spelling of ::1 is loopback: no warning.
    let loopback = try ServedGateway(ledger: ledger + "-3", extra: ["--listen", "[0:0:0:0:0:0:0:1]:0"])
    let quiet = loopback.stop()
    XCTAssertFalse(quiet.output.contains("warning"), quiet.output)
  }
}
