import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillLoop

/// The merchant's callbacks answered by another process (`--merchant-hook "CMD ARGS"`): a developer's own
/// shipping, tax, coupon and `onBeforeSubmit` code, in any language, behind PayDrill's checkout.
///
/// The process is started with `/bin/sh -c "exec CMD ARGS"` on the first line PayDrill writes. PayDrill
/// writes one JSON object per line to its stdin and reads one per line from its stdout; stderr is the hook's
/// own (PayDrill keeps its last lines for error messages).
///
/// - Requests have `"id"` (an increasing integer) and `"type"` (the callback: `onBeforeSubmit`,
///   `onShippingContactSelected`, `onShippingMethodSelected`, `onPaymentMethodSelected`,
///   `onCouponCodeChanged`, `onPreAuthorisation`), and the fields `MerchantHookRequest` lists. The answer
///   echoes `"id"` and carries what `MerchantHookAnswer` reads.
/// - Notifications are every other merchant callback as it fires (`onSubmit`, `onSuccess`, `onError`,
///   `onCancel`, `onPostAuthorisation`, PayPal's `onPreAuthorisation`): the line `--events` writes
///   (`{"event": "onSuccess", "seq": 9, …}`), with no `"id"`, and no answer expected. They never wait.
///
/// Limits: `onBeforeSubmit` and `onPreAuthorisation` get `answerTimeout` (30 s by default). The sheet's
/// updates get PassKit's 30 seconds, which the engine's own timer enforces; the hook is killed
/// `updateGrace` later so that the next callback finds a fresh process. A hook that fails throws
/// `MERCHANT_HOOK_UNAVAILABLE`, `MERCHANT_HOOK_CRASHED`, `MERCHANT_HOOK_TIMEOUT` or
/// `MERCHANT_HOOK_PROTOCOL_ERROR`; the engine decides what the checkout does then.
public struct ProcessMerchantHooks: MerchantHooks {
  /// The command, as given to `--merchant-hook`.
  public let command: String
  /// How long `onBeforeSubmit` and `onPreAuthorisation` may take (`--hook-timeout`).
  public let answerTimeout: Duration
  /// How long the sheet's updates may take: PassKit's limit, which the engine enforces.
  public let updateTimeLimit: Duration
  /// How long after `updateTimeLimit` a hook that has not answered a sheet update is killed.
  public static let updateGrace = Duration.seconds(1)

  private let request: MerchantHookRequest
  private let process: JSONLinesProcess
  private let notifications: AsyncStream<Data>.Continuation
  private let notifier: Task<Void, Never>

  /// Hooks that start `command` on the first callback, for a checkout of `scenario`.
  public init(
    command: String, scenario: Scenario, answerTimeout: Duration = .seconds(30),
    updateTimeLimit: Duration = CheckoutReducer.updateTimeLimit
  ) {
    self.init(
      process: JSONLinesProcess(command: command), scenario: scenario, answerTimeout: answerTimeout,
      updateTimeLimit: updateTimeLimit)
  }

  /// Hooks spoken to through `process` (the fuzzer's scripted peer plays the hook there).
  public init(
    process: JSONLinesProcess, scenario: Scenario, answerTimeout: Duration = .seconds(30),
    updateTimeLimit: Duration = CheckoutReducer.updateTimeLimit
  ) {
    command = process.command
    self.answerTimeout = answerTimeout
    self.updateTimeLimit = updateTimeLimit
    request = MerchantHookRequest(scenario: scenario)
    self.process = process
    let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
    notifications = continuation
    // One writer, so that notifications reach the hook in the order the callbacks fired.
    notifier = Task {
      for await line in stream { await process.notify(line) }
    }
  }

  // The hook process answers when it answers: on the real clock, through the interpreter.
  public func beforeSubmit(_ method: DropInPaymentMethod) -> HookAnswer<BeforeSubmitVerdict> {
    let fields = request.beforeSubmit(method)
    return .later {
      await answer(.onBeforeSubmit, fields, within: answerTimeout, currency: nil) {
        (answer) throws(SdkError) in try answer.verdict()
      }
    }
  }

  public func sheetUpdate(_ kind: ApplePaySheet.PendingUpdate, selections: SheetSelections)
    -> HookAnswer<SheetUpdate>
  {
    let fields = request.sheetUpdate(kind, selections: selections)
    let currency = request.scenario.applePay?.currencyCode
    let limit = updateTimeLimit + Self.updateGrace
    return .later {
      await answer(kind.callbackName, fields, within: limit, currency: currency) {
        (answer) throws(SdkError) in try answer.sheetUpdate()
      }
    }
  }

  public func preAuthorisation(shippingContact: Contact?) -> HookAnswer<PreAuthorisationAnswer> {
    let fields = request.preAuthorisation(shippingContact: shippingContact)
    return .later {
      await answer(.onPreAuthorisation, fields, within: answerTimeout, currency: nil) {
        (answer) throws(SdkError) in
        try answer.preAuthorisation()
      }
    }
  }

  /// Sends the callbacks that are not requests to the hook, in order, without waiting.
  public func callbackFired(_ event: CallbackEvent) {
    guard event.name.isMerchantCallback, !Self.isRequest(event) else { return }
    notifications.yield(Data(event.jsonLine().utf8))
  }

  /// Ends the hook's process once the notifications still queued are written: closes its stdin, then
  /// SIGTERM and SIGKILL if it does not exit.
  public func shutDown() async {
    notifications.finish()
    await notifier.value
    await process.shutDown()
  }

  /// The last lines the hook wrote to stderr, the last one last.
  public func recentStandardError() async -> [String] {
    await process.stderrTail
  }

  /// Whether an event is a callback the hook answers as a request (then it is not also a notification).
  static func isRequest(_ event: CallbackEvent) -> Bool {
    switch event.name {
    case .onBeforeSubmit, .onShippingContactSelected, .onShippingMethodSelected, .onPaymentMethodSelected,
      .onCouponCodeChanged:
      return true
    case .onPreAuthorisation:
      return event.method == .applePay
    default:
      return false
    }
  }

  private func answer<Value>(
    _ callback: CallbackName, _ fields: Data, within timeout: Duration, currency: Currency?,
    _ read: (MerchantHookAnswer) throws(SdkError) -> Value
  ) async -> Result<Value, SdkError> {
    let type = callback.rawValue
    switch await process.exchange(type: type, fields: fields, timeout: timeout) {
    case .success(let line):
      let answer = MerchantHookAnswer(
        line: line, callback: type, currency: currency ?? request.scenario.currency)
      do {
        return .success(try read(answer))
      } catch {
        return .failure(error)
      }
    case .failure(let failure):
      return .failure(MerchantHookError.error(failure, callback: type))
    }
  }
}
