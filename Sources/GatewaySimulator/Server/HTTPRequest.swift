import Foundation

/// A request as the HTTP server received it: libmicrohttpd parsed it, `GatewayAPI` decides what it gets.
public struct HTTPRequest: Sendable {
  public var method: String
  /// The request target as sent, `/api/v1/transactions?merchantTransactionId=…`: what is signed, less its
  /// leading slash.
  public var target: String
  /// Header names in lower case.
  public var headers: [String: String]
  public var body: Data
  /// The body was past the server's limit: it was not kept (`body` is empty), and the answer is a 413.
  public var isTooLarge = false
  /// The request did not arrive whole within the server's `requestTimeoutSeconds`: its connection was closed
  /// without an answer (libmicrohttpd cannot send one while a request is arriving), and the 408 the API
  /// makes of it is only logged. `method` is `-` when its headers were not in.
  public var isTooSlow = false

  public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
    self.method = method
    self.target = target
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    self.body = body
  }

  /// A header's value, by its name in any case.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
