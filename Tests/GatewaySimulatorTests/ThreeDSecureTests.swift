import CheckoutEngine
import XCTest

@testable import GatewaySimulator

/// Every 3-D Secure test card's outcome and its ECI.
final class ThreeDSecureTests: XCTestCase {
  private let gateway = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-1" })

  private func request(_ number: String, method: DropInPaymentMethod = .card) -> AuthorisationRequest {
    cardRequest(number, method: method)
  }

  func testFrictionlessResultsAndTheirECI() {
    let cases: [(String, String, String)] = [
      ("4000000000003063", "Y", "05"), ("4000000000003089", "A", "06"), ("4000000000003113", "U", "07"),
      ("5200000000001005", "Y", "02"),
    ]
    for (number, status, eci) in cases {
      guard case .approvedWithThreeDSecure(_, let result) = gateway.answer(to: request(number)) else {
        XCTFail("\(number): \(gateway.answer(to: request(number)))")
        continue
      }
      XCTAssertEqual(
        result, ThreeDSecureResult(transStatus: status, network: number.hasPrefix("5") ? .mastercard : .visa))
      XCTAssertEqual(result.eci, eci, number)
    }
    XCTAssertEqual(ThreeDSecureResult(transStatus: "A", network: .mastercard).eci, "01")
    XCTAssertEqual(ThreeDSecureResult(transStatus: "N", network: .mastercard).eci, "00")
  }

  func testNotAuthenticatedAndRejectedDecline() {
    for (number, code) in [
      ("4000000000003097", "THREE_DS_NOT_AUTHENTICATED"), ("4000000000003105", "THREE_DS_REJECTED"),
    ] {
      guard case .declined(let error) = gateway.answer(to: request(number)) else { return XCTFail(number) }
      XCTAssertEqual(error.errorCode, code)
    }
  }

  func testChallengePassesOnlyWith1234() {
    guard case .challengeRequired(let challenge) = gateway.answer(to: request("4000000000003220")) else {
      return XCTFail("no challenge")
    }
    XCTAssertEqual(
      gateway.challengeAnswer(challenge, code: "1234"),
      .approvedWithThreeDSecure(
        systemTransactionId: "tx-1", ThreeDSecureResult(transStatus: "Y", network: .visa)))
    guard case .declined(let wrong) = gateway.challengeAnswer(challenge, code: "9999") else {
      return XCTFail()
    }
    XCTAssertEqual(wrong.errorCode, "THREE_DS_FAILED")
    guard case .declined(let cancelled) = gateway.challengeAnswer(challenge, code: nil) else {
      return XCTFail()
    }
    XCTAssertEqual(cancelled.errorCode, "THREE_DS_CANCELLED")
  }

  func testChallengeThenDeclined() {
    guard case .challengeRequired(let challenge) = gateway.answer(to: request("4000008400001629")) else {
      return XCTFail("no challenge")
    }
    guard case .declined(let error) = gateway.challengeAnswer(challenge, code: "1234") else {
      return XCTFail()
    }
    XCTAssertEqual(error.errorCode, "CARD_DECLINED")
  }

  func testApplePayIsRedirectedInsteadOfChallenged() {
    guard case .approvedAfterRedirect = gateway.answer(to: request("4000000000003220", method: .applePay))
    else {
      return XCTFail("\(gateway.answer(to: request("4000000000003220", method: .applePay)))")
    }
  }
}

/// A challenge's answer settles its request in the gateway's books: charged once, whatever arrives twice.
final class ThreeDSecureChargeTests: XCTestCase {
  func testAPassedChallengeIsChargedOnceAndARepeatGetsTheFirstAnswer() async {
    let gateway = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-3ds" })
    guard
      case .challengeRequired(let challenge) = await gateway.authorise(cardRequest("4000000000003220")).value
    else {
      return XCTFail("no challenge")
    }
    XCTAssertEqual(gateway.controls.charges, 0, "a challenge charges nothing yet")
    let passed = await gateway.completeChallenge(challenge, code: "1234").value
    XCTAssertNotNil(passed.systemTransactionId)
    XCTAssertEqual(gateway.controls.charges, 1)
    let again = await gateway.completeChallenge(challenge, code: "0000").value
    XCTAssertEqual(again, passed, "the request is settled: the first answer stands")
    XCTAssertEqual(gateway.controls.charges, 1, "and is charged once")
  }
}
