import Foundation
import TerminalUI

/// Finds a theme by name or path: a path is loaded as it is; a name is looked up as `Themes/NAME.json` in
/// the working directory, then beside the executable and its parent folders, then among the built-in themes.
/// So `--theme dark` works wherever PayDrill is started from, and an edited `Themes/dark.json` wins.
public enum ThemeLocator {
  public static func theme(named nameOrPath: String) throws -> Theme {
    if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
      return try ConfigurationFile.load(Theme.self, from: nameOrPath)
    }
    for folder in searchFolders() {
      let path = folder.appendingPathComponent("Themes/\(nameOrPath).json").path
      if FileManager.default.fileExists(atPath: path) {
        return try ConfigurationFile.load(Theme.self, from: path)
      }
    }
    if let builtIn = Theme.builtIn[nameOrPath] { return builtIn }
    let names = Theme.builtIn.keys.sorted().joined(separator: ", ")
    throw ConfigurationError(
      file: nameOrPath, problem: "no such theme (expected \(names), or the path of a theme file)")
  }

  /// The working directory, then the executable's folder and its ancestors.
  static func searchFolders() -> [URL] {
    var folders = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<6 {
      folders.append(folder)
      folder = folder.deletingLastPathComponent()
    }
    return folders
  }
}
