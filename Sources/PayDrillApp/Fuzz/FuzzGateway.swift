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
    return counting(request) { gateway.authorise(request) }
  }

  func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> Reply<AuthorisationOutcome> {
    counting(challenge.request) { gateway.completeChallenge(challenge, code: code) }
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

  /// Counts what the gateway charged while it answered, from its own books: an approval it gave for the
  /// first time, and the charge a timeout hides behind its lost answer.
  private func counting(_ request: AuthorisationRequest, _ call: () -> Reply<AuthorisationOutcome>)
    -> Reply<AuthorisationOutcome>
  {
    let before = gateway.controls.charges
    let reply = call()
    let charged = gateway.controls.charges - before
    guard charged > 0 else { return reply }
    counts.withLock {
      $0.chargesByPayment[request.idempotencyKey, default: 0] += charged
      $0.chargesBySession[request.sessionId, default: 0] += charged
    }
    return reply
  }
}
