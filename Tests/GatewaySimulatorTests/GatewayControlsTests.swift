import CheckoutEngine
import XCTest

@testable import GatewaySimulator

/// Latency, faults and idempotency of the simulated gateway.
final class GatewayControlsTests: XCTestCase {

  /// A request with the fault a tester armed for it (the app takes it out of the panel's settings).
  private func request(_ key: String, fault: GatewayFault?) -> AuthorisationRequest {
    var request = cardRequest("4242424242424242", key: key)
    request.fault = fault
    return request
  }

  func testAnArmedFaultMeetsItsCallOnlyAndANetworkErrorChargesNothing() {
    let gateway = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-1" })
    let first = gateway.authorise(request("m-1", fault: .networkError)).decided
    XCTAssertEqual(first, .declined(GatewaySettings.Fault.networkError.error))
    XCTAssertEqual(gateway.controls.charges, 0)
    let second = gateway.authorise(request("m-2", fault: nil)).decided
    XCTAssertEqual(second, .approved(systemTransactionId: "tx-1"))
  }

  func testATimeoutChargesOnceAndTheRetryWithItsKeyGetsTheCharge() {
    let gateway = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-1" })
    XCTAssertEqual(
      gateway.authorise(request("m-1", fault: .timeout)).decided,
      .declined(GatewaySettings.Fault.timeout.error), "the answer was lost")
    XCTAssertEqual(gateway.controls.charges, 1, "but the gateway charged")
    let retry = gateway.authorise(request("m-1", fault: nil)).decided
    XCTAssertEqual(retry?.systemTransactionId, "tx-1")
    XCTAssertEqual(retry?.report?.replayed, true, "the retry gets the first decision")
    XCTAssertEqual(gateway.controls.charges, 1, "and is never charged again")
  }

  func testEveryFaultHasItsCode() {
    XCTAssertEqual(
      GatewaySettings.Fault.allCases.map(\.error.errorCode),
      [
        "NETWORK_ERROR", "GATEWAY_TIMEOUT", "GATEWAY_ERROR", "MERCHANT_VALIDATION_FAILED",
        "DUPLICATE_REQUEST",
      ])
  }

  func testADuplicatedRequestIsChargedOnce() async {
    let gateway = SimulatedGateway(latency: .zero, makeTransactionId: { UUID().uuidString })
    let outcome = await gateway.authorise(request("m-1", fault: .duplicateRequest)).value
    XCTAssertNotNil(outcome.systemTransactionId)
    XCTAssertEqual(outcome.report?.replayed, true, "the second copy is answered as a replay")
    XCTAssertEqual(gateway.controls.charges, 1)
    let retry = await gateway.authorise(request("m-1", fault: nil)).value
    XCTAssertEqual(retry, outcome, "a retry with the same idempotency key gets the first answer")
    XCTAssertEqual(gateway.controls.charges, 1, "and is not charged again")
  }

  func testRandomFaultsAndJitterRepeatWithTheSameSeed() {
    func run(seed: UInt64) -> ([Duration], [GatewaySettings.Fault?]) {
      let controls = GatewayControls(
        settings: GatewaySettings(
          latencyMilliseconds: 100, jitterPercent: 50, faultRatePercent: 50, seed: seed))
      return (
        (0..<20).map { _ in controls.nextLatency(for: .authorise) },
        (0..<20).map { _ in controls.drawFault() }
      )
    }
    let (latencies, faults) = run(seed: 42)
    XCTAssertEqual(run(seed: 42).0, latencies)
    XCTAssertEqual(run(seed: 42).1, faults)
    XCTAssertNotEqual(run(seed: 43).0, latencies)
    XCTAssertTrue(latencies.allSatisfy { $0 >= .milliseconds(50) && $0 <= .milliseconds(150) })
    XCTAssertTrue(faults.contains { $0 != nil } && faults.contains { $0 == nil }, "about half the calls")
  }
}
