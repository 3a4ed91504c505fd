import GatewaySimulator
import Synchronization

@testable import CheckoutEngine

/// The gateway of the driven flows, as the test scripts it: authorisations are decided by `answer` (the
/// test-card table's answers by default), PayPal orders get a fixed id, `/init` follows the endpoint's rules
/// and 3-D Secure the simulated issuer's. Each answer is due at once, unless its kind is in `holding`: then
/// it is due `SheetDriver.holdTime` later.
final class ScriptedGateway: PaymentGateway {
  private struct Script {
    var answer: @Sendable (AuthorisationRequest) -> AuthorisationOutcome
    var holding: Set<SheetDriver.Kind> = []
  }

  /// The id of every PayPal order this gateway creates.
  static let payPalOrderId = "PAYID-SCRIPTED000000001"

  private let script = Mutex(Script(answer: ScriptedGateway.testCardOutcome))
  private let issuer = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-3ds" })

  var answer: @Sendable (AuthorisationRequest) -> AuthorisationOutcome {
    get { script.withLock { $0.answer } }
    set { script.withLock { $0.answer = newValue } }
  }

  var holding: Set<SheetDriver.Kind> {
    get { script.withLock { $0.holding } }
    set { script.withLock { $0.holding = newValue } }
  }

  /// The gateway of the test-card table, for the Wallet's cards and the card form: 4000000000000002 is
  /// declined, 4000000000000119 fails with a processing error, every other card is approved as "tx-1".
  @Sendable static func testCardOutcome(_ request: AuthorisationRequest) -> AuthorisationOutcome {
    switch request.card?.number.digits {
    case "4000000000000002":
      return .declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."))
    case "4000000000000119":
      return .declined(
        SdkError(errorCode: "PROCESSING_ERROR", errorMessage: "An error occurred while processing the card."))
    default:
      return .approved(systemTransactionId: "tx-1")
    }
  }

  func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome> {
    reply(.authorise, answer(request))
  }

  func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> Reply<AuthorisationOutcome> {
    issuer.completeChallenge(challenge, code: code)
  }

  func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder> {
    reply(
      .payPalOrder, PayPalOrder(orderId: Self.payPalOrderId, intent: request.intent, amount: request.amount))
  }

  func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse> {
    .now(ApplePayInitEndpoint.answer(request))
  }

  /// The answer at once, or after the hold when the test holds its kind.
  private func reply<Value>(_ kind: SheetDriver.Kind, _ value: Value) -> Reply<Value> {
    holding.contains(kind) ? .after(SheetDriver.holdTime, value) : .now(value)
  }
}
