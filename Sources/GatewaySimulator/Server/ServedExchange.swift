import Foundation

/// One request and its answer, as the checkout hears of it (`paydrill --serve`: the event pane shows each
/// one, and a created session opens the Drop-in on it) and as `paydrill serve` logs it.
public struct ServedExchange: Codable, Equatable, Sendable {
  public var method: String
  /// The request target, without its query.
  public var path: String
  public var status: Int
  /// What a refusal names: the field or header at fault (`amounts.currencyCode`, `X-PayDrill-Signature`);
  /// nil for a 200.
  public var field: String?
  /// What a refusal says of it.
  public var message: String?
  /// The session a `POST /api/v1/sessions` created, with its keys: the checkout opens on it.
  public var session: ServerSession?
  /// What a lookup found: the session's state and its payment (`session 1a2b… spent; payment 8f3c…
  /// succeeded 12.34 EUR card Visa ••••4242`). How `paydrill serve`'s log shows a payment a checkout made
  /// in another process: the server hears of it when a lookup reads it from the ledger.
  public var found: String?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case method, path, status, field, message, session, found
  }

  /// The start of what a client sent, as the log and the events keep it: at most `limit` characters, then
  /// "…" (a path or a message quoting one may be as long as a request's 64 KB; a line of the log is not).
  public static func excerpt(_ text: String, _ limit: Int) -> String {
    text.count <= limit ? text : text.prefix(limit) + "…"
  }

  /// A refusal's field and message (`amounts.currencyCode: …`); nil for a 200.
  public var reason: String? {
    guard let field else { return message }
    return message.map { "\(field): \($0)" } ?? field
  }

  /// One line of `paydrill serve`'s log: `POST /api/v1/sessions 200 session c5f0…`, the reason of a
  /// refusal; never a key.
  public var logLine: String {
    var line = "\(method) \(path) \(status)"
    if let session { line += " session \(session.sessionId)" }
    if let reason { line += " \(reason)" }
    if let found { line += " · \(found)" }
    return line
  }
}
