import Foundation

/// Which ledger a run records into: the default file, another file (`--ledger PATH`), or none
/// (`--no-ledger`).
public enum LedgerChoice: Equatable, Sendable {
  case standard
  case file(String)
  case off

  /// The file this choice names, or nil for `--no-ledger`: `$XDG_DATA_HOME/paydrill/ledger.sqlite3`, else
  /// `~/.local/share/paydrill/ledger.sqlite3`.
  public func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    switch self {
    case .off: return nil
    case .file(let path): return path
    case .standard:
      if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
        return URL(fileURLWithPath: data).appendingPathComponent("paydrill/ledger.sqlite3").path
      }
      let home =
        environment["HOME"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      return home.appendingPathComponent(".local/share/paydrill/ledger.sqlite3").path
    }
  }
}
