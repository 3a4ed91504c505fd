import CheckoutEngine
import GatewaySimulator

/// Performs the engine's effects (merchant hooks, the gateway) away from `reduce`, and posts what they
/// answer to the inbox as actions.
public struct EffectRunner: Sendable {
  public var gateway: any PaymentGateway
  public var hooks: any MerchantHooks
  public let inbox: ActionInbox
  /// Replaces PassKit's 30 seconds for the sheet's updates (`.expectUpdate`), for tests that stage a hook
  /// slower than the limit without waiting for it.
  public var updateTimeLimit: Duration?

  public init(
    gateway: any PaymentGateway, hooks: any MerchantHooks, inbox: ActionInbox,
    updateTimeLimit: Duration? = nil
  ) {
    self.gateway = gateway
    self.hooks = hooks
    self.inbox = inbox
    self.updateTimeLimit = updateTimeLimit
  }

  /// Starts an effect; its result arrives in the inbox.
  public func run(_ effect: CheckoutEffect) {
    inbox.start()
    let gateway = gateway
    let hooks = hooks
    let inbox = inbox
    let updateTimeLimit = updateTimeLimit
    Task {
      switch effect {
      case .askBeforeSubmit(let method):
        inbox.post(
          await Self.merchantAnswer(.onBeforeSubmit, method) { () async throws(SdkError) in
            .beforeSubmitAnswered(method, try await hooks.beforeSubmit(method))
          })
      case .requestSheetUpdate(let kind, let selections):
        inbox.post(
          await Self.merchantAnswer(kind.callbackName, .applePay) { () async throws(SdkError) in
            .sheetUpdated(try await hooks.sheetUpdate(kind, selections: selections))
          })
      case .expectUpdate(let serial, let limit):
        try? await Task.sleep(for: updateTimeLimit ?? limit)
        inbox.post(.updateTimedOut(serial: serial))
      case .preAuthorise(let contact):
        inbox.post(
          await Self.merchantAnswer(.onPreAuthorisation, .applePay) { () async throws(SdkError) in
            .preAuthorisationAnswered(try await hooks.preAuthorisation(shippingContact: contact))
          })
      case .completeChallenge(let challenge, let code):
        inbox.post(.gatewayAnswered(await gateway.completeChallenge(challenge, code: code)))
      case .createPayPalOrder(let request):
        inbox.post(.payPalOrderCreated(await gateway.createPayPalOrder(request)))
      case .prepareApplePay(let request):
        inbox.post(.applePayInitAnswered(await gateway.applePayInit(request)))
      case .authorise(let request):
        inbox.post(.gatewayAnswered(await gateway.authorise(request)))
      }
      inbox.finish()
    }
  }

  /// The merchant's answer as an action, or `.merchantHookFailed` when the hook gave none.
  private static func merchantAnswer(
    _ callback: CallbackName, _ method: DropInPaymentMethod,
    _ ask: () async throws(SdkError) -> CheckoutAction
  ) async -> CheckoutAction {
    do {
      return try await ask()
    } catch {
      return .merchantHookFailed(MerchantHookFailure(callback: callback, method: method, error: error))
    }
  }
}
