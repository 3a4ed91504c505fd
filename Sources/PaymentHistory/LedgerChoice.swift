import Foundation
import PayDrillFiles

/// Which ledger a run records into: the default file, another file (`--ledger PATH`), or none
/// (`--no-ledger`).
public enum LedgerChoice: Equatable, Sendable {
  case standard
  case file(String)
  case off

  /// The file this choice names, or nil for `--no-ledger`: `$XDG_DATA_HOME/paydrill/ledger.sqlite3`, else
  /// `~/.local/share/paydrill/ledger.sqlite3`. The environment (the process's when nil) is read only for the
  /// default file: building it costs more than a whole tape's replay, and `play` asks once a tape.
  public func path(environment: [String: String]? = nil) -> String? {
    switch self {
    case .off: return nil
    case .file(let path): return path
    case .standard:
      return DataFolder.url(environment: environment ?? ProcessInfo.processInfo.environment)
        .appendingPathComponent("ledger.sqlite3").path
    }
  }
}
