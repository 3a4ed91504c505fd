import XCTest

@testable import CheckoutEngine
@testable import GatewaySimulator

/// AVS: each test postcode's result, the merchant's decline rules, and 3-D Secure the merchant supplies.
final class AddressVerificationTests: XCTestCase {
  private func gateway(declining results: [AddressVerificationResult] = [.noMatch]) -> SimulatedGateway {
    SimulatedGateway(
      settings: GatewaySettings(
        latencyMilliseconds: 0, addressVerification: AddressVerificationPolicy(declineResults: results)),
      makeTransactionId: { "tx-1" })
  }

  private func request(_ number: String = "4242424242424242", postcode: String?) -> AuthorisationRequest {
    var request = cardRequest(number)
    request.addressVerification = postcode.map {
      ApplePayTransactionInitData.AddressVerification(
        countryCode: "US", houseNumberOrName: "", postalCode: $0)
    }
    return request
  }

  func testEachTestPostcodeGivesItsResult() {
    let expected: [(String, AddressVerificationResult)] = [
      ("10001", .fullMatch), ("11111", .streetOnly), ("22222", .postcodeOnly), ("33333", .noMatch),
      ("44444", .unavailable), ("55555", .retry), (" 555 55 ", .retry),
    ]
    let gateway = gateway(declining: [])
    for (postcode, result) in expected {
      let outcome = gateway.answer(to: request(postcode: postcode))
      XCTAssertEqual(outcome.report?.addressVerification, result, postcode)
      XCTAssertEqual(outcome.decision, .approved(systemTransactionId: "tx-1"), "no rule declines \(postcode)")
    }
  }

  func testTheMerchantsRulesDecideWhichResultsDecline() {
    let gateway = gateway(declining: [.noMatch, .retry])
    for postcode in ["33333", "55555"] {
      guard case .declined(let error) = gateway.answer(to: request(postcode: postcode)).decision else {
        return XCTFail(postcode)
      }
      XCTAssertEqual(error.errorCode, "AVS_DECLINED")
      XCTAssertTrue(error.errorMessage.contains("AVS"), error.errorMessage)
    }
    XCTAssertNotNil(
      gateway.answer(to: request(postcode: "11111")).systemTransactionId, "A passes these rules")
    XCTAssertEqual(gateway.controls.charges, 1, "only the approval is charged")
  }

  func testNoAddressMeansNoCheck() {
    XCTAssertEqual(gateway().answer(to: request(postcode: nil)), .approved(systemTransactionId: "tx-1"))
  }

  func testAnAVSDeclineComesBeforeThreeDSecure() {
    let outcome = gateway().answer(to: request("4000000000003220", postcode: "33333"))
    guard case .declined(let error) = outcome.decision else { return XCTFail("\(outcome)") }
    XCTAssertEqual(error.errorCode, "AVS_DECLINED", "no challenge for an address that fails")
    let passing = gateway().answer(to: request("4000000000003220", postcode: "10001"))
    guard case .challengeRequired = passing.decision else { return XCTFail("\(passing)") }
    XCTAssertEqual(passing.report?.addressVerification, .fullMatch)
  }

  func testSuppliedThreeDSecureSkipsTheChallenge() {
    var request = cardRequest("4000000000003220", method: .applePay)
    request.threeDSecureData = ApplePayTransactionInitData.ThreeDSecureData(
      threeDSecureVersion: "2.1.0", electronicCommerceIndicator: "eci5",
      cardHolderAuthenticationVerificationValue: "AAABBB", directoryServerTransactionId: "ds-1",
      threeDSecureTransactionStatus: "Y")
    XCTAssertEqual(
      gateway().answer(to: request),
      .approvedWithThreeDSecure(systemTransactionId: "tx-1", ThreeDSecureResult(transStatus: "Y", eci: "05")))
    request.threeDSecureData?.threeDSecureTransactionStatus = "N"
    guard case .declined(let error) = gateway().answer(to: request) else { return XCTFail() }
    XCTAssertEqual(error.errorCode, "THREE_DS_NOT_AUTHENTICATED")
    XCTAssertEqual(ThreeDSecureResult(transStatus: "A", eci: "06").eci, "06")
    XCTAssertEqual(ThreeDSecureResult(transStatus: "Y", eci: ".eci2").eci, "02")
  }

  func testThePolicyDecodesWithADefault() throws {
    let policy = try JSONDecoder().decode(
      AddressVerificationPolicy.self, from: Data(#"{"collectPostcode":true}"#.utf8))
    XCTAssertEqual(policy, AddressVerificationPolicy(collectPostcode: true, declineResults: [.noMatch]))
    XCTAssertThrowsError(
      try JSONDecoder().decode(AddressVerificationPolicy.self, from: Data(#"{"declineResults":["X"]}"#.utf8)))
  }
}
