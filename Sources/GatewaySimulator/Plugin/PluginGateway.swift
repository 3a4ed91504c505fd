import CheckoutEngine
import Foundation

/// A gateway that another process plays (`--gateway-plugin "CMD ARGS"`): a team's own mock of its backend, in
/// any language, behind PayDrill.
///
/// The process is started with `/bin/sh -c "exec CMD ARGS"` on the first request. PayDrill writes one JSON
/// object per line to its stdin and reads one JSON object per line from its stdout; stderr is the plugin's
/// own (PayDrill keeps its last lines for error messages). One request is in flight at a time.
///
/// Every request has `"id"` (an increasing integer) and `"type"`; the answer echoes `"id"` (an answer with
/// another id is skipped as stale). Amounts are `{"value": "42.38", "currency": "USD"}`.
///
/// - `init` (Apple Pay's `POST /init`): `gatewayProfile`, `countryCode`, `currencyCode`, `networks` →
///   `{"countryCode", "currencyCode", "networks", "failure"?}`.
/// - `paypalOrder`: `intent`, `amount`, `merchantTransactionId`, `sessionId` → `{"orderId"}`.
/// - `authorise`: `method` (`card`, `applePay`, `paypal`, `paze`), `amount`, `intent`,
///   `merchantTransactionId`, `sessionId`, `idempotencyKey`; with a card `card: {number (all digits), expiryMonth, expiryYear,
///   securityCode, holderName, scheme}`, with PayPal `paypal: {orderId, funding}`, with Paze `paze: "visa"`;
///   `addressVerification: {countryCode, houseNumberOrName, postalCode}` when there is an address to check
///   (the card form's postcode, Apple Pay's `onPreAuthorisation`), `threeDSecureData: {…}` when the merchant
///   ran 3-D Secure itself (the seed's `ThreeDSecureData` fields).
///   Answer: `result` (`approved`, `declined`, `challenge` or `redirect`) and `systemTransactionId`
///   (approved, redirect), `transStatus` (approved after frictionless 3-D Secure), `returnURL` (redirect),
///   `acsTransactionId` (challenge), `errorCode` and `errorMessage` (declined); optionally `resultCode` (the
///   PSP's own, e.g. `Authorised`) and `avsResult`.
/// - `threeDSecureResult`: `acsTransactionId`, `code` (null when the shopper cancelled), `authorisation` (the
///   fields of the `authorise` request) → the same answer as `authorise`.
/// - `capture`, after an approval whose intent is `Purchase`: `systemTransactionId`, `amount` →
///   `{"captured": true}` or `{"captured": false, "errorMessage"}` (the payment is then declined with
///   `CAPTURE_FAILED`).
/// - `session` (`paydrill session --gateway-plugin`): `request` (the session request object) →
///   `{"response": {…}}` or `{"error": {"status": 400, "message"}}`.
///
/// Failures are `SdkError`s: `PLUGIN_UNAVAILABLE` (the process cannot be started, or the shell cannot find or
/// run the command: exit status 126 or 127 before any answer), `PLUGIN_CRASHED` (it ended before answering;
/// the next request starts it again), `GATEWAY_TIMEOUT` (no answer within `timeout`; the process is killed
/// and the next request starts it again) and `PLUGIN_PROTOCOL_ERROR` (an answer that is not what the request
/// asks for).
public struct PluginGateway: PaymentGateway {
  /// The command, as given to `--gateway-plugin`.
  public let command: String
  /// How long a request may wait for its answer.
  public let timeout: Duration
  private let process: JSONLinesProcess

  /// A gateway that starts `command` on its first request.
  public init(command: String, timeout: Duration = .seconds(5)) {
    self.init(process: JSONLinesProcess(command: command), timeout: timeout)
  }

  /// A gateway spoken to through `process` (the fuzzer's scripted peer plays the plugin there).
  public init(process: JSONLinesProcess, timeout: Duration = .seconds(5)) {
    command = process.command
    self.timeout = timeout
    self.process = process
  }

  // The plugin answers when it answers: on the real clock, through the interpreter.
  public func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome> {
    .later { await sendAuthorisation(request) }
  }

  public func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?)
    -> Reply<AuthorisationOutcome>
  {
    .later { await sendChallengeResult(challenge, code: code) }
  }

  public func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder> {
    .later { await sendPayPalOrder(request) }
  }

  public func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse> {
    .later { await sendInit(request) }
  }

  private func sendAuthorisation(_ request: AuthorisationRequest) async -> AuthorisationOutcome {
    let answer = await authorisationAnswer(type: "authorise", fields: Self.fields(of: request))
    return await settle(answer, request: request)
  }

  private func sendChallengeResult(_ challenge: ThreeDSecureChallenge, code: String?) async
    -> AuthorisationOutcome
  {
    let fields: [String: Any] = [
      "acsTransactionId": challenge.acsTransactionId, "code": code ?? NSNull(),
      "authorisation": Self.fields(of: challenge.request),
    ]
    let answer = await authorisationAnswer(type: "threeDSecureResult", fields: fields)
    return await settle(answer, request: challenge.request)
  }

  private func sendPayPalOrder(_ request: PayPalOrderRequest) async -> PayPalOrder {
    let fields: [String: Any] = [
      "intent": request.intent, "amount": Self.amount(request.amount),
      "merchantTransactionId": request.merchantTransactionId, "sessionId": request.sessionId,
    ]
    var order = PayPalOrder(orderId: "", intent: request.intent, amount: request.amount)
    switch await exchange("paypalOrder", fields) {
    case .success(let (object, text)):
      guard let orderId = object["orderId"] as? String, !orderId.isEmpty else {
        order.failure = PluginError.protocolError(
          type: "paypalOrder", expected: "\"orderId\" as a string", got: text)
        return order
      }
      order.orderId = CardNumberMask.masked(orderId)
    case .failure(let error):
      order.failure = error
    }
    return order
  }

  private func sendInit(_ request: ApplePayInitRequest) async -> ApplePayInitResponse {
    let fields: [String: Any] = [
      "gatewayProfile": request.gatewayProfile, "countryCode": request.countryCode,
      "currencyCode": request.currencyCode, "networks": request.networks,
      "merchantCapabilities": request.merchantCapabilities,
    ]
    var response = ApplePayInitResponse(
      gatewayProfile: request.gatewayProfile, countryCode: nil, currencyCode: nil, networks: [],
      hasPluginResultLogs: true)
    response.generation = request.generation
    switch await exchange("init", fields) {
    case .success(let (object, text)):
      func optionalString(_ key: String) -> String?? {
        guard let value = object[key], !(value is NSNull) else { return .some(nil) }
        return (value as? String).map { .some($0) }
      }
      guard let countryCode = optionalString("countryCode"),
        let currencyCode = optionalString("currencyCode"),
        let failure = optionalString("failure"),
        let merchantName = optionalString("merchantName"),
        let networks = (object["networks"] ?? [String]()) as? [String],
        let capabilities = (object["merchantCapabilities"] ?? [String]()) as? [String]
      else {
        response.failure =
          PluginError.protocolError(
            type: "init",
            expected: "countryCode, currencyCode, merchantName and failure as strings, "
              + "networks and merchantCapabilities as strings",
            got: text
          ).errorMessage
        return response
      }
      response.countryCode = countryCode
      response.currencyCode = currencyCode
      response.networks = networks
      response.merchantCapabilities = capabilities
      response.merchantName = merchantName.map(CardDataMask(nil).masking)
      response.failure = failure.map(CardDataMask(nil).masking)
    case .failure(let error):
      response.failure = error.errorMessage
    }
    return response
  }

  /// The sessions API played by the plugin: the response object (JSON), or the error it answered with
  /// (`SESSION_REFUSED`, message "400 …") or the plugin's failure.
  public func session(requestBody: Data) async -> Result<Data, SdkError> {
    guard let body = try? JSONSerialization.jsonObject(with: requestBody), body is [String: Any] else {
      return .failure(
        SdkError(errorCode: "SESSION_REFUSED", errorMessage: "400 body: expected a JSON object"))
    }
    switch await exchange("session", ["request": body]) {
    case .success(let (object, text)):
      if let response = object["response"] as? [String: Any],
        let data = try? JSONSerialization.data(withJSONObject: response, options: [.sortedKeys])
      {
        return .success(data)
      }
      if let error = object["error"] as? [String: Any], let message = error["message"] as? String {
        let status = StrictJSON.integer(error["status"]) ?? 400
        return .failure(
          SdkError(
            errorCode: "SESSION_REFUSED", errorMessage: "\(status) \(CardDataMask(nil).masking(message))"))
      }
      return .failure(
        PluginError.protocolError(
          type: "session", expected: "\"response\": {…} or \"error\": {\"status\", \"message\"}", got: text))
    case .failure(let error):
      return .failure(error)
    }
  }

  /// Ends the plugin's process once the request in flight has its answer: closes its stdin, sends SIGTERM,
  /// and SIGKILL if it has not exited within a second. A later request starts it again.
  public func shutDown() async {
    await process.shutDown()
  }

  /// The last lines the plugin wrote to stderr, the last one last.
  public func recentStandardError() async -> [String] {
    await process.stderrTail
  }

  /// The plugin's answer to `authorise` or `threeDSecureResult`, with its `resultCode` and `avsResult`.
  func authorisationAnswer(type: String, fields: [String: Any]) async -> Result<PluginAnswer, SdkError> {
    await exchange(type, fields).flatMap { _, text in
      Result { () throws(SdkError) in try PluginAnswer(line: Data(text.utf8), requestType: type) }
    }
  }

  /// The outcome of an answer; an approved `Purchase` is captured first.
  private func settle(_ answer: Result<PluginAnswer, SdkError>, request: AuthorisationRequest) async
    -> AuthorisationOutcome
  {
    // What the plugin said never carries the card it was sent.
    CardDataMask(request.card).masking(await decide(answer, request: request))
  }

  private func decide(_ answer: Result<PluginAnswer, SdkError>, request: AuthorisationRequest) async
    -> AuthorisationOutcome
  {
    let outcome: AuthorisationOutcome
    switch answer {
    case .success(let answer): outcome = answer.outcome(for: request)
    case .failure(let error): return .declined(error)
    }
    guard request.intent == "Purchase", let id = outcome.systemTransactionId else { return outcome }
    let fields: [String: Any] = ["systemTransactionId": id, "amount": Self.amount(request.amount)]
    switch await exchange("capture", fields) {
    case .success(let (object, text)):
      guard let captured = StrictJSON.boolean(object["captured"]) else {
        return .declined(
          PluginError.protocolError(type: "capture", expected: "\"captured\": true or false", got: text))
      }
      guard captured else {
        let message = object["errorMessage"] as? String ?? "The gateway plugin did not capture the payment"
        return .declined(SdkError(errorCode: "CAPTURE_FAILED", errorMessage: message))
      }
      return outcome
    case .failure(let error):
      return .declined(error)
    }
  }

  /// One request and its answer, as an object and as the line it came in.
  private func exchange(_ type: String, _ fields: [String: Any]) async
    -> Result<([String: Any], String), SdkError>
  {
    guard let data = try? JSONSerialization.data(withJSONObject: fields) else {
      return .failure(PluginError.protocolError(type: type, expected: "a request", got: "unencodable"))
    }
    return await process.exchange(type: type, fields: data, timeout: timeout).map { line in
      let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] ?? [:]
      // The line as an error quotes it.
      return (object, CardDataMask(nil).masking(String(decoding: line, as: UTF8.self)))
    }
    // What the plugin said when it failed (its stderr, a garbled line) never carries a card number.
    .mapError { CardDataMask(nil).masking(PluginError.error($0, type: type)) }
  }

  /// The request's fields as `authorise` sends them; the card's number in full, for the plugin only.
  static func fields(of request: AuthorisationRequest) -> [String: Any] {
    var fields: [String: Any] = [
      "method": request.method.rawValue, "amount": amount(request.amount), "intent": request.intent,
      "merchantTransactionId": request.merchantTransactionId, "sessionId": request.sessionId,
      "idempotencyKey": request.idempotencyKey,
    ]
    if let card = request.card {
      fields["card"] =
        [
          "number": card.number.digits, "expiryMonth": card.expiryMonth, "expiryYear": card.expiryYear,
          "securityCode": card.securityCode, "holderName": card.holderName,
          "scheme": card.number.scheme?.sessionName ?? NSNull(),
        ] as [String: Any]
    }
    if let payPal = request.payPal {
      fields["paypal"] = ["orderId": payPal.orderId, "funding": payPal.funding.rawValue]
    }
    if let paze = request.paze {
      fields["paze"] = paze.rawValue
    }
    if let address = request.addressVerification {
      fields["addressVerification"] = [
        "countryCode": address.countryCode, "houseNumberOrName": address.houseNumberOrName,
        "postalCode": address.postalCode,
      ]
    }
    if let secure = request.threeDSecureData {
      fields["threeDSecureData"] = [
        "threeDSecureVersion": secure.threeDSecureVersion,
        "electronicCommerceIndicator": secure.electronicCommerceIndicator,
        "cardHolderAuthenticationVerificationValue": secure.cardHolderAuthenticationVerificationValue,
        "directoryServerTransactionId": secure.directoryServerTransactionId,
        "threeDSecureTransactionStatus": secure.threeDSecureTransactionStatus,
      ]
    }
    return fields
  }

  /// An amount as the protocol writes it: `{"value": "42.38", "currency": "USD"}`.
  static func amount(_ money: Money) -> [String: Any] {
    ["value": money.plainString, "currency": money.currency.code]
  }
}
