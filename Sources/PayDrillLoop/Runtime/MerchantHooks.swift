import CheckoutEngine
import GatewaySimulator

/// What a merchant hook answers: its value, or the error that stands for an answer it never gave.
public typealias HookAnswer<Value: Sendable> = Reply<Result<Value, SdkError>>

/// The merchant's side of the callbacks that expect an answer. The scenario's rules answer by default; a
/// merchant hook process can answer instead, and fail to (the error then stands for the answer). One API:
/// each call says what the merchant answers and when; the interpreter's clock does the waiting.
public protocol MerchantHooks: Sendable {
  /// The answer of `onBeforeSubmit` for a method.
  func beforeSubmit(_ method: DropInPaymentMethod) -> HookAnswer<BeforeSubmitVerdict>
  /// The answer of one of the sheet's update callbacks (`onShippingContactSelected`, …).
  func sheetUpdate(_ kind: ApplePaySheet.PendingUpdate, selections: SheetSelections) -> HookAnswer<
    SheetUpdate
  >
  /// What `onPreAuthorisation` returns, knowing the full shipping contact the shopper authorised.
  func preAuthorisation(shippingContact: Contact?) -> HookAnswer<PreAuthorisationAnswer>
  /// A callback fired (every event the engine records, in order), as an effect of the app: it must return at
  /// once.
  func callbackFired(_ event: CallbackEvent)
}

extension MerchantHooks {
  /// Hooks that answer only need not listen.
  public func callbackFired(_ event: CallbackEvent) {}
}

/// Answers from the scenario's declarative rules, after the delays the scenario stages for sheet updates.
public struct ScenarioMerchantHooks: MerchantHooks {
  public let rule: BeforeSubmitRule
  /// The Apple Pay rules, ready to price (made once: pricing runs on every sheet update).
  private let pricing: MerchantPricing?

  public init(rule: BeforeSubmitRule, applePay: ApplePayConfiguration? = nil, locale: String = "en-US") {
    self.rule = rule
    pricing = applePay.map { MerchantPricing(configuration: $0, locale: locale) }
  }

  /// The hooks a scenario declares.
  public init(scenario: Scenario) {
    self.init(rule: scenario.beforeSubmit, applePay: scenario.applePay, locale: scenario.locale)
  }

  public func beforeSubmit(_ method: DropInPaymentMethod) -> HookAnswer<BeforeSubmitVerdict> {
    .now(.success(rule.verdict(for: method)))
  }

  public func sheetUpdate(_ kind: ApplePaySheet.PendingUpdate, selections: SheetSelections)
    -> HookAnswer<SheetUpdate>
  {
    guard let pricing else { return .now(.success(SheetUpdate(paymentSummaryItems: []))) }
    let delay = max(0, pricing.configuration.rules.updateDelays[kind.callbackName.rawValue] ?? 0)
    return .after(.milliseconds(delay), .success(pricing.update(for: selections, answering: kind)))
  }

  public func preAuthorisation(shippingContact: Contact?) -> HookAnswer<PreAuthorisationAnswer> {
    guard let pricing else { return .now(.success(PreAuthorisationAnswer(data: nil))) }
    return .now(.success(pricing.preAuthorisationAnswer(shippingContact: shippingContact)))
  }
}
