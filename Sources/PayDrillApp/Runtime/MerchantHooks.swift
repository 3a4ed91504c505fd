import CheckoutEngine

/// The merchant's side of the callbacks that expect an answer. The scenario's rules answer by default; a
/// merchant hook process can answer instead, and fail to (the error then stands for the answer).
public protocol MerchantHooks: Sendable {
  /// The answer of `onBeforeSubmit` for a method.
  func beforeSubmit(_ method: DropInPaymentMethod) async throws(SdkError) -> BeforeSubmitVerdict
  /// The answer of one of the sheet's update callbacks (`onShippingContactSelected`, …).
  func sheetUpdate(_ kind: ApplePaySheet.PendingUpdate, selections: SheetSelections) async throws(SdkError)
    -> SheetUpdate
  /// What `onPreAuthorisation` returns, knowing the full shipping contact the shopper authorised.
  func preAuthorisation(shippingContact: Contact?) async throws(SdkError) -> PreAuthorisationAnswer
  /// A callback fired (every event the engine records, in order). Called on the runtime's thread: it must
  /// return at once.
  func callbackFired(_ event: CallbackEvent)
}

extension MerchantHooks {
  /// Hooks that answer only need not listen.
  public func callbackFired(_ event: CallbackEvent) {}
}

/// Answers from the scenario's declarative rules.
public struct ScenarioMerchantHooks: MerchantHooks {
  public var rule: BeforeSubmitRule
  public var applePay: ApplePayConfiguration?
  public var locale: String

  public init(rule: BeforeSubmitRule, applePay: ApplePayConfiguration? = nil, locale: String = "en-US") {
    self.rule = rule
    self.applePay = applePay
    self.locale = locale
  }

  /// The hooks a scenario declares.
  public init(scenario: Scenario) {
    self.init(rule: scenario.beforeSubmit, applePay: scenario.applePay, locale: scenario.locale)
  }

  public func beforeSubmit(_ method: DropInPaymentMethod) async -> BeforeSubmitVerdict {
    rule.verdict(for: method)
  }

  public func sheetUpdate(_ kind: ApplePaySheet.PendingUpdate, selections: SheetSelections) async
    -> SheetUpdate
  {
    if let delay = applePay?.rules.updateDelays[kind.callbackName.rawValue], delay > 0 {
      try? await Task.sleep(for: .milliseconds(delay))
    }
    return immediateSheetUpdate(for: selections)
  }

  public func preAuthorisation(shippingContact: Contact?) async -> PreAuthorisationAnswer {
    immediatePreAuthorisation(shippingContact: shippingContact)
  }

  /// The rules' update for the sheet's selections, at once: without the delay the scenario may stage (the
  /// benchmark answers synchronously).
  public func immediateSheetUpdate(for selections: SheetSelections) -> SheetUpdate {
    guard let applePay else { return SheetUpdate(paymentSummaryItems: []) }
    return MerchantPricing(configuration: applePay, locale: locale).update(for: selections)
  }

  /// What `onPreAuthorisation` returns, at once.
  public func immediatePreAuthorisation(shippingContact: Contact?) -> PreAuthorisationAnswer {
    guard let applePay else { return PreAuthorisationAnswer(data: nil) }
    return MerchantPricing(configuration: applePay, locale: locale).preAuthorisationAnswer(
      shippingContact: shippingContact)
  }
}
