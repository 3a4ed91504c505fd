import Foundation
import TerminalUI

/// Finds a theme by name or path: a path is loaded as it is; a name is looked up as `Themes/NAME.json` in
/// the working directory, then as `themes/NAME.json` in the user's data folder, then beside the executable
/// and its parent folders (`Themes/NAME.json`, and `share/paydrill/themes/NAME.json` where `make install`
/// puts copies), then among the built-in themes. So `--theme dark` works wherever PayDrill is started from,
/// and an edited copy wins.
public enum ThemeLocator {
  public static func theme(named nameOrPath: String) throws -> Theme {
    if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
      return try ConfigurationFile.load(Theme.self, from: nameOrPath)
    }
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
    for file in candidates(
      for: nameOrPath, workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      executable: executable)
    where FileManager.default.fileExists(atPath: file.path) {
      return try ConfigurationFile.load(Theme.self, from: file.path)
    }
    if let builtIn = Theme.builtIn[nameOrPath] { return builtIn }
    let names = Theme.builtIn.keys.sorted().joined(separator: ", ")
    throw ConfigurationError(
      file: nameOrPath, problem: "no such theme (expected \(names), or the path of a theme file)")
  }

  /// The files a theme name may be in, first found wins.
  static func candidates(
    for name: String, workingDirectory: URL, executable: URL,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [URL] {
    let file = "\(name).json"
    var files = [
      workingDirectory.appendingPathComponent("Themes/" + file),
      DataFolder.url(environment: environment).appendingPathComponent("themes/" + file),
    ]
    var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<6 {
      files.append(folder.appendingPathComponent("Themes/" + file))
      files.append(folder.appendingPathComponent("share/paydrill/themes/" + file))
      folder = folder.deletingLastPathComponent()
    }
    return files
  }
}
