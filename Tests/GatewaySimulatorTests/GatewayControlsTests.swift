import CheckoutEngine
import XCTest

@testable import GatewaySimulator

/// Latency, faults and idempotency of the simulated gateway.
final class GatewayControlsTests: XCTestCase {

  func testAnArmedFaultMeetsTheNextCallOnlyAndChargesNothing() async {
    let gateway = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-1" })
    gateway.apply(GatewaySettings(latencyMilliseconds: 0, nextFault: .networkError))
    let first = await gateway.authorise(cardRequest("4242424242424242", key: "m-1")).value
    XCTAssertEqual(first, .declined(GatewaySettings.Fault.networkError.error))
    XCTAssertEqual(gateway.controls.charges, 0)
    let second = await gateway.authorise(cardRequest("4242424242424242", key: "m-2")).value
    XCTAssertEqual(second, .approved(systemTransactionId: "tx-1"))
    XCTAssertNil(gateway.controls.settings.nextFault)
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
    gateway.apply(GatewaySettings(latencyMilliseconds: 0, nextFault: .duplicateRequest))
    let outcome = await gateway.authorise(cardRequest("4242424242424242", key: "m-1")).value
    XCTAssertNotNil(outcome.systemTransactionId)
    XCTAssertEqual(outcome.report?.replayed, true, "the second copy is answered as a replay")
    XCTAssertEqual(gateway.controls.charges, 1)
    let retry = await gateway.authorise(cardRequest("4242424242424242", key: "m-1")).value
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
