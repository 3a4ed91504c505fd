import Foundation

/// What `paydrill sign` asked for: the token, the request path, the body and, for a fixed signature, the
/// timestamp and request id.
public struct SignOptions: Equatable, Sendable {
  package var tokenId = ""
  package var tokenKey = ""
  package var path = "api/v1/sessions"
  package var bodyPath = ""
  package var timestamp: Int64?
  package var requestId: String?
}
