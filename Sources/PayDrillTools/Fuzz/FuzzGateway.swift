import CheckoutEngine
import GatewaySimulator
import PayDrillLoop
import Synchronization

/// The fuzzer's gateway dependency: the simulated gateway, or a gateway plugin played by `FuzzPeer` through
/// PayDrill's own `PluginGateway`, watched. It counts what the gateway charged, by payment (idempotency key)
/// and by session, and the armed faults it was sent, so that the invariants can say "at most one charge" and
/// "a fault used once" from what really reached the gateway.
final class FuzzGateway: PaymentGateway {
  struct Tally {
    var chargesByPayment: [String: Int] = [:]
    var chargesBySession: [String: Int] = [:]
    var faultsUsed = 0
  }

  private let gateway: any PaymentGateway
  private let simulated: SimulatedGateway?
  /// The plugin's script, when a plugin plays the gateway.
  let script: FuzzPeerScript?
  private let timeout: Duration
  private let counts = Mutex(Tally())

  init(_ gateway: SimulatedGateway) {
    self.gateway = gateway
    simulated = gateway
    script = nil
    timeout = .zero
  }

  /// A gateway plugin whose process is the scripted peer.
  init(plugin script: FuzzPeerScript, timeout: Duration = .seconds(5)) {
    let process = JSONLinesProcess(command: "fuzz-plugin") { FuzzPeer(script: script) }
    gateway = PluginGateway(process: process, timeout: timeout)
    simulated = nil
    self.script = script
    self.timeout = timeout
  }

  var tally: Tally {
    var tally = counts.withLock { $0 }
    if let script {
      tally.chargesBySession = script.tally.chargesBySession
      tally.chargesByPayment = script.tally.chargesByPayment
    }
    return tally
  }

  func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome> {
    if request.fault != nil { counts.withLock { $0.faultsUsed += 1 } }
    return counting(request) { gateway.authorise(request) }
  }

  func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> Reply<AuthorisationOutcome> {
    counting(challenge.request) { gateway.completeChallenge(challenge, code: code) }
  }

  func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder> {
    settled(gateway.createPayPalOrder(request))
  }

  func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse> {
    settled(gateway.applePayInit(request))
  }

  func apply(_ settings: GatewaySettings) {
    gateway.apply(settings)
  }

  /// Ends the plugin's process, if a plugin plays the gateway.
  func shutDown() {
    guard let plugin = gateway as? PluginGateway else { return }
    AsyncBridge.wait { await plugin.shutDown() }
  }

  /// A plugin's answer, due on the fuzzer's clock.
  private func settled<Value: Sendable>(_ reply: Reply<Value>) -> Reply<Value> {
    script?.settle(reply, timeout: timeout) ?? reply
  }

  /// Counts what the gateway charged while it answered, from its own books: an approval it gave for the
  /// first time, and the charge a timeout hides behind its lost answer.
  private func counting(_ request: AuthorisationRequest, _ call: () -> Reply<AuthorisationOutcome>)
    -> Reply<AuthorisationOutcome>
  {
    guard let simulated else { return settled(call()) }
    let before = simulated.controls.charges
    let reply = call()
    let charged = simulated.controls.charges - before
    guard charged > 0 else { return reply }
    counts.withLock {
      $0.chargesByPayment[request.idempotencyKey, default: 0] += charged
      $0.chargesBySession[request.sessionId, default: 0] += charged
    }
    return reply
  }
}
