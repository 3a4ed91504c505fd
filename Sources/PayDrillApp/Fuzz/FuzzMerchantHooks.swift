import CheckoutEngine
import GatewaySimulator
import Synchronization

/// The fuzzer's merchant: the scenario's rules, except that now and then (6 % of calls, from the checkout's
/// seed) the hook gives no usable answer, as a crashed hook process would.
final class FuzzMerchantHooks: MerchantHooks {
  private let rules: ScenarioMerchantHooks
  private let random: Mutex<SeededRandom>

  init(scenario: Scenario, seed: UInt64) {
    rules = ScenarioMerchantHooks(scenario: scenario)
    random = Mutex(SeededRandom(seed: seed ^ 0x5EED))
  }

  private func fails() -> Bool {
    random.withLock { $0.next() % 100 < 6 }
  }

  private func answer<Value>(_ answer: HookAnswer<Value>) -> HookAnswer<Value> {
    guard fails() else { return answer }
    return .now(
      .failure(SdkError(errorCode: "MERCHANT_HOOK_CRASHED", errorMessage: "the fuzzer's hook gave no answer"))
    )
  }

  func beforeSubmit(_ method: DropInPaymentMethod) -> HookAnswer<BeforeSubmitVerdict> {
    answer(rules.beforeSubmit(method))
  }

  func sheetUpdate(_ kind: ApplePaySheet.PendingUpdate, selections: SheetSelections) -> HookAnswer<
    SheetUpdate
  > {
    answer(rules.sheetUpdate(kind, selections: selections))
  }

  func preAuthorisation(shippingContact: Contact?) -> HookAnswer<PreAuthorisationAnswer> {
    answer(rules.preAuthorisation(shippingContact: shippingContact))
  }
}
