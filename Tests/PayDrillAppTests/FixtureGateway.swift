import CheckoutEngine
import Foundation
import GatewaySimulator

@testable import PayDrillApp

/// The gateway of `Fixture.settle`: authorisations answered at once by a closure (or never, when there is
/// none), PayPal orders with a fixed id, `/init` from the endpoint's rules, and 3-D Secure decided by the
/// simulated issuer with a fixed transaction id.
struct FixtureGateway: PaymentGateway {
  var answer: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)?
  private let issuer = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-3ds" })

  /// Later than any test lets the clock run: "never".
  static let never = Duration.seconds(10 * 365 * 24 * 3600)

  init(answer: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)?) {
    self.answer = answer
  }

  func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome> {
    guard let answer else {
      return .after(Self.never, .declined(SdkError(errorCode: "NEVER", errorMessage: "never answered")))
    }
    return .now(answer(request))
  }

  func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> Reply<AuthorisationOutcome> {
    .now(issuer.completeChallenge(challenge, code: code).decided!)
  }

  func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder> {
    .now(PayPalOrder(orderId: "PAYID-FIXTURE0000000001", intent: request.intent, amount: request.amount))
  }

  func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse> {
    .now(ApplePayInitEndpoint.answer(request))
  }
}
