import CheckoutEngine
import Foundation
import StrictJSON

/// The simulated API over HTTP, minus the HTTP: a request in, its answer out, and what the checkout hears of
/// it. `POST /api/v1/sessions` goes through the same `SessionsAPI` as `paydrill session` (every field rule,
/// the signature, the timestamp window, a request id taken once); the lookups are PayDrill's own
/// (docs/reference/http-api.md, described in docs/reference/openapi.yaml), and a token sees its own sessions
/// only. Every number a request sends is checked without trapping; a refusal names the field or header at
/// fault; a ledger that fails is a 503 that says why. Safe to call from the server's threads at once.
public final class GatewayAPI: Sendable {
  public let tokens: [APIToken]
  public let limits: ServerLimits
  private let store: any SessionStore
  private let sessions: SessionsAPI
  private let clock: @Sendable () -> Date

  /// The endpoints.
  public static let sessionsPath = "/api/v1/sessions"
  public static let transactionsPath = "/api/v1/transactions"

  public init(
    tokens: [APIToken], store: any SessionStore, limits: ServerLimits = ServerLimits(),
    clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.tokens = tokens
    self.store = store
    self.limits = limits
    self.clock = clock
    sessions = SessionsAPI(requestIds: store)
  }

  /// The answer to a request, and what the checkout hears of it.
  public func respond(to request: HTTPRequest) -> (HTTPResponse, ServedExchange) {
    answering(request) { path, query in
      guard !request.isTooLarge else {
        throw SessionRequestError(
          status: 413, field: "body",
          message: "larger than \(limits.maximumBodyBytes) bytes (a session request is a few hundred)")
      }
      guard !request.isTooSlow else {
        throw SessionRequestError(
          status: 408, field: "request",
          message:
            "did not arrive whole (headers and body) within \(limits.requestTimeoutSeconds) seconds: "
            + "closed without an answer")
      }
      return try route(request, path: path, query: query)
    }
  }

  /// The refusal a request gets from its first line and headers alone (no such endpoint, another method,
  /// a signature header missing, an unknown token, a timestamp that is not one or out of the window, a
  /// request id that is not a UUID), or nil when its body is worth reading: the server asks before it
  /// reads a body, so that an unsigned client cannot make it read one.
  public func refusal(beforeBody request: HTTPRequest) -> (HTTPResponse, ServedExchange)? {
    let answer = answering(request) { path, query in
      let endpoint = try Endpoint(path: path, query: query)
      try expect(endpoint.method, request, path: path)
      _ = try credentials(request)
      return (HTTPResponse(status: 200, body: Data()), nil, nil)
    }
    return answer.0.status == 200 ? nil : answer
  }

  /// Runs `work` on the request's decoded path and query, and makes its answer, a refusal included.
  private func answering(
    _ request: HTTPRequest, _ work: (String, [URLQueryItem]) throws -> Routed
  ) -> (HTTPResponse, ServedExchange) {
    let components = URLComponents(string: request.target)
    let encodedPath = components?.percentEncodedPath ?? request.target
    // Decoded only when something is encoded: most paths are plain.
    let path = encodedPath.contains("%") ? encodedPath.removingPercentEncoding ?? request.target : encodedPath
    let response: HTTPResponse
    var created: ServerSession?
    var found: String?
    do {
      (response, created, found) = try work(path, components?.queryItems ?? [])
    } catch let error as SessionRequestError {
      response = .error(error, headers: error.status == 405 ? ["Allow": Self.allowed(path)] : [:])
    } catch {
      response = .error(SessionRequestError(status: 503, field: "server", message: "\(error)"))
    }
    let refusal = response.status == 200 ? nil : response.object
    return (
      response,
      ServedExchange(
        method: ServedExchange.excerpt(request.method, 16), path: ServedExchange.excerpt(path, 200),
        status: response.status, field: refusal?["field"] as? String,
        message: (refusal?["message"] as? String).map { ServedExchange.excerpt($0, 400) }, session: created,
        found: found)
    )
  }

  private static func allowed(_ path: String) -> String {
    path == sessionsPath ? "POST" : "GET"
  }

  /// What a request asks for, from its path and query alone.
  private enum Endpoint {
    case create
    case session(String)
    case transaction(String)
    case merchantTransaction(String)

    init(path: String, query: [URLQueryItem]) throws {
      let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      // "", "api", "v1", resource, id?
      guard segments.count >= 4, segments[0].isEmpty, segments[1] == "api", segments[2] == "v1",
        ["sessions", "transactions"].contains(segments[3]), segments.count <= 5
      else {
        throw SessionRequestError(
          status: 404, field: "path",
          message:
            "no such endpoint \(path) (POST \(GatewayAPI.sessionsPath), GET \(GatewayAPI.sessionsPath)/ID, GET "
            + "\(GatewayAPI.transactionsPath)/SYSTEM_TRANSACTION_ID, GET "
            + "\(GatewayAPI.transactionsPath)?merchantTransactionId=ID)")
      }
      let id = segments.count == 5 ? segments[4] : nil
      switch (segments[3], id) {
      case ("sessions", nil): self = .create
      case ("sessions", let id?): self = .session(id)
      case ("transactions", let id?) where !id.isEmpty: self = .transaction(id)
      default:
        guard let merchant = query.first(where: { $0.name == "merchantTransactionId" })?.value,
          !merchant.isEmpty
        else {
          throw SessionRequestError(
            status: 400, field: "merchantTransactionId",
            message:
              "missing: GET \(GatewayAPI.transactionsPath)/SYSTEM_TRANSACTION_ID or "
              + "\(GatewayAPI.transactionsPath)?merchantTransactionId=ID")
        }
        self = .merchantTransaction(merchant)
      }
    }

    var method: String {
      if case .create = self { return "POST" }
      return "GET"
    }
  }

  /// A request's answer, the session it created and what a lookup found (`ServedExchange.found`).
  private typealias Routed = (response: HTTPResponse, created: ServerSession?, found: String?)

  private func route(_ request: HTTPRequest, path: String, query: [URLQueryItem]) throws -> Routed {
    let endpoint = try Endpoint(path: path, query: query)
    try expect(endpoint.method, request, path: path)
    switch endpoint {
    case .create:
      // Its request id is taken with the session it creates, in one commit.
      let (token, json, requestId) = try authenticate(request, claimingRequestId: false)
      let (response, session) = try createSession(json, token: token, requestId: requestId)
      return (response, session, nil)
    case .session(let id):
      let token = try authenticate(request).0
      return try lookUp(sessionId: id, token: token)
    case .transaction(let id):
      let token = try authenticate(request).0
      return try lookUp(systemTransactionId: id, token: token)
    case .merchantTransaction(let id):
      let token = try authenticate(request).0
      return try lookUp(merchantTransactionId: id, token: token)
    }
  }

  private func expect(_ method: String, _ request: HTTPRequest, path: String) throws {
    guard request.method == method else {
      throw SessionRequestError(
        status: 405, field: "method", message: "\(path) takes \(method), not \(request.method)")
    }
  }

  /// What the signature headers say, each checked on its own before the body is read: all four present,
  /// a token this server accepts, a timestamp in Unix milliseconds within the window of the API's clock
  /// (checked without arithmetic that could overflow, whatever number was sent), a request id that is a
  /// UUID. A 401 names the header at fault and says only what is wrong with it.
  private func credentials(_ request: HTTPRequest) throws -> (
    token: APIToken, timestamp: Int64, requestId: String, signature: String
  ) {
    var values: [String: String] = [:]
    for name in SignatureHeaders.all {
      guard let value = request.header(name)?.trimmingWhitespace(), !value.isEmpty else {
        throw SessionRequestError(
          status: 401, field: name,
          message: "missing: a signed request sends \(SignatureHeaders.all.joined(separator: ", "))")
      }
      values[name] = value
    }
    let tokenId = values[SignatureHeaders.tokenId] ?? ""
    guard let token = tokens.first(where: { $0.id == tokenId }) else {
      throw SessionRequestError(
        status: 401, field: SignatureHeaders.tokenId,
        message: "unknown token id \"\(tokenId.prefix(64))\"")
    }
    let timestampText = values[SignatureHeaders.timestamp] ?? ""
    guard let timestamp = Int64(timestampText) else {
      throw SessionRequestError(
        status: 401, field: SignatureHeaders.timestamp,
        message:
          "expected Unix milliseconds (13 digits, like 1754701373845), found "
          + "\"\(timestampText.prefix(64))\"")
    }
    try namingHeaders { try SessionsAPI.checkWindow(timestamp, now: clock()) }
    let requestId = values[SignatureHeaders.requestId] ?? ""
    guard UUID(uuidString: requestId) != nil else {
      throw SessionRequestError(
        status: 401, field: SignatureHeaders.requestId,
        message:
          "expected a UUID new for each request (like ce244054-b372-42c2-9102-f0d976db69f6), found "
          + "\"\(requestId.prefix(64))\"")
    }
    return (token, timestamp, requestId, values[SignatureHeaders.signature] ?? "")
  }

  /// Checks the signature headers (`credentials`), then the body's JSON and the signature itself, and
  /// takes the request id unless told not to; a 401 names the header that is missing or the part that
  /// does not match. Returns the token, the body read as JSON (nil for none) and the request id.
  @discardableResult
  private func authenticate(_ request: HTTPRequest, claimingRequestId: Bool = true) throws -> (
    APIToken, JSONValue?, String
  ) {
    let (token, timestamp, requestId, signature) = try credentials(request)
    let body = String(decoding: request.body, as: UTF8.self)
    var json: JSONValue?
    if !request.body.isEmpty {
      // The depth first: what follows parses the body.
      do {
        json = try JSONReader.read(request.body, maximumDepth: limits.maximumDepth)
      } catch let error as JSONReadError {
        throw SessionRequestError(status: 400, field: error.location ?? "body", message: error.problem)
      }
    }
    let signed = SessionsAPI.SignedRequest(
      body: body, tokenId: token.id, timestamp: timestamp, requestId: requestId, signature: signature,
      path: String(request.target.dropFirst()))
    try namingHeaders {
      try sessions.authenticate(signed, tokenKey: token.key, now: clock(), bodyIsJSON: json != nil)
      if claimingRequestId { try sessions.claim(signed.requestId, at: clock()) }
    }
    return (token, json, signed.requestId)
  }

  /// A refusal of the sessions API with the header in place of the signed part it names.
  private func namingHeaders<Value>(_ work: () throws -> Value) throws -> Value {
    do {
      return try work()
    } catch var error as SessionRequestError {
      let headers = [
        "signature": SignatureHeaders.signature, "timestamp": SignatureHeaders.timestamp,
        "requestId": SignatureHeaders.requestId,
      ]
      error.field = headers[error.field] ?? error.field
      throw error
    }
  }

  /// The session a signed request asks for, stored with its request id in one commit. A request id taken
  /// before is a 401 whatever the body says, as when the id is taken first: a body that breaks a rule
  /// takes the id alone, then gets its 400.
  private func createSession(_ json: JSONValue?, token: APIToken, requestId: String) throws -> (
    HTTPResponse, ServerSession?
  ) {
    let now = clock()
    let session: ServerSession
    do {
      // An empty body: the same 400 as paydrill session gives it.
      session =
        try json.map { try sessions.open(json: $0, tokenId: token.id, now: now) }
        ?? sessions.open(body: "", tokenId: token.id, now: now)
    } catch {
      try namingHeaders { try sessions.claim(requestId, at: now) }
      throw error
    }
    let taken = try Self.storing { try store.insert(session, claiming: requestId, at: now) }
    guard taken else { return try namingHeaders { throw SessionsAPI.reused(requestId) } }
    return (HTTPResponse(status: 200, body: APIResponseBody.session(session.data)), session)
  }

  /// A session of this token's: another token's is answered like one that does not exist.
  private func ownSession(_ id: String, token: APIToken) throws -> ServerSession? {
    try Self.reading { try store.session(id: id) }.flatMap { $0.tokenId == token.id ? $0 : nil }
  }

  private func lookUp(sessionId: String, token: APIToken) throws -> Routed {
    guard let session = try ownSession(sessionId, token: token) else {
      throw SessionRequestError(status: 404, field: "sessionId", message: "no session \(sessionId)")
    }
    return lookup(attempts: try Self.reading { try store.attempts(inSession: sessionId) }, session: session)
  }

  /// A payment in one of this token's sessions: one in another token's session, or in none (a checkout
  /// that paid outside `paydrill serve`), is not this token's to see.
  private func lookUp(systemTransactionId: String, token: APIToken) throws -> Routed {
    guard let transaction = try Self.reading({ try store.attempt(systemTransactionId: systemTransactionId) }),
      let sessionId = transaction.sessionId, let session = try ownSession(sessionId, token: token)
    else {
      throw SessionRequestError(
        status: 404, field: "systemTransactionId", message: "no transaction \(systemTransactionId)")
    }
    let attempts = try Self.reading { try store.attempts(inSession: sessionId) }
    return lookup(attempts: attempts, session: session, chosen: transaction)
  }

  private func lookUp(merchantTransactionId: String, token: APIToken) throws -> Routed {
    let sessions = try Self.reading { try store.sessions(merchantTransactionId: merchantTransactionId) }
      .filter { $0.tokenId == token.id }
    let own = Set(sessions.map(\.sessionId))
    let attempts = try Self.reading { try store.attempts(merchantTransactionId: merchantTransactionId) }
      .filter { $0.sessionId.map(own.contains) ?? false }
    guard !sessions.isEmpty else {
      throw SessionRequestError(
        status: 404, field: "merchantTransactionId",
        message: "no session or transaction for merchantTransactionId \(merchantTransactionId)")
    }
    // The session of the transaction that counts, else the newest.
    let decisive = Self.decisive(attempts)
    let session = sessions.last { $0.sessionId == decisive?.sessionId } ?? sessions.last
    let inSession = session.map { chosen in attempts.filter { $0.sessionId == chosen.sessionId } } ?? attempts
    return lookup(attempts: inSession, session: session)
  }

  /// The successful attempt, else the latest.
  private static func decisive(_ attempts: [ServerTransaction]) -> ServerTransaction? {
    attempts.last(where: \.succeeded) ?? attempts.last
  }

  private func lookup(
    attempts: [ServerTransaction], session: ServerSession?, chosen: ServerTransaction? = nil
  ) -> Routed {
    let now = clock()
    let transaction = chosen ?? Self.decisive(attempts)
    let state = session.map { SessionState.of($0, attempts: attempts, at: now) }
    let body = APIResponseBody.Lookup(
      transaction: transaction.map(APIResponseBody.Transaction.init),
      attempts: attempts.map(APIResponseBody.Transaction.init),
      session: session.map { APIResponseBody.Session($0, state: state ?? .open) })
    return (
      HTTPResponse(status: 200, body: APIResponseBody.encode(body)), nil,
      Self.found(session: session, state: state, transaction: transaction, attempts: attempts.count)
    )
  }

  /// What a lookup found, for the log: the session's state and the payment that counts (a payment made by
  /// a checkout in another process reaches the server's log only this way, when a lookup reads it from the
  /// ledger). Never a key nor a card number: `paidWith` is a scheme and last four.
  static func found(
    session: ServerSession?, state: SessionState?, transaction: ServerTransaction?, attempts: Int
  ) -> String {
    var parts: [String] = []
    if let session, let state { parts.append("session \(session.sessionId) \(state.rawValue)") }
    if let transaction {
      let paid = [transaction.method, transaction.paidWith].compactMap { $0 }.joined(separator: " ")
      let code = transaction.errorCode.map { " \($0)" } ?? ""
      parts.append(
        "payment \(transaction.systemTransactionId ?? "(no id)") \(transaction.status)\(code) "
          + "\(transaction.amount.plainString) \(transaction.amount.currency.code) \(paid)")
      if attempts > 1 { parts.append("\(attempts) attempts") }
    } else {
      parts.append("no payment yet")
    }
    return parts.joined(separator: "; ")
  }

  /// A read of the store; its failure is a 503 that says why (the ledger cannot be read: the request
  /// may be tried again once it can).
  private static func reading<Value>(_ work: () throws -> Value) throws -> Value {
    do {
      return try work()
    } catch {
      throw SessionRequestError(status: 503, field: "ledger", message: "cannot be read: \(error)")
    }
  }

  /// A write of the store; its failure is a 503 that says why, and nothing was stored.
  private static func storing<Value>(_ work: () throws -> Value) throws -> Value {
    do {
      return try work()
    } catch {
      throw SessionRequestError(
        status: 503, field: "ledger", message: "the session cannot be stored: \(error)")
    }
  }
}
