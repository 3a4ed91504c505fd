/// A scenario held by reference: it never changes, so every copy of the value that holds it shares it.
/// States that are copied on every action (`CheckoutState`, the app's `BackendLink`) keep their scenario
/// here, because a scenario held inline is kilobytes moved on each copy. Two are equal when their scenarios
/// are.
public final class SharedScenario: Equatable, Sendable {
  /// The scenario, read in place.
  public let scenario: Scenario

  public init(_ scenario: Scenario) {
    self.scenario = scenario
  }

  public static func == (lhs: SharedScenario, rhs: SharedScenario) -> Bool {
    lhs === rhs || lhs.scenario == rhs.scenario
  }
}
