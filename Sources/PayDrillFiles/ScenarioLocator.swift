import CheckoutEngine

/// Finds a scenario by name or path: a path (with a `/` or ending in `.json`) is loaded and validated; a name
/// is one of the built-in scenarios.
public enum ScenarioLocator {
  public static func scenario(named nameOrPath: String) throws -> Scenario {
    if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
      return try ConfigurationFile.load(Scenario.self, from: nameOrPath)
    }
    if let builtIn = Scenario.builtIn(named: nameOrPath) { return builtIn }
    let names = Scenario.builtIn.map(\.name).joined(separator: ", ")
    throw ConfigurationError(
      file: nameOrPath,
      problem: "no such scenario (expected a built-in one: \(names); or the path of a scenario file)")
  }

  /// `paydrill scenarios`: one line per built-in scenario.
  public static func listing() -> String {
    let width = (Scenario.builtIn.map(\.name.count).max() ?? 0) + 2
    return Scenario.builtIn.map { scenario in
      scenario.name + String(repeating: " ", count: width - scenario.name.count) + scenario.description
    }.joined(separator: "\n")
  }
}
