import XCTest

@testable import CheckoutEngine
@testable import GatewaySimulator

/// A plugin's answer as the engine takes it.
final class PluginAnswerTests: XCTestCase {
  private func request(_ method: DropInPaymentMethod, address: Bool) -> AuthorisationRequest {
    var request = AuthorisationRequest(
      method: method, card: nil, amount: Money(minorUnits: 4999, currency: .usd), intent: "Authorisation",
      merchantTransactionId: "m", sessionId: "s", idempotencyKey: "k")
    if address {
      request.addressVerification = .init(countryCode: "US", houseNumberOrName: "1", postalCode: "95014")
    }
    return request
  }

  /// Found by the fuzzer's plugin: an `avsResult` in the answer to a PayPal payment (which sends no address)
  /// became an `addressVerification` event in a PayPal flow, where the seed has none. It counts only when the
  /// request carried an address.
  func testAnAVSResultCountsOnlyWhenAnAddressWasSent() throws {
    let answer = try PluginAnswer(
      line: Data(#"{"id": 1, "result": "approved", "systemTransactionId": "t", "avsResult": "Y"}"#.utf8),
      requestType: "authorise")
    XCTAssertEqual(
      answer.outcome(for: request(.paypal, address: false)),
      .approved(systemTransactionId: "t").reporting(GatewayReport(addressVerification: nil, resultCode: nil)))
    XCTAssertEqual(
      answer.outcome(for: request(.card, address: true)),
      .approved(systemTransactionId: "t").reporting(
        GatewayReport(addressVerification: .fullMatch, resultCode: nil)))
  }

  /// Found by the fuzzer's plugin: a `transStatus` in the approval of a PayPal payment became a threeDSecure
  /// event in the PayPal flow; PayPal and Paze authenticate the buyer themselves.
  func testATransStatusCountsOnlyForCardsAndApplePay() throws {
    let answer = try PluginAnswer(
      line: Data(#"{"id": 1, "result": "approved", "systemTransactionId": "t", "transStatus": "Y"}"#.utf8),
      requestType: "authorise")
    for method in [DropInPaymentMethod.paypal, .paze] {
      XCTAssertEqual(answer.outcome(for: request(method, address: false)), .approved(systemTransactionId: t))
    }
    guard case .approvedWithThreeDSecure = answer.outcome(for: request(.card, address: false)) else {
      return XCTFail("a card's frictionless 3-D Secure")
    }
  }

  private let t = "t"
}
