import CheckoutEngine
import GatewaySimulator
import PayDrillHooks
import PayDrillLoop
import Synchronization

/// The fuzzer's merchant: the scenario's rules, except that now and then (6 % of calls, from the checkout's
/// seed) the hook gives no usable answer, as a crashed hook would; or a merchant hook process played by
/// `FuzzPeer` through PayDrill's own `ProcessMerchantHooks`, notifications and all.
final class FuzzMerchantHooks: MerchantHooks {
  private let rules: ScenarioMerchantHooks
  private let random: Mutex<SeededRandom>
  private let process: ProcessMerchantHooks?
  /// The hook's script, when a hook process plays the merchant.
  let script: FuzzPeerScript?

  init(scenario: Scenario, seed: UInt64) {
    rules = ScenarioMerchantHooks(scenario: scenario)
    random = Mutex(SeededRandom(seed: seed ^ 0x5EED))
    process = nil
    script = nil
  }

  /// A merchant hook whose process is the scripted peer.
  init(process script: FuzzPeerScript, scenario: Scenario, seed: UInt64) {
    rules = ScenarioMerchantHooks(scenario: scenario)
    random = Mutex(SeededRandom(seed: seed ^ 0x5EED))
    process = ProcessMerchantHooks(
      process: JSONLinesProcess(command: "fuzz-hook") { FuzzPeer(script: script) }, scenario: scenario)
    self.script = script
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
    guard let process, let script else { return answer(rules.beforeSubmit(method)) }
    return script.settle(process.beforeSubmit(method), timeout: process.answerTimeout)
  }

  func sheetUpdate(_ kind: ApplePaySheet.PendingUpdate, selections: SheetSelections) -> HookAnswer<
    SheetUpdate
  > {
    guard let process, let script else { return answer(rules.sheetUpdate(kind, selections: selections)) }
    return script.settle(
      process.sheetUpdate(kind, selections: selections),
      timeout: process.updateTimeLimit + ProcessMerchantHooks.updateGrace)
  }

  func preAuthorisation(shippingContact: Contact?) -> HookAnswer<PreAuthorisationAnswer> {
    guard let process, let script else {
      return answer(rules.preAuthorisation(shippingContact: shippingContact))
    }
    return script.settle(
      process.preAuthorisation(shippingContact: shippingContact), timeout: process.answerTimeout)
  }

  func callbackFired(_ event: CallbackEvent) {
    process?.callbackFired(event)
  }

  /// Ends the hook's process once it has every notification.
  func shutDown() {
    guard let process else { return }
    AsyncBridge.wait { await process.shutDown() }
  }
}
