import GatewaySimulator
import PayDrillApp
import Synchronization

@testable import CheckoutEngine
@testable import PayDrillLoop

/// The merchant of the driven flows, as the test scripts it: `onBeforeSubmit` answers `verdict`; the sheet's
/// updates come from the scenario's rules as the app's `ScenarioMerchantHooks` gives them;
/// `onPreAuthorisation` refuses what `authorisationErrors` finds in the full contact and otherwise returns the
/// rules' data. Each answer is due at once, unless its kind is in `holding`: then it is due
/// `SheetDriver.holdTime` later, so a test can look at the checkout while it waits.
final class ScriptedMerchant: MerchantHooks {
  private struct Script {
    var verdict = BeforeSubmitVerdict(allowed: true)
    var holding: Set<SheetDriver.Kind> = []
  }

  private let pricing: MerchantPricing?
  /// The app's merchant of the scenario's rules, whose sheet updates the script gives at once.
  private let rules: ScenarioMerchantHooks
  private let script = Mutex(Script())

  init(scenario: Scenario) {
    pricing = scenario.applePay.map { MerchantPricing(configuration: $0) }
    rules = ScenarioMerchantHooks(scenario: scenario)
  }

  var verdict: BeforeSubmitVerdict {
    get { script.withLock { $0.verdict } }
    set { script.withLock { $0.verdict = newValue } }
  }

  var holding: Set<SheetDriver.Kind> {
    get { script.withLock { $0.holding } }
    set { script.withLock { $0.holding = newValue } }
  }

  func beforeSubmit(_ method: DropInPaymentMethod) -> HookAnswer<BeforeSubmitVerdict> {
    reply(.beforeSubmit, .success(verdict))
  }

  func sheetUpdate(_ kind: ApplePaySheet.PendingUpdate, selections: SheetSelections)
    -> HookAnswer<SheetUpdate>
  {
    reply(
      .sheetUpdate,
      rules.sheetUpdate(kind, selections: selections).decided
        ?? .success(SheetUpdate(paymentSummaryItems: [])))
  }

  func preAuthorisation(shippingContact: Contact?) -> HookAnswer<PreAuthorisationAnswer> {
    let answer =
      pricing?.preAuthorisationAnswer(shippingContact: shippingContact) ?? PreAuthorisationAnswer(data: nil)
    return reply(.preAuthorise, .success(answer))
  }

  /// The answer at once, or after the hold when the test holds its kind.
  private func reply<Value>(_ kind: SheetDriver.Kind, _ value: Value) -> Reply<Value> {
    holding.contains(kind) ? .after(SheetDriver.holdTime, value) : .now(value)
  }
}
