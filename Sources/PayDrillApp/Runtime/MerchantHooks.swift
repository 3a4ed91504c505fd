import CheckoutEngine

/// The merchant's side of the callbacks that expect an answer. The scenario's rules answer by default; a
/// merchant hook process can answer instead.
public protocol MerchantHooks: Sendable {
  /// The answer of `onBeforeSubmit` for a method.
  func beforeSubmit(_ method: DropInPaymentMethod) async -> BeforeSubmitVerdict
}

/// Answers from the scenario's declarative rules.
public struct ScenarioMerchantHooks: MerchantHooks {
  public var rule: BeforeSubmitRule

  public init(rule: BeforeSubmitRule) {
    self.rule = rule
  }

  public func beforeSubmit(_ method: DropInPaymentMethod) async -> BeforeSubmitVerdict {
    rule.verdict(for: method)
  }
}
