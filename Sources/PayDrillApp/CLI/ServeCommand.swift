import Foundation
import GatewaySimulator

/// `paydrill serve`: the simulated gateway over HTTP, for a team's own backend. The command line is checked
/// here like every command's; then this process becomes `paydrill-serve`, which links libmicrohttpd (loaded
/// by no other command) and runs the server with the same command line. `paydrill --serve` starts the same
/// program as a child and hears of each request (`ServerProcess`).
public enum ServeCommand {
  /// How the server listens and what it accepts.
  public struct Options: Equatable, Sendable {
    public var listen = ListenAddress.standard
    /// The API tokens accepted (`--token ID:KEY`, again for more); none given: the development token.
    public var tokens: [APIToken] = []
    public var limits = ServerLimits()

    public init() {}

    /// The tokens the server accepts.
    public var acceptedTokens: [APIToken] { tokens.isEmpty ? [.development] : tokens }

    /// The command line that gives these options (and the ledger) to `paydrill-serve`.
    func arguments(ledger: LedgerChoice) -> [String] {
      var arguments = [
        "serve", "--listen", listen.description, "--max-body", "\(limits.maximumBodyBytes)",
        "--max-connections", "\(limits.connectionLimit)", "--connection-timeout",
        "\(limits.connectionTimeoutSeconds)", "--request-timeout", "\(limits.requestTimeoutSeconds)",
      ]
      for token in tokens { arguments += ["--token", "\(token.id):\(token.key)"] }
      switch ledger {
      case .standard: break
      case .file(let path): arguments += ["--ledger", path]
      case .off: arguments.append("--no-ledger")
      }
      return arguments
    }
  }

  static let program = HelperProgram(name: "paydrill-serve")

  /// Set in the environment of a `paydrill-serve` that reports each request as a JSON line (the checkout's
  /// `--serve` reads them) instead of logging it for a person.
  public static let reportVariable = "PAYDRILL_SERVE_REPORT"

  /// Becomes paydrill-serve with the command line as given; returns 2 only when it cannot be run.
  static func run(_ arguments: [String]) -> Int32 {
    program.become("serve", arguments: arguments)
  }

  /// The refusal of an address other machines can reach when the server would accept the development
  /// token, whose key is public (anyone who reaches the port could sign with it), saying how to make a
  /// token of one's own; nil for loopback, or with tokens of one's own.
  public static func exposureRefusal(_ address: ListenAddress, tokens: [APIToken]) -> String? {
    guard !address.isLoopback, tokens.isEmpty || tokens.contains(.development) else { return nil }
    return "will not listen on \(address), which other machines can reach, with the development token: its "
      + "key is public, so anyone who reaches the port could create sessions. Make a token of your own and "
      + "give it instead, for example --token my-backend:$(openssl rand -hex 32) (the key is what your "
      + "backend signs with; docs/reference/http-api.md#tokens), or listen on 127.0.0.1"
  }

  /// The warning for an address other machines can reach (with tokens of one's own), or nil for loopback.
  public static func exposureWarning(_ address: ListenAddress) -> String? {
    guard !address.isLoopback else { return nil }
    return "listening on \(address), which other machines can reach: anyone who can sign with a token's key "
      + "can create sessions"
  }
}
