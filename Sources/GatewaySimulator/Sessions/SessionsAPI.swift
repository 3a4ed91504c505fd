import CheckoutEngine
import Foundation
import Synchronization

/// The simulated sessions API (`api/v1/sessions`): it checks a request's signature and every rule of the
/// seed's session request, and answers with a session (`sessionId`, `hmacKey`, `encryptionKey`,
/// `sessionExpiry`, `allowedFundingTypes`) or a 400 that names the field.
public final class SessionsAPI: Sendable {
  /// How far a request's timestamp may be from the API's clock.
  public static let timestampWindow: Int64 = 5 * 60 * 1000

  private let seenRequestIds = Mutex<Set<String>>([])

  public init() {}

  /// A signed request as it arrives.
  public struct SignedRequest: Sendable {
    public var body: String
    public var tokenId: String
    public var timestamp: Int64
    public var requestId: String
    public var signature: String
    /// The path that was signed.
    public var path: String

    public init(
      body: String, tokenId: String, timestamp: Int64, requestId: String, signature: String,
      path: String = "api/v1/sessions"
    ) {
      self.path = path
      self.body = body
      self.tokenId = tokenId
      self.timestamp = timestamp
      self.requestId = requestId
      self.signature = signature
    }
  }

  /// Checks a request's signature against the token's key, the clock and the request ids already seen.
  public func verify(_ request: SignedRequest, tokenKey: String, now: Date) throws {
    guard MinifiedJSON.isMinified(request.body) else {
      throw SessionRequestError(
        status: 401, field: "signature", message: "the body is not minified: sign and send the minified body")
    }
    let expected = RequestSignature(
      tokenId: request.tokenId, timestamp: request.timestamp, requestId: request.requestId,
      path: request.path,
      body: request.body
    ).signature(tokenKey: tokenKey)
    guard expected == request.signature.lowercased() else {
      throw SessionRequestError(
        status: 401, field: "signature",
        message:
          "does not match: wrong token key, or a different tokenId:timestamp:requestId:path:body was signed")
    }
    let skew = abs(Int64(now.timeIntervalSince1970 * 1000) - request.timestamp)
    guard skew <= Self.timestampWindow else {
      throw SessionRequestError(
        status: 401, field: "timestamp",
        message:
          "stale: \(skew / 1000) s from the API's clock (the window is \(Self.timestampWindow / 60_000) minutes)"
      )
    }
    let reused = seenRequestIds.withLock { seen in !seen.insert(request.requestId).inserted }
    guard !reused else {
      throw SessionRequestError(
        status: 401, field: "requestId", message: "\(request.requestId) was already used")
    }
  }

  /// Validates a session request body and answers with a new session.
  public func createSession(body: String, now: Date) throws -> SessionData {
    guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else {
      throw SessionRequestError(field: "body", message: "expected a JSON object")
    }
    try Self.text(object["merchant"], field: "merchant", maximum: 20)
    try Self.text(object["site"], field: "site", maximum: 20)
    try Self.text(object["merchantTransactionId"], field: "merchantTransactionId", maximum: 50)
    guard let timeout = object["sessionTimeout"] as? NSNumber, !(object["sessionTimeout"] is Bool),
      timeout.intValue > 0
    else {
      throw SessionRequestError(field: "sessionTimeout", message: "expected a number of minutes above 0")
    }
    let intent = (object["transactionMethod"] as? [String: Any])?["intent"] as? [String: Any]
    guard let intent else {
      throw SessionRequestError(field: "transactionMethod.intent", message: "expected an object")
    }
    try Self.choice(
      intent["card"], field: "transactionMethod.intent.card",
      from: ["Authorisation", "Purchase", "Verification", "EstimatedAuthorisation"])
    try Self.choice(
      intent["paypal"], field: "transactionMethod.intent.paypal", from: ["Authorisation", "Purchase"])
    guard let amounts = object["amounts"] as? [String: Any] else {
      throw SessionRequestError(field: "amounts", message: "expected an object")
    }
    guard let code = amounts["currencyCode"] as? String, code.count == 3, let currency = Currency(code: code)
    else {
      throw SessionRequestError(
        field: "amounts.currencyCode", message: "expected an ISO 4217 code such as USD")
    }
    guard amounts["transactionValue"] != nil, let raw = Self.rawNumber(named: "transactionValue", in: body)
    else {
      throw SessionRequestError(field: "amounts.transactionValue", message: "expected a number")
    }
    if case .failure(let failure) = AmountParser.parse(raw, currency: currency) {
      throw SessionRequestError(field: "amounts.transactionValue", message: failure.description)
    }
    guard body.range(of: #""allowTransaction"\s*:\s*(true|false)"#, options: .regularExpression) != nil else {
      throw SessionRequestError(field: "allowTransaction", message: "expected true or false")
    }
    guard object["serviceType"] as? String == "CheckoutDropIn" else {
      throw SessionRequestError(
        field: "serviceType", message: "must be \"CheckoutDropIn\" for Drop-in integrations")
    }
    let expiry = now.addingTimeInterval(TimeInterval(timeout.intValue * 60))
    return SessionData(
      sessionId: UUID().uuidString.lowercased(), hmacKey: Self.randomHex(bytes: 32),
      encryptionKey: Self.randomHex(bytes: 16),
      sessionExpiry: Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(expiry),
      allowedFundingTypes: Scenario.acmeElectronics.session.allowedFundingTypes)
  }

  private static func text(_ value: Any?, field: String, maximum: Int) throws {
    guard let text = value as? String, !text.isEmpty else {
      throw SessionRequestError(field: field, message: "expected a string of 1 to \(maximum) characters")
    }
    guard text.count <= maximum else {
      throw SessionRequestError(field: field, message: "is \(text.count) characters; at most \(maximum)")
    }
  }

  private static func choice(_ value: Any?, field: String, from allowed: [String]) throws {
    guard let text = value as? String, allowed.contains(text) else {
      throw SessionRequestError(field: field, message: "expected one of \(allowed.joined(separator: ", "))")
    }
  }

  /// A number as written in the body, so that `1.0` and `1.234` keep their decimals (and a JSON number is
  /// told from `true`, which Foundation may bridge to the same value).
  private static func rawNumber(named key: String, in body: String) -> String? {
    let pattern = "\"\(key)\"\\s*:\\s*(-?[0-9]+(?:\\.[0-9]+)?)"
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: body, range: NSRange(body.startIndex..., in: body)),
      let range = Range(match.range(at: 1), in: body)
    else { return nil }
    return String(body[range])
  }

  private static func randomHex(bytes: Int) -> String {
    (0..<bytes).map { _ in
      let byte = UInt8.random(in: 0...255)
      let hex = String(byte, radix: 16)
      return hex.count == 1 ? "0" + hex : hex
    }.joined()
  }

  /// A secret shown the only way PayDrill shows secrets: its first and last four characters.
  public static func redacted(_ secret: String) -> String {
    guard secret.count > 8 else { return "••••" }
    return "\(secret.prefix(4))…\(secret.suffix(4)) (redacted)"
  }
}
