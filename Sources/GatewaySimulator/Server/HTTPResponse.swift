import Foundation

/// What the simulated API answers: a status and a JSON body (every answer has one, refusals included).
public struct HTTPResponse: Equatable, Sendable {
  public var status: Int
  public var body: Data
  /// Headers besides `Content-Type: application/json` (`Allow` on a 405).
  public var headers: [String: String] = [:]

  /// A refusal: `{"status":…,"field":…,"message":…}`.
  public static func error(_ error: SessionRequestError, headers: [String: String] = [:]) -> HTTPResponse {
    HTTPResponse(
      status: error.status,
      body: APIResponseBody.encode(
        APIError(status: error.status, field: error.field, message: error.message)),
      headers: headers)
  }

  /// The response's body as JSON, when it is an object (tests read answers this way).
  public var object: [String: Any]? {
    (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
  }
}

/// The body of a refusal.
struct APIError: Encodable {
  var status: Int
  var field: String
  var message: String
}
