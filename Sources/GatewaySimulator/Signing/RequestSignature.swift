import CCrypto
import Foundation

/// The sessions API's request signature, as the seed defines it: HMAC-SHA256, keyed with the token's value,
/// over `tokenId:timestamp:requestId:path:minifiedBody`. Computed by libcrypto, never by hand.
public struct RequestSignature: Equatable, Sendable {
  public var tokenId: String
  /// Unix milliseconds.
  public var timestamp: Int64
  /// A UUID unique to the request.
  public var requestId: String
  /// The endpoint path, `api/v1/sessions`.
  public var path: String
  /// The body as sent: minified JSON.
  public var body: String

  public init(tokenId: String, timestamp: Int64, requestId: String, path: String, body: String) {
    self.tokenId = tokenId
    self.timestamp = timestamp
    self.requestId = requestId
    self.path = path
    self.body = body
  }

  /// The five parts joined by colons.
  public var stringToSign: String { "\(tokenId):\(timestamp):\(requestId):\(path):\(body)" }

  /// What of the signed parts is not as the seed asks (a timestamp "in Unix milliseconds", a request id
  /// that is "a unique UUID"), one sentence each; empty when both are. Signing goes on regardless.
  public var warnings: [String] {
    var found: [String] = []
    switch timestamp {
    case 1_000_000_000..<100_000_000_000:
      found.append(
        "the timestamp \(timestamp) looks like Unix seconds; the SDK documents ask for Unix milliseconds "
          + "(\(timestamp)000), and the API refuses it as stale")
    case 100_000_000_000_000...:
      found.append(
        "the timestamp \(timestamp) looks like Unix microseconds or finer; the SDK documents ask for Unix milliseconds "
          + "(13 digits today)")
    case ..<100_000_000_000:
      found.append(
        "the timestamp \(timestamp) is not a time in Unix milliseconds (13 digits today, like 1754701373845)")
    default:
      break
    }
    if UUID(uuidString: requestId) == nil {
      found.append(
        "the request id \"\(requestId)\" is not a UUID; the SDK documents ask for a unique UUID for each request "
          + "(like ce244054-b372-42c2-9102-f0d976db69f6)")
    }
    return found
  }

  /// The signature in lower-case hex.
  public func signature(tokenKey: String) -> String {
    Self.hmacSHA256(key: Data(tokenKey.utf8), message: Data(stringToSign.utf8))
  }

  /// Whether a signature received (hex in either case) is the one expected (lower-case hex), in a time
  /// that does not depend on where they differ: libcrypto's `CRYPTO_memcmp` over the expected length, so
  /// that a client cannot find a signature byte by byte from how long refusals take.
  public static func matches(_ expected: String, _ received: String) -> Bool {
    let expectedBytes = Array(expected.utf8)
    // Lower-cased byte by byte (ASCII only): the same work for every byte.
    let receivedBytes = received.utf8.map { byte in
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
    guard receivedBytes.count == expectedBytes.count else { return false }
    return expectedBytes.withUnsafeBytes { left in
      receivedBytes.withUnsafeBytes { right in
        CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
      }
    }
  }

  /// HMAC-SHA256 of a message, in lower-case hex, from libcrypto.
  public static func hmacSHA256(key: Data, message: Data) -> String {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    key.withUnsafeBytes { keyBytes in
      message.withUnsafeBytes { messageBytes in
        _ = HMAC(
          EVP_sha256(), keyBytes.baseAddress, Int32(key.count),
          messageBytes.bindMemory(to: UInt8.self).baseAddress, message.count, &digest, &length)
      }
    }
    return digest.prefix(Int(length)).map { byte in
      let hex = String(byte, radix: 16)
      return hex.count == 1 ? "0" + hex : hex
    }.joined()
  }
}
