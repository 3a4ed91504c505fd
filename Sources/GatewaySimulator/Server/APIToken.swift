/// An API token the simulated API accepts: its id (sent with each request) and its key (the HMAC key of the
/// request signature, never sent, never printed).
public struct APIToken: Equatable, Sendable {
  public var id: String
  public var key: String

  public init(id: String, key: String) {
    self.id = id
    self.key = key
  }

  /// The token `paydrill serve` accepts when given none, and `Examples/merchant-backend.py` signs with by
  /// default: for a developer's machine only (docs/reference/http-api.md writes its key).
  public static let development = APIToken(id: "paydrill-dev", key: "paydrill-dev-key-not-a-secret")

  /// `ID:KEY`, as `--token` takes it; nil when either part is empty. The key may hold colons.
  public init?(parsing text: String) {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let id = String(text[..<colon])
    let key = String(text[text.index(after: colon)...])
    guard !id.isEmpty, !key.isEmpty else { return nil }
    self.init(id: id, key: key)
  }
}
