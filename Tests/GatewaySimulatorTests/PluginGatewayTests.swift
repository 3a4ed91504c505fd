import CheckoutTestSupport
import Foundation
import XCTest

@testable import CheckoutEngine
@testable import GatewaySimulator

/// The plugin protocol end to end: the real `Examples/gateway-plugin.py` through `PluginGateway`, and small
/// scripts that crash, hang, or answer nonsense.
final class PluginGatewayTests: XCTestCase {
  private var gateways: [PluginGateway] = []
  private var scratch: URL!

  override func setUp() async throws {
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("paydrill-plugin-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    for gateway in gateways { await gateway.shutDown() }
    try? FileManager.default.removeItem(at: scratch)
  }

  // MARK: - The example plugin

  func testAnApprovingCardIsApproved() async throws {
    let outcome = try await examplePlugin().authorise(cardRequest("4242424242424242")).value
    guard case .approved(let id) = outcome.decision else { return XCTFail("\(outcome)") }
    XCTAssertEqual(UUID(uuidString: id)?.uuidString.lowercased(), id, "the plugin's transaction id")
    XCTAssertEqual(outcome.report?.resultCode, "Authorised", "the plugin's own result code is reported")
    XCTAssertNil(outcome.report?.addressVerification, "no address, no AVS")
  }

  func testTheAddressAndMerchant3DSReachThePlugin() async throws {
    let gateway = try examplePlugin()
    var request = cardRequest("4242424242424242")
    request.addressVerification = ApplePayTransactionInitData.AddressVerification(
      countryCode: "GB", houseNumberOrName: "1", postalCode: "SW1A 1AA")
    let matched = await gateway.authorise(request).value
    XCTAssertEqual(matched.report?.addressVerification, .fullMatch)
    request.addressVerification?.postalCode = "33333"
    request.idempotencyKey = "k-2"
    let declined = await gateway.authorise(request).value
    XCTAssertEqual(declined.declineCode, "AVS_DECLINED")
    XCTAssertEqual(declined.report?.addressVerification, .noMatch)
    var applePay = cardRequest("4000000000003220", method: .applePay)
    applePay.threeDSecureData = ApplePayTransactionInitData.ThreeDSecureData(
      threeDSecureVersion: "2.1.0", electronicCommerceIndicator: "eci5",
      cardHolderAuthenticationVerificationValue: "AAAB", directoryServerTransactionId: "ds",
      threeDSecureTransactionStatus: "A")
    let supplied = await gateway.authorise(applePay).value
    guard case .approvedWithThreeDSecure(_, let result) = supplied.decision else {
      return XCTFail("\(supplied)")
    }
    XCTAssertEqual(result.transStatus, "A", "the merchant's 3-D Secure skipped the challenge")
  }

  func testTheDecliningCardIsDeclinedWithThePluginsError() async throws {
    let outcome = try await examplePlugin().authorise(cardRequest("4000000000000002")).value
    XCTAssertEqual(
      outcome.decision,
      .declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined.")))
    XCTAssertEqual(outcome.report?.resultCode, "Refused")
  }

  func testAChallengeThenTheRightCodeApprovesWith3DS() async throws {
    let gateway = try examplePlugin()
    let request = cardRequest("4000000000003220")
    guard case .challengeRequired(let challenge) = await gateway.authorise(request).value.decision else {
      return XCTFail("expected a challenge")
    }
    XCTAssertTrue(challenge.acsTransactionId.hasPrefix("acs-"))
    XCTAssertEqual(challenge.scheme, .visa)
    XCTAssertEqual(challenge.request, request)
    let outcome = await gateway.completeChallenge(challenge, code: "1234").value
    guard case .approvedWithThreeDSecure(_, let result) = outcome.decision else {
      return XCTFail("\(outcome)")
    }
    XCTAssertEqual(result, ThreeDSecureResult(transStatus: "Y", network: .visa))
    XCTAssertEqual(result.eci, "05")
  }

  func testAChallengeWithTheWrongCodeOrCancelledIsDeclined() async throws {
    let gateway = try examplePlugin()
    guard
      case .challengeRequired(let challenge) = await gateway.authorise(cardRequest("4000000000003220")).value
        .decision
    else { return XCTFail("expected a challenge") }
    let wrong = await gateway.completeChallenge(challenge, code: "0000").value
    XCTAssertEqual(wrong.declineCode, "THREE_DS_FAILED")
    let cancelled = await gateway.completeChallenge(challenge, code: nil).value
    XCTAssertEqual(cancelled.declineCode, "THREE_DS_CANCELLED")
  }

  func testAPurchaseIsCapturedAndAFailedCaptureDeclines() async throws {
    var request = cardRequest("4242424242424242")
    request.intent = "Purchase"
    let outcome = try await examplePlugin().authorise(request).value
    XCTAssertNotNil(outcome.systemTransactionId, "\(outcome)")

    let log = scratch.appendingPathComponent("requests.log").path
    let refusing = try script(
      "refuse-capture.py",
      """
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          with open(\(pythonString(log)), "a") as log:
              log.write(request["type"] + " " + json.dumps(request.get("amount")) + "\\n")
          if request["type"] == "capture":
              answer = {"captured": False, "errorMessage": "Capture window closed"}
          else:
              answer = {"result": "approved", "systemTransactionId": "tx-9"}
          print(json.dumps({"id": request["id"], **answer}), flush=True)
      """)
    let refused = try await gateway(python: refusing).authorise(request).value
    XCTAssertEqual(
      refused, .declined(SdkError(errorCode: "CAPTURE_FAILED", errorMessage: "Capture window closed")))
    let amount = #"{"currency": "USD", "value": "49.99"}"#
    XCTAssertEqual(
      try String(contentsOfFile: log, encoding: .utf8), "authorise \(amount)\ncapture \(amount)\n")
  }

  func testAnAuthorisationIsNotCaptured() async throws {
    let log = scratch.appendingPathComponent("requests.log").path
    let logging = try script(
      "log.py",
      """
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          with open(\(pythonString(log)), "a") as log:
              log.write(request["type"] + "\\n")
          answer = {"id": request["id"], "result": "approved", "systemTransactionId": "t"}
          print(json.dumps(answer), flush=True)
      """)
    let outcome = try await gateway(python: logging).authorise(cardRequest("4242424242424242")).value
    XCTAssertEqual(outcome, .approved(systemTransactionId: "t"))
    XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "authorise\n")
  }

  func testAppleInitEchoesAndKeepsTheGeneration() async throws {
    var request = ApplePayInitRequest(
      gatewayProfile: "adyen", countryCode: "US", currencyCode: "USD", networks: ["visa", "mc"], fault: nil)
    request.generation = 3
    let response = try await examplePlugin().applePayInit(request).value
    var expected = ApplePayInitResponse(
      gatewayProfile: "adyen", countryCode: "US", currencyCode: "USD", networks: ["visa", "mc"],
      hasPluginResultLogs: true)
    expected.generation = 3
    XCTAssertEqual(response, expected)
    XCTAssertNil(response.problem)
  }

  /// The Apple Pay plugin's seed (Setup): capabilities are configured on the dashboard and reach the app
  /// through `/init`; `/init` may name the merchant of the total line. The plugin gets the dashboard's
  /// capabilities and answers them, and a merchant name, which are read (card numbers cut, as in `failure`).
  func testPursePluginInitAnswersCapabilitiesAndAMerchantName() async throws {
    var request = ApplePayInitRequest(
      gatewayProfile: "default", countryCode: "US", currencyCode: "USD", networks: ["visa"], fault: nil)
    request.merchantCapabilities = ["threeDSecure", "credit"]
    let echoed = try await examplePlugin().applePayInit(request).value
    XCTAssertEqual(echoed.merchantCapabilities, ["threeDSecure", "credit"])
    XCTAssertNil(echoed.merchantName)
    let naming = try script(
      "naming.py",
      """
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          answer = {"id": request["id"], "countryCode": "US", "currencyCode": "USD", "networks": [],
                    "merchantCapabilities": ["debit"], "merchantName": "Store 4111 1111 1111 1111"}
          print(json.dumps(answer), flush=True)
      """)
    let named = try await gateway(python: naming).applePayInit(request).value
    XCTAssertEqual(named.merchantCapabilities, ["debit"])
    XCTAssertEqual(named.merchantName, "Store ••••1111")
    XCTAssertNil(named.problem)
  }

  func testAPayPalOrder() async throws {
    let request = PayPalOrderRequest(
      intent: "Purchase", amount: Money(minorUnits: 4238, currency: .usd), merchantTransactionId: "m-1",
      sessionId: "s-1")
    let order = try await examplePlugin().createPayPalOrder(request).value
    XCTAssertNil(order.failure)
    XCTAssertTrue(order.orderId.hasPrefix("PAYID-"), order.orderId)
    XCTAssertEqual(order.intent, "Purchase")
    XCTAssertEqual(order.amount, request.amount)
  }

  func testWalletsAreApproved() async throws {
    let gateway = try examplePlugin()
    var payPal = AuthorisationRequest(
      method: .paypal, card: nil, amount: Money(minorUnits: 4999, currency: .usd), intent: "Authorisation",
      merchantTransactionId: "m-1", idempotencyKey: "m-1-1")
    payPal.payPal = PayPalApproval(orderId: "PAYID-1", funding: .paylater)
    let payPalOutcome = await gateway.authorise(payPal).value
    XCTAssertNotNil(payPalOutcome.systemTransactionId, "\(payPalOutcome)")
    var paze = payPal
    paze.method = .paze
    paze.payPal = nil
    paze.paze = .visa
    let pazeOutcome = await gateway.authorise(paze).value
    XCTAssertNotNil(pazeOutcome.systemTransactionId, "\(pazeOutcome)")
  }

  func testASessionIsCreated() async throws {
    let body = Data(#"{"merchant":"acme","site":"web","sessionTimeout":15}"#.utf8)
    let result = try await examplePlugin().session(requestBody: body)
    let data = try result.get()
    let session = try JSONDecoder().decode(SessionData.self, from: data)
    XCTAssertNil(session.initialisationProblem)
    XCTAssertEqual(session.allowedFundingTypes.acceptedSchemes, [.visa, .mastercard, .americanExpress])
    XCTAssertGreaterThan(try XCTUnwrap(session.expiry), Date())
  }

  func testASessionWithoutAMerchantIsRefused() async throws {
    let result = try await examplePlugin().session(requestBody: Data(#"{"site":"web"}"#.utf8))
    XCTAssertEqual(
      result.failure,
      SdkError(
        errorCode: "SESSION_REFUSED", errorMessage: "400 merchant: expected a string of 1 to 20 characters"))
  }

  // MARK: - Plugins that fail

  func testACrashIsReportedWithStderrAndTheNextRequestStartsThePluginAgain() async throws {
    let marker = scratch.appendingPathComponent("crashed-once").path
    let crashesOnce = try script(
      "crash-once.sh",
      """
      if [ ! -e '\(marker)' ]; then
        touch '\(marker)'
        read line
        echo "starting up" >&2
        echo "KeyError: 'merchant'" >&2
        exit 3
      fi
      exec python3 '\(examplePath)'
      """)
    try requirePython()
    let gateway = gateway("sh '\(crashesOnce)'")
    let crashed = await gateway.authorise(cardRequest("4242424242424242")).value
    XCTAssertEqual(
      crashed,
      .declined(
        SdkError(
          errorCode: "PLUGIN_CRASHED",
          errorMessage: "The gateway plugin exited with status 3 during authorise: KeyError: 'merchant'")))
    let stderr = await gateway.recentStandardError()
    XCTAssertEqual(stderr, ["starting up", "KeyError: 'merchant'"])
    let again = await gateway.authorise(cardRequest("4242424242424242")).value
    XCTAssertNotNil(again.systemTransactionId, "\(again)")
  }

  func testAPluginThatNeverAnswersTimesOutAndIsRestarted() async throws {
    let starts = scratch.appendingPathComponent("starts").path
    let silent = try script("silent.sh", "echo start >> '\(starts)'\nread line\nexec sleep 60\n")
    let gateway = gateway("sh '\(silent)'", timeout: .milliseconds(500))
    for attempt in 1...2 {
      let started = ContinuousClock.now
      let outcome = await gateway.authorise(cardRequest("4242424242424242")).value
      XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
      XCTAssertEqual(
        outcome,
        .declined(
          SdkError(
            errorCode: "GATEWAY_TIMEOUT",
            errorMessage: "The gateway plugin did not answer authorise within 0.5 s"
          )), "attempt \(attempt)")
    }
    XCTAssertEqual(
      try String(contentsOfFile: starts, encoding: .utf8), "start\nstart\n", "killed, then started again")
  }

  func testAPluginThatNeverReadsTimesOut() async throws {
    let deaf = try script("deaf.sh", "exec sleep 60\n")
    let gateway = gateway("sh '\(deaf)'", timeout: .milliseconds(500))
    let started = ContinuousClock.now
    let order = await gateway.createPayPalOrder(
      PayPalOrderRequest(
        intent: "Purchase", amount: Money(minorUnits: 100, currency: .usd), merchantTransactionId: "m",
        sessionId: "s")
    ).value
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
    XCTAssertEqual(order.failure?.errorCode, "GATEWAY_TIMEOUT")
    XCTAssertEqual(order.orderId, "")
  }

  func testGarbageIsAProtocolError() async throws {
    let chatty = try script("hello.sh", "while read line; do echo hello; done\n")
    let outcome = await gateway("sh '\(chatty)'").authorise(cardRequest("4242424242424242")).value
    XCTAssertEqual(
      outcome,
      .declined(
        SdkError(
          errorCode: "PLUGIN_PROTOCOL_ERROR",
          errorMessage: "The gateway plugin's answer to authorise is unusable: "
            + "expected one JSON object per line, got \"hello\"")))
  }

  func testAnAnswerWithoutAResultIsAProtocolErrorThatMasksTheCard() async throws {
    // Valid JSON with the right id, but no "result"; and it quotes the card's full number back.
    let echo = try script(
      "no-result.py",
      """
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          print(json.dumps({"id": request["id"], "card": request["card"]["number"]}), flush=True)
      """)
    let outcome = try await gateway(python: echo).authorise(cardRequest("4242424242424242")).value
    guard case .declined(let error) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(error.errorCode, "PLUGIN_PROTOCOL_ERROR")
    XCTAssertTrue(
      error.errorMessage.hasPrefix(
        "The gateway plugin's answer to authorise is unusable: expected \"result\": one of \"approved\", "),
      error.errorMessage)
    XCTAssertTrue(error.errorMessage.hasSuffix(#"got "{"id": 1, "card": "••••4242"}""#), error.errorMessage)
  }

  /// Issue 25: a plugin's `errorCode` and `resultCode` were not masked, so a card number in them reached
  /// `--events` and the ledger. Every string the plugin chose is masked as its message is.
  func testEveryStringOfAPluginsAnswerIsMasked() async throws {
    let echo = try script(
      "echo-codes.py",
      """
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          card = request["card"]
          print(json.dumps({"id": request["id"], "result": "declined", "errorCode": card["number"],
              "errorMessage": "refused", "resultCode": "pan " + card["number"] + " cvc " + card["securityCode"]}),
              flush=True)
      """)
    let outcome = try await gateway(python: echo).authorise(cardRequest("4242424242424242")).value
    XCTAssertEqual(outcome.declineCode, "••••4242")
    XCTAssertEqual(outcome.report?.resultCode, "pan ••••4242 cvc •••")
  }

  func testALongAnswerIsQuotedShort() async throws {
    let long = try script("long.sh", "while read line; do echo \"$(printf 'x%.0s' $(seq 1 500))\"; done\n")
    let outcome = await gateway("sh '\(long)'").authorise(cardRequest("4242424242424242")).value
    guard case .declined(let error) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(error.errorCode, "PLUGIN_PROTOCOL_ERROR")
    XCTAssertTrue(error.errorMessage.hasSuffix("got \"" + String(repeating: "x", count: 60) + "…\""))
  }

  /// Hardening: an answer line of 900 KB is read (it was rescanned on every read: seconds, then a false
  /// timeout); a line past 1 MB is a protocol error saying so, as soon as it passes; stderr without newlines
  /// is kept bounded, its line cut.
  func testALongAnswerIsReadAndALinePastOneMegabyteIsAProtocolError() async throws {
    let big = try script(
      "big.py",
      """
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          sys.stderr.write("z" * 3000000)
          sys.stderr.flush()
          size = 900000 if request["card"]["number"].endswith("4242") else 1200000
          answer = {"id": request["id"], "result": "approved", "systemTransactionId": "tx-1", "padding": "p" * size}
          print(json.dumps(answer), flush=True)
      """)
    let plugin = try gateway(python: big)
    let outcome = await plugin.authorise(cardRequest("4242424242424242")).value
    guard case .approved = outcome.decision else { return XCTFail("\(outcome)") }
    let refused = await plugin.authorise(cardRequest("5555555555554444")).value
    guard case .declined(let error) = refused else { return XCTFail("\(refused)") }
    XCTAssertEqual(error.errorCode, "PLUGIN_PROTOCOL_ERROR")
    XCTAssertTrue(error.errorMessage.contains("expected a line of at most 1 MB"), error.errorMessage)
    let tail = await plugin.recentStandardError()
    XCTAssertLessThanOrEqual(tail.joined().utf8.count, 5 * (JSONLinesChannel.stderrLineLimit + 4), "bounded")
  }

  func testAStaleAnswerIsSkipped() async throws {
    let stale = try script(
      "stale.py",
      """
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          old = {"id": request["id"] - 1, "result": "declined", "errorCode": "OLD"}
          print(json.dumps(old), flush=True)
          new = {"id": request["id"], "result": "approved", "systemTransactionId": "new"}
          print(json.dumps(new), flush=True)
      """)
    let outcome = try await gateway(python: stale).authorise(cardRequest("4242424242424242")).value
    XCTAssertEqual(outcome, .approved(systemTransactionId: "new"))
  }

  func testAResultTheProtocolDoesNotKnowIsAProtocolError() async throws {
    let unknown = try script(
      "pending.py",
      """
      import json, sys
      for line in sys.stdin:
          print(json.dumps({"id": json.loads(line)["id"], "result": "pending"}), flush=True)
      """)
    let outcome = try await gateway(python: unknown).authorise(cardRequest("4242424242424242")).value
    XCTAssertEqual(outcome.declineCode, "PLUGIN_PROTOCOL_ERROR")
  }

  /// A command the shell cannot find is PLUGIN_UNAVAILABLE (the shell's exit status 127 before any answer),
  /// with the command and the shell's words.
  func testACommandThatDoesNotExistIsUnavailable() async throws {
    let gateway = gateway("paydrill-no-such-plugin --flag")
    let outcome = await gateway.authorise(cardRequest("4242424242424242")).value
    guard case .declined(let error) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(error.errorCode, "PLUGIN_UNAVAILABLE")
    XCTAssertTrue(
      error.errorMessage.hasPrefix(
        "The gateway plugin `paydrill-no-such-plugin --flag` could not be started: "), error.errorMessage)
    XCTAssertTrue(error.errorMessage.contains("not found"), error.errorMessage)
    let response = await gateway.applePayInit(
      ApplePayInitRequest(
        gatewayProfile: "default", countryCode: "US", currencyCode: "USD", networks: [], fault: nil)
    ).value
    XCTAssertEqual(response.failure, error.errorMessage, "init fails the same way, as its failure")
  }

  func testShutDownEndsEvenAPluginThatIgnoresSIGTERM() async throws {
    let pidFile = scratch.appendingPathComponent("pid").path
    let stubborn = try script(
      "stubborn.sh",
      """
      trap '' TERM
      echo $$ > '\(pidFile)'
      read line
      echo '{"id": 1, "result": "approved", "systemTransactionId": "t"}'
      exec sleep 60
      """)
    let gateway = gateway("sh '\(stubborn)'")
    let outcome = await gateway.authorise(cardRequest("4242424242424242")).value
    XCTAssertEqual(outcome, .approved(systemTransactionId: "t"))
    let pid = try XCTUnwrap(
      Int32(
        try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    XCTAssertEqual(kill(pid, 0), 0, "the plugin runs")
    let started = ContinuousClock.now
    await gateway.shutDown()
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
    XCTAssertEqual(kill(pid, 0), -1, "the plugin is gone")
  }

  // MARK: - Helpers

  private var examplePath: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/gateway-plugin.py").path
  }

  /// A gateway on the example plugin.
  private func examplePlugin() throws -> PluginGateway {
    try requirePython()
    return gateway("python3 '\(examplePath)'")
  }

  private func gateway(_ command: String, timeout: Duration = .seconds(5)) -> PluginGateway {
    let gateway = PluginGateway(command: command, timeout: timeout)
    gateways.append(gateway)
    return gateway
  }

  private func gateway(python script: String) throws -> PluginGateway {
    try requirePython()
    return gateway("python3 '\(script)'")
  }

  /// Writes a script into the test's scratch folder and answers its path.
  private func script(_ name: String, _ text: String) throws -> String {
    let url = scratch.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  private func pythonString(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'"
  }

  /// Skips without python3, except on CI, where its absence is a failure.
  private func requirePython() throws {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/bin/sh")
    probe.arguments = ["-c", "command -v python3 >/dev/null"]
    try probe.run()
    probe.waitUntilExit()
    guard probe.terminationStatus != 0 else { return }
    throw Requirement.missing("python3 is not on PATH: the gateway plugin tests need it")
  }
}

extension AuthorisationOutcome {
  /// The error code of a decline, or nil.
  fileprivate var declineCode: String? {
    if case .declined(let error) = decision { return error.errorCode }
    return nil
  }
}

extension Result {
  /// The error, or nil.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
