import CheckoutEngine
import GatewaySimulator
import Synchronization

/// The fuzzer's gateway dependency: the simulated gateway, watched. It counts what the gateway charged, by
/// payment (idempotency key) and by session, and the armed faults it was sent, so that the invariants can
/// say "at most one charge" and "a fault used once" from what really reached the gateway.
final class FuzzGateway: PaymentGateway {
  struct Tally {
    var chargesByPayment: [String: Int] = [:]
    var chargesBySession: [String: Int] = [:]
    var faultsUsed = 0
  }

  private let gateway: SimulatedGateway
  private let counts = Mutex(Tally())

  init(_ gateway: SimulatedGateway) {
    self.gateway = gateway
  }

  var tally: Tally { counts.withLock { $0 } }

  func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome> {
    if request.fault != nil { counts.withLock { $0.faultsUsed += 1 } }
    let reply = gateway.authorise(request)
    count(reply.decided, request: request)
    return reply
  }

  func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> Reply<AuthorisationOutcome> {
    let reply = gateway.completeChallenge(challenge, code: code)
    count(reply.decided, request: challenge.request)
    return reply
  }

  func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder> {
    gateway.createPayPalOrder(request)
  }

  func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse> {
    gateway.applePayInit(request)
  }

  func apply(_ settings: GatewaySettings) {
    gateway.apply(settings)
  }

  /// Counts a charge: an approval the gateway gave for the first time (not a replay of a request it knew).
  private func count(_ outcome: AuthorisationOutcome?, request: AuthorisationRequest) {
    guard let outcome, outcome.systemTransactionId != nil, outcome.report?.replayed != true else { return }
    counts.withLock {
      $0.chargesByPayment[request.idempotencyKey, default: 0] += 1
      $0.chargesBySession[request.sessionId, default: 0] += 1
    }
  }
}
