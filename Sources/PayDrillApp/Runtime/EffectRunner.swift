import CheckoutEngine
import GatewaySimulator

/// Performs the engine's effects (merchant hooks, the gateway) away from `reduce`, and posts what they
/// answer to the inbox as actions.
public struct EffectRunner: Sendable {
  public var gateway: any PaymentGateway
  public var hooks: any MerchantHooks
  public let inbox: ActionInbox

  public init(gateway: any PaymentGateway, hooks: any MerchantHooks, inbox: ActionInbox) {
    self.gateway = gateway
    self.hooks = hooks
    self.inbox = inbox
  }

  /// Starts an effect; its result arrives in the inbox.
  public func run(_ effect: CheckoutEffect) {
    inbox.start()
    let gateway = gateway
    let hooks = hooks
    let inbox = inbox
    Task {
      switch effect {
      case .askBeforeSubmit(let method):
        inbox.post(.beforeSubmitAnswered(method, await hooks.beforeSubmit(method)))
      case .requestSheetUpdate(let kind, let selections):
        inbox.post(.sheetUpdated(await hooks.sheetUpdate(kind, selections: selections)))
      case .expectUpdate(let serial, let limit):
        try? await Task.sleep(for: limit)
        inbox.post(.updateTimedOut(serial: serial))
      case .preAuthorise(let contact):
        inbox.post(.preAuthorisationAnswered(await hooks.preAuthorisation(shippingContact: contact)))
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
}
