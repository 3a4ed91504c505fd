import CheckoutEngine
import Foundation
import StrictJSON

/// The simulated sessions API (`api/v1/sessions`): it checks a request's signature and every rule of the
/// seed's session request, and answers with a session (`sessionId`, `hmacKey`, `encryptionKey`,
/// `sessionExpiry`, `allowedFundingTypes`) or a 400 that names the field.
public final class SessionsAPI: Sendable {
  /// How far a request's timestamp may be from the API's clock.
  public static let timestampWindow: Int64 = 5 * 60 * 1000

  /// The request ids taken within `requestIdMemory`: never taken twice.
  private let requestIds: any RequestIdRegistry

  public init(requestIds: any RequestIdRegistry = InMemoryRequestIds()) {
    self.requestIds = requestIds
  }

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

  /// Checks a request's signature against the token's key, the clock and the request ids already seen. An
  /// empty body (a lookup's) is signed as empty.
  public func verify(_ request: SignedRequest, tokenKey: String, now: Date) throws {
    try authenticate(request, tokenKey: tokenKey, now: now)
    try claim(request.requestId, at: now)
  }

  /// Checks a request's timestamp against the clock, then its signature against the token's key, leaving
  /// its request id untaken (`paydrill serve` takes it in the same commit as the session it creates:
  /// `claim` or the store's `insert(_:claiming:at:)` comes next). `bodyIsJSON` says that the body was
  /// already read as JSON, so that only its whitespace is looked at.
  public func authenticate(
    _ request: SignedRequest, tokenKey: String, now: Date, bodyIsJSON: Bool = false
  ) throws {
    try Self.checkWindow(request.timestamp, now: now)
    let minified =
      request.body.isEmpty
      || (bodyIsJSON
        ? MinifiedJSON.isMinified(validJSON: request.body) : MinifiedJSON.isMinified(request.body))
    guard minified else {
      throw SessionRequestError(
        status: 401, field: "signature", message: "the body is not minified: sign and send the minified body")
    }
    let expected = RequestSignature(
      tokenId: request.tokenId, timestamp: request.timestamp, requestId: request.requestId,
      path: request.path,
      body: request.body
    ).signature(tokenKey: tokenKey)
    guard RequestSignature.matches(expected, request.signature) else {
      throw SessionRequestError(
        status: 401, field: "signature", message: Self.mismatch(request, tokenKey: tokenKey))
    }
  }

  /// Checks that a timestamp (Unix milliseconds) is within the window of the clock, for any `Int64` a
  /// request can send: the difference is taken without trapping, and one too large to be a difference at
  /// all is stale like any other out of the window.
  public static func checkWindow(_ timestamp: Int64, now: Date) throws {
    let clock = Int64(now.timeIntervalSince1970 * 1000)
    let (difference, overflow) = clock.subtractingReportingOverflow(timestamp)
    guard overflow || difference.magnitude > UInt64(timestampWindow) else { return }
    let distance = overflow ? "further than any time" : "\(difference.magnitude / 1000) s"
    throw SessionRequestError(
      status: 401, field: "timestamp",
      message: "stale: \(distance) from the API's clock (the window is \(timestampWindow / 60_000) minutes)")
  }

  /// How long a request id is remembered: twice the timestamp window, so that a request cannot be sent
  /// again while its timestamp is still in the window (a timestamp up to one window ahead of the clock
  /// stays in it for two). Past it, a request with that id is refused as stale anyway.
  public static let requestIdMemory: TimeInterval = 2 * TimeInterval(timestampWindow) / 1000

  /// Takes a request id (kept for `requestIdMemory`); a 401 when it was taken before, a 503 when the
  /// registry cannot be written.
  public func claim(_ requestId: String, at now: Date) throws {
    let taken: Bool
    do {
      taken = try requestIds.claim(requestId, at: now)
    } catch {
      throw SessionRequestError(
        status: 503, field: "ledger", message: "the request id cannot be recorded: \(error)")
    }
    guard taken else { throw Self.reused(requestId) }
  }

  /// The refusal of a request id taken before.
  public static func reused(_ requestId: String) -> SessionRequestError {
    SessionRequestError(status: 401, field: "requestId", message: "\(requestId) was already used")
  }

  /// Why a signature does not match, naming the part that differs where PayDrill can tell: a path signed
  /// with its leading slash (or without the one it has), else what was received.
  static func mismatch(_ request: SignedRequest, tokenKey: String) -> String {
    let otherPath =
      request.path.hasPrefix("/") ? String(request.path.dropFirst()) : "/" + request.path
    let other = RequestSignature(
      tokenId: request.tokenId, timestamp: request.timestamp, requestId: request.requestId, path: otherPath,
      body: request.body)
    if RequestSignature.matches(other.signature(tokenKey: tokenKey), request.signature) {
      return "does not match: the path part was signed as \"\(otherPath)\"; sign \"\(request.path)\""
    }
    return "does not match: wrong token key, or a different tokenId:timestamp:requestId:path:body was signed "
      + "(received \(request.tokenId):\(request.timestamp):\(request.requestId):\(request.path): and a body of "
      + "\(request.body.utf8.count) bytes)"
  }

  /// Decodes a session request body with the seed's fields and types, checks its rules, and answers with a
  /// new session; a 400 names the field at fault.
  public func createSession(body: String, now: Date) throws -> SessionData {
    try open(body: body, tokenId: "", now: now).data
  }

  /// The same as `createSession`, with what the request asked for kept beside the session's response
  /// (`paydrill serve` stores it; a checkout opens on it).
  public func open(body: String, tokenId: String, now: Date) throws -> ServerSession {
    try open(try SessionRequest.decode(body), tokenId: tokenId, now: now)
  }

  /// The same, from a body already read as JSON.
  public func open(json: JSONValue, tokenId: String, now: Date) throws -> ServerSession {
    try open(try SessionRequest.decode(json), tokenId: tokenId, now: now)
  }

  private func open(_ request: SessionRequest, tokenId: String, now: Date) throws -> ServerSession {
    let amount = try request.check()
    let expiry = now.addingTimeInterval(request.timeout)
    let data = SessionData(
      sessionId: Self.randomUUID().uuidString.lowercased(), hmacKey: Self.randomHex(bytes: 32),
      encryptionKey: Self.randomHex(bytes: 16),
      sessionExpiry: Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(expiry),
      allowedFundingTypes: Scenario.acmeElectronics.session.allowedFundingTypes)
    return ServerSession(
      data: data, merchant: request.merchant, site: request.site,
      merchantTransactionId: request.merchantTransactionId, amount: amount,
      cardIntent: request.transactionMethod.intent.card,
      paypalIntent: request.transactionMethod.intent.paypal,
      allowTransaction: request.allowTransaction, tokenId: tokenId, createdAt: now)
  }

  /// A version 4 UUID from the system's generator: two draws (`UUID()` reads /dev/urandom, opening it each
  /// time, on Linux).
  static func randomUUID() -> UUID {
    var generator = SystemRandomNumberGenerator()
    let high: UInt64 = generator.next()
    let low: UInt64 = generator.next()
    // Version 4 in the 13th hex digit, the RFC 4122 variant (10xx) in the 17th.
    let bytes =
      withUnsafeBytes(of: ((high & ~0xF000) | 0x4000).bigEndian) { Array($0) }
      + withUnsafeBytes(of: ((low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000).bigEndian) { Array($0) }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
        bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  /// `bytes` random bytes in lower-case hex, from the system's generator.
  static func randomHex(bytes: Int) -> String {
    // Eight bytes a draw: each draw of the system's generator is a system call.
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes * 2)
    var word: UInt64 = 0
    for index in 0..<bytes {
      if index % 8 == 0 { word = generator.next() }
      let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8)))
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// A secret shown the only way PayDrill shows secrets: its first and last four characters.
  public static func redacted(_ secret: String) -> String {
    guard secret.count > 8 else { return "••••" }
    return "\(secret.prefix(4))…\(secret.suffix(4)) (redacted)"
  }
}
