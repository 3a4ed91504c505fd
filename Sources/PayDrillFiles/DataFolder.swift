import Foundation

/// PayDrill's folder for what a user keeps between runs (the run history, themes of their own):
/// `$XDG_DATA_HOME/paydrill` (an absolute path only), else `~/.local/share/paydrill`.
package enum DataFolder {
  package static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return URL(fileURLWithPath: data).appendingPathComponent("paydrill")
    }
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".local/share/paydrill")
  }
}
