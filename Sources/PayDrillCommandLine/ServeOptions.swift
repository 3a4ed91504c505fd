import Foundation
import GatewaySimulator
import PayDrillFiles
import PaymentHistory

/// How the server listens and what it accepts.
public struct ServeOptions: Equatable, Sendable {
  public var listen = ListenAddress.standard
  /// The API tokens accepted (`--token ID:KEY`, again for more); none given: the development token.
  public var tokens: [APIToken] = []
  /// Whether a key was given on the command line (`--token`), where the process list shows it.
  public var keyOnCommandLine = false
  /// The files of `--token-file`, read when the command runs (`resolvingTokens`), not while it is parsed.
  public var tokenFiles: [String] = []
  public var limits = ServerLimits()

  public init() {}

  /// The tokens the server accepts.
  public var acceptedTokens: [APIToken] { tokens.isEmpty ? [.development] : tokens }

  /// The command line that gives these options (and the ledger) to `paydrill-serve`: without the tokens,
  /// which `environment` carries out of the process list.
  package func arguments(ledger: LedgerChoice) -> [String] {
    var arguments = [
      "serve", "--listen", listen.description, "--max-body", "\(limits.maximumBodyBytes)",
      "--max-connections", "\(limits.connectionLimit)", "--connection-timeout",
      "\(limits.connectionTimeoutSeconds)", "--request-timeout", "\(limits.requestTimeoutSeconds)",
    ]
    switch ledger {
    case .standard: break
    case .file(let path): arguments += ["--ledger", path]
    case .off: arguments.append("--no-ledger")
    }
    return arguments
  }

  /// The environment of `paydrill-serve` as the checkout starts it: the tokens in `tokenVariable` (only
  /// the same user and root can read a process's environment; everyone can read its command line).
  package func environment(over inherited: [String: String]) -> [String: String] {
    var environment = inherited
    environment[Self.tokenVariable] =
      tokens.isEmpty ? nil : tokens.map { "\($0.id):\($0.key)" }.joined(separator: "\n")
    return environment
  }

  /// The environment variable that holds API tokens as `--token-file` does (one `ID:KEY` a line): for a
  /// server started by a script or a service manager, and how `paydrill --serve` hands its tokens over.
  public static let tokenVariable = "PAYDRILL_TOKEN"

  /// The warning for a key given with `--token`.
  package static let keyOnCommandLineWarning =
    "--token puts its key in the process list, where any user of this machine can read it (ps); "
    + "give it with --token-file FILE or \(tokenVariable) instead"

  /// The tokens of a `--token-file`: one `ID:KEY` a line; blank lines and lines starting with `#` are
  /// skipped. An error names the file and the line, never a key.
  static func tokens(inFile path: String, option: String) throws -> [APIToken] {
    let data: Data
    switch BoundedFile.read(path, limit: 64 * 1024) {
    case .success(let contents): data = contents
    case .failure(let failure):
      throw CommandLineOptions.UsageError(message: "\(option) \(path): \(failure.problem)")
    }
    return try tokens(in: String(decoding: data, as: UTF8.self), source: "\(option) \(path)")
  }

  /// The tokens of `text`, one `ID:KEY` a line, as `--token-file` and `tokenVariable` hold them.
  static func tokens(in text: String, source: String) throws -> [APIToken] {
    var tokens: [APIToken] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let entry = line.trimmingCharacters(in: .whitespacesAndNewlines)
      if entry.isEmpty || entry.hasPrefix("#") { continue }
      guard let token = APIToken(parsing: entry) else {
        throw CommandLineOptions.UsageError(
          message: "\(source): line \(index + 1) is not ID:KEY (both parts non-empty)")
      }
      tokens.append(token)
    }
    guard !tokens.isEmpty else {
      throw CommandLineOptions.UsageError(message: "\(source): no ID:KEY in it")
    }
    return tokens
  }

  /// `options` with the tokens of its `--token-file`s and of `tokenVariable` added, for `serve` and
  /// `--serve` (for the other commands, the variable means nothing). Throws a usage error naming the file
  /// or the variable, and the line, never a key.
  public static func resolvingTokens(
    of options: CommandLineOptions, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> CommandLineOptions {
    guard options.command == .serve || options.serves else { return options }
    var options = options
    for path in options.serve.tokenFiles {
      options.serve.tokens += try tokens(inFile: path, option: "--token-file")
    }
    options.serve.tokenFiles = []
    if let text = environment[tokenVariable], !text.isEmpty {
      options.serve.tokens += try tokens(in: text, source: tokenVariable)
    }
    return options
  }

  /// Set in the environment of a `paydrill-serve` that reports each request as a JSON line (the checkout's
  /// `--serve` reads them) instead of logging it for a person.
  public static let reportVariable = "PAYDRILL_SERVE_REPORT"

  /// The refusal of an address other machines can reach when the server would accept the development
  /// token, whose key is public (anyone who reaches the port could sign with it), saying how to make a
  /// token of one's own; nil for loopback, or with tokens of one's own.
  public static func exposureRefusal(_ address: ListenAddress, tokens: [APIToken]) -> String? {
    guard !address.isLoopback, tokens.isEmpty || tokens.contains(.development) else { return nil }
    return "will not listen on \(address), which other machines can reach, with the development token: its "
      + "key is public, so anyone who reaches the port could create sessions. Make a token of your own and "
      + "give it in a file, out of the process list: (umask 077; echo \"my-backend:$(openssl rand -hex 32)\" "
      + "> tokens.txt), then --token-file tokens.txt (the key is what your backend signs with; "
      + "docs/reference/http-api.md#tokens), or listen on 127.0.0.1"
  }

  /// The warning for an address other machines can reach (with tokens of one's own), or nil for loopback.
  public static func exposureWarning(_ address: ListenAddress) -> String? {
    guard !address.isLoopback else { return nil }
    return "listening on \(address), which other machines can reach: anyone who can sign with a token's key "
      + "can create sessions"
  }
}
