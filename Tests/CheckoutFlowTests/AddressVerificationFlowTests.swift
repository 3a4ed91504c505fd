import Foundation
import PayDrillApp
import XCTest

@testable import CheckoutEngine
@testable import PayDrillLoop

/// The card timeline with address verification, on the harbour-books scenario (postcode asked for, AVS N and
/// R decline, Adyen's result codes): the AVS update, then 3-D Secure, then the authorisation's callback.
final class AddressVerificationFlowTests: XCTestCase {
  private let scenario = Scenario.builtIn(named: "harbour-books")!

  /// Pays with a card and a billing postcode through the one interpreter (answering the 3-D Secure
  /// challenge with `code` when one comes); returns the checkout at the end.
  private func pay(_ number: String, postcode: String, code: String? = nil) -> CheckoutState {
    let runtime = CheckoutRuntime.flow(scenario: scenario, transactionId: "tx-avs")
    runtime.settle(after: .selectMethod(.card))
    for (field, text) in [
      (CardField.number, number), (.expiry, "1234"), (.securityCode, "123"), (.holderName, "Ada Lovelace"),
      (.postalCode, postcode),
    ] {
      runtime.settle(after: .type(text, into: field))
    }
    runtime.settle(after: .submitCard)
    if let code { runtime.settle(after: .submitChallengeCode(code)) }
    return runtime.checkout
  }

  func testThePostcodeFieldIsAskedForAndRequired() {
    XCTAssertEqual(CheckoutState(scenario: scenario).cardFields.last, .postalCode)
    XCTAssertFalse(CheckoutState(scenario: .acmeElectronics).cardFields.contains(.postalCode))
    let runtime = CheckoutRuntime.flow(scenario: scenario, transactionId: "tx")
    runtime.settle(after: .selectMethod(.card))
    runtime.settle(after: .submitCard)
    XCTAssertEqual(runtime.checkout.cardForm.errors[.postalCode], "Enter the billing ZIP code")
    runtime.settle(after: .type("1", into: .postalCode))
    runtime.settle(after: .leaveField(.postalCode))
    XCTAssertEqual(runtime.checkout.cardForm.errors[.postalCode], "Billing ZIP code is too short")
  }

  func testAMatchingAddressPaysWithTheAVSUpdateFirst() {
    let state = pay("4242424242424242", postcode: "SW1A 1AA")
    XCTAssertEqual(
      state.events.map(\.name), [.onBeforeSubmit, .onSubmit, .addressVerification, .onSuccess])
    XCTAssertEqual(state.events[2]["avsResult"], .string("Y"))
    XCTAssertEqual(state.events[3]["resultCode"], .string("Authorised"), "the Adyen profile")
  }

  func testNoMatchDeclinesWithAVSDeclined() {
    let state = pay("4242424242424242", postcode: "33333")
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit, .onSubmit, .addressVerification, .onError])
    XCTAssertEqual(state.events[3]["errorCode"], .string("AVS_DECLINED"))
    XCTAssertEqual(state.events[3]["resultCode"], .string("Refused"))
    XCTAssertEqual(state.events[3]["refusalReason"], .string("FRAUD"))
    guard case .result(.failure(.card, let error, _)) = state.screen else {
      return XCTFail("\(state.screen)")
    }
    XCTAssertEqual(error.errorCode, "AVS_DECLINED")
  }

  func testStreetOnlyPassesTheseRulesThenThreeDSecureChallenges() {
    let state = pay("4000000000003220", postcode: "11111", code: "1234")
    XCTAssertEqual(
      state.events.map(\.name),
      [.onBeforeSubmit, .onSubmit, .addressVerification, .threeDSecure, .threeDSecure, .onSuccess],
      "AVS update, 3-D Secure (challenge, then its result), authorisation")
    XCTAssertEqual(state.events[2]["avsResult"], .string("A"))
    XCTAssertEqual(state.events[3]["resultCode"], .string("ChallengeShopper"))
    XCTAssertEqual(state.events[4]["transStatus"], .string("Y"))
  }
}
