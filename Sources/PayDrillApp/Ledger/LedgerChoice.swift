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
      return DataFolder.url(environment: environment).appendingPathComponent("ledger.sqlite3").path
    }
  }
}
