import XCTest

@testable import CheckoutEngine
@testable import GatewaySimulator

/// The Adyen and Worldline profiles put their own result codes behind the common outcomes.
final class PSPProfileTests: XCTestCase {
  private func gateway(_ profile: PSPProfile) -> SimulatedGateway {
    SimulatedGateway(
      settings: GatewaySettings(latencyMilliseconds: 0, profile: profile), makeTransactionId: { "tx-1" })
  }

  private func codes(_ outcome: AuthorisationOutcome) -> [String] {
    [outcome.report?.resultCode, outcome.report?.refusalReason, outcome.report?.statusCode.map(String.init)]
      .map { $0 ?? "-" }
  }

  func testAdyenResultCodes() {
    let adyen = gateway(.adyen)
    XCTAssertEqual(codes(adyen.answer(to: cardRequest("4242424242424242"))), ["Authorised", "-", "-"])
    XCTAssertEqual(
      codes(adyen.answer(to: cardRequest("4000000000009995"))), ["Refused", "Not enough balance", "-"])
    XCTAssertEqual(
      codes(adyen.answer(to: cardRequest("4000000000000069"))), ["Refused", "Expired Card", "-"])
    XCTAssertEqual(codes(adyen.answer(to: cardRequest("4000000000000119"))), ["Error", "-", "-"])
    let challenge = adyen.answer(to: cardRequest("4000000000003220"))
    XCTAssertEqual(codes(challenge), ["ChallengeShopper", "-", "-"])
    guard case .challengeRequired(let pending) = challenge.decision else { return XCTFail() }
    XCTAssertEqual(codes(adyen.challengeAnswer(pending, code: nil)), ["Cancelled", "-", "-"])
    XCTAssertEqual(
      codes(adyen.challengeAnswer(pending, code: "0000")), ["Refused", "3D Not Authenticated", "-"])
    XCTAssertEqual(codes(adyen.challengeAnswer(pending, code: "1234")), ["Authorised", "-", "-"])
    var payLater = AuthorisationRequest(
      method: .paypal, card: nil, amount: Money(minorUnits: 100, currency: .usd), intent: "Purchase",
      merchantTransactionId: "m-1", idempotencyKey: "k")
    payLater.payPal = PayPalApproval(orderId: "PAYID-1", funding: .paylater)
    XCTAssertEqual(codes(adyen.answer(to: payLater)), ["Received", "-", "-"], "Pay Later is pending")
  }

  func testWorldlineStatusesFollowTheIntent() {
    let worldline = gateway(.worldline)
    var purchase = cardRequest("4242424242424242")
    purchase.intent = "Purchase"
    XCTAssertEqual(codes(worldline.answer(to: purchase)), ["CAPTURED", "-", "9"])
    XCTAssertEqual(
      codes(worldline.answer(to: cardRequest("4242424242424242"))), ["PENDING_CAPTURE", "-", "5"])
    XCTAssertEqual(codes(worldline.answer(to: cardRequest("4000000000000002"))), ["REJECTED", "-", "2"])
    XCTAssertEqual(codes(worldline.answer(to: cardRequest("4000000000003220"))), ["REDIRECTED", "-", "46"])
  }

  func testTheDefaultProfileAddsNothing() {
    XCTAssertEqual(
      gateway(.default).answer(to: cardRequest("4242424242424242")), .approved(systemTransactionId: "tx-1"))
  }

  func testAFaultThatGotNoAnswerHasNoResultCode() async {
    let adyen = gateway(.adyen)
    var request = cardRequest("4242424242424242")
    request.fault = .networkError
    let lost = await adyen.authorise(request).value
    XCTAssertNil(lost.report?.resultCode, "a lost answer carries no PSP code: \(lost)")
    request = cardRequest("4242424242424242", key: "k-2")
    request.fault = .serverError
    let failed = await adyen.authorise(request).value
    XCTAssertEqual(failed.report?.resultCode, "Error")
  }

  func testReportDetailsNameTheProfilesFields() {
    XCTAssertEqual(
      GatewayReport(profile: .adyen, resultCode: "Refused", refusalReason: "FRAUD").outcomeDetails,
      [EventDetail("resultCode", .string("Refused")), EventDetail("refusalReason", .string("FRAUD"))])
    XCTAssertEqual(
      GatewayReport(profile: .worldline, resultCode: "CAPTURED", statusCode: 9, replayed: true)
        .outcomeDetails,
      [
        EventDetail("status", .string("CAPTURED")), EventDetail("statusCode", .integer(9)),
        EventDetail("idempotentReplay", .bool(true)),
      ])
  }
}
