import Foundation
import GatewaySimulator
import PayDrillCommandLine
import PayDrillFiles

/// `paydrill sign`: the sessions API's signature for a request body, so a developer can check their own
/// backend's signing against it. The token's value is used, never printed.
enum SignCommand {
  /// Its options, which the command line reads (`SignOptions`, in `PayDrillCommandLine`).
  public typealias Options = SignOptions

  /// The report, or a one-line error.
  static func run(_ options: Options, now: Date = Date()) throws -> String {
    guard !options.tokenId.isEmpty, !options.tokenKey.isEmpty, !options.bodyPath.isEmpty else {
      throw ConfigurationError(
        file: "paydrill sign",
        problem:
          "needs --token-id ID --token-key KEY --body FILE (and optionally --path, --timestamp, --request-id)"
      )
    }
    let data = try BoundedFile.requestBody(options.bodyPath)
    let text = String(decoding: data, as: UTF8.self)
    let body: String
    do {
      body = try MinifiedJSON.minify(text)
    } catch {
      throw ConfigurationError(file: options.bodyPath, problem: "\(error)")
    }
    let request = RequestSignature(
      tokenId: options.tokenId, timestamp: options.timestamp ?? Int64(now.timeIntervalSince1970 * 1000),
      requestId: options.requestId ?? UUID().uuidString.lowercased(), path: options.path, body: body)
    var lines = [
      "String to sign (tokenId:timestamp:requestId:path:minifiedBody):",
      request.stringToSign,
      "",
      "HMAC-SHA256 signature (hex): \(request.signature(tokenKey: options.tokenKey))",
      "tokenId: \(request.tokenId)   timestamp: \(request.timestamp)   requestId: \(request.requestId)",
    ]
    lines += request.warnings.map { "Warning: \($0)." }
    if body != text.trimmingCharacters(in: .whitespacesAndNewlines) {
      lines.append("Note: the body was minified before signing; send exactly the minified body.")
    }
    return lines.joined(separator: "\n")
  }
}
