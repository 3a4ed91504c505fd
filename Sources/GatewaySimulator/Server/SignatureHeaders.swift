/// The HTTP headers that carry a request's signature and its signed parts. The seed names the signed string
/// (`tokenId:timestamp:requestId:path:minifiedBody`) but not the headers: these are PayDrill's, documented in
/// docs/reference/http-api.md, the one place that names them.
public enum SignatureHeaders {
  /// The API token's id: the first part.
  public static let tokenId = "X-PayDrill-Token-Id"
  /// Unix milliseconds: the second part.
  public static let timestamp = "X-PayDrill-Timestamp"
  /// A UUID new for each request: the third part.
  public static let requestId = "X-PayDrill-Request-Id"
  /// HMAC-SHA256 of the five parts with the token's key, in hex.
  public static let signature = "X-PayDrill-Signature"

  /// All four, in the order of the signed string.
  public static let all = [tokenId, timestamp, requestId, signature]
}
