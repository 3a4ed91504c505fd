import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import PayDrillCommandLine
import PayDrillFiles
import PayDrillLoop

/// `paydrill session --request FILE`: the request through the simulated sessions API. Signed when the
/// signature options are given. Prints the session (keys redacted) or the API's error.
enum SessionCommand {
  /// Its options, which the command line reads (`SessionOptions`, in `PayDrillCommandLine`).
  public typealias Options = SessionOptions

  enum Outcome: Equatable {
    case created(String)
    case refused(String)
  }

  static func run(
    _ options: Options, sign: SignCommand.Options, plugin: PluginGateway? = nil, now: Date = Date()
  ) throws -> Outcome {
    guard !options.requestPath.isEmpty else {
      throw ConfigurationError(file: "paydrill session", problem: "needs --request FILE")
    }
    let data = try BoundedFile.requestBody(options.requestPath)
    let body = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let api = SessionsAPI()
    do {
      if let signature = options.signature {
        guard let timestamp = sign.timestamp, let requestId = sign.requestId, !sign.tokenId.isEmpty,
          !sign.tokenKey.isEmpty
        else {
          throw ConfigurationError(
            file: "paydrill session",
            problem:
              "--signature needs --token-id, --token-key, --timestamp and --request-id: the parts that were signed"
          )
        }
        try api.verify(
          SessionsAPI.SignedRequest(
            body: body, tokenId: sign.tokenId, timestamp: timestamp, requestId: requestId,
            signature: signature,
            path: sign.path), tokenKey: sign.tokenKey, now: now)
      }
      if let plugin {
        // The signature is checked here; the plugin answers the request itself.
        switch AsyncBridge.wait({ await plugin.session(requestBody: Data(body.utf8)) }) {
        case .success(let response): return .created(describe(pluginResponse: response))
        case .failure(let error): return .refused("\(error.errorCode): \(error.errorMessage)")
        }
      }
      let session = try api.createSession(body: body, now: now)
      return .created(describe(session))
    } catch let error as SessionRequestError {
      return .refused("\(error)")
    }
  }

  /// What of the signed parts given is not as the seed asks (`RequestSignature.warnings`), for standard
  /// error; empty when the request is not signed.
  static func warnings(_ options: Options, sign: SignCommand.Options) -> [String] {
    guard options.signature != nil, let timestamp = sign.timestamp, let requestId = sign.requestId else {
      return []
    }
    return RequestSignature(
      tokenId: sign.tokenId, timestamp: timestamp, requestId: requestId, path: sign.path, body: ""
    ).warnings.map { "paydrill: warning: \($0)" }
  }

  /// A plugin's session response as JSON, with its keys redacted the same way.
  static func describe(pluginResponse: Data) -> String {
    SecretRedaction.prettyJSON(pluginResponse) ?? String(decoding: pluginResponse, as: UTF8.self)
  }

  /// The response as JSON, with `hmacKey` and `encryptionKey` redacted: PayDrill never prints a key whole.
  static func describe(_ session: SessionData) -> String {
    var shown = session
    shown.hmacKey = SessionsAPI.redacted(session.hmacKey)
    shown.encryptionKey = SessionsAPI.redacted(session.encryptionKey)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(shown)) ?? Data(), as: UTF8.self)
  }
}
