import Foundation
import GatewaySimulator
import XCTest

@testable import CheckoutEngine

/// The card timeline with address verification, on the harbour-books scenario (postcode asked for, AVS N and
/// R decline, Adyen's result codes): the AVS update, then 3-D Secure, then the authorisation's callback.
final class AddressVerificationFlowTests: XCTestCase {
  private let scenario = Scenario.builtIn(named: "harbour-books")!

  private func pay(_ number: String, postcode: String, code: String? = nil) async -> CheckoutState {
    let driver = GatewayDriver(transactionId: "tx-avs", scenario: scenario)
    var state = CheckoutState(scenario: scenario)
    await driver.send(.selectMethod(.card), &state)
    for (field, text) in [
      (CardField.number, number), (.expiry, "1234"), (.securityCode, "123"), (.holderName, "Ada Lovelace"),
      (.postalCode, postcode),
    ] {
      await driver.send(.type(text, into: field), &state)
    }
    await driver.send(.submitCard, &state)
    if let code { await driver.send(.submitChallengeCode(code), &state) }
    return state
  }

  func testThePostcodeFieldIsAskedForAndRequired() async {
    var state = CheckoutState(scenario: scenario)
    XCTAssertEqual(state.cardFields.last, .postalCode)
    XCTAssertFalse(CheckoutState(scenario: .acmeElectronics).cardFields.contains(.postalCode))
    let driver = GatewayDriver(transactionId: "tx", scenario: scenario)
    await driver.send(.selectMethod(.card), &state)
    await driver.send(.submitCard, &state)
    XCTAssertEqual(state.cardForm.errors[.postalCode], "Enter the billing postcode")
    await driver.send(.type("1", into: .postalCode), &state)
    await driver.send(.leaveField(.postalCode), &state)
    XCTAssertEqual(state.cardForm.errors[.postalCode], "Billing postcode is too short")
  }

  func testAMatchingAddressPaysWithTheAVSUpdateFirst() async {
    let state = await pay("4242424242424242", postcode: "SW1A 1AA")
    XCTAssertEqual(
      state.events.map(\.name), [.onBeforeSubmit, .onSubmit, .addressVerification, .onSuccess])
    XCTAssertEqual(state.events[2]["avsResult"], .string("Y"))
    XCTAssertEqual(state.events[3]["resultCode"], .string("Authorised"), "the Adyen profile")
  }

  func testNoMatchDeclinesWithAVSDeclined() async {
    let state = await pay("4242424242424242", postcode: "33333")
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit, .onSubmit, .addressVerification, .onError])
    XCTAssertEqual(state.events[3]["errorCode"], .string("AVS_DECLINED"))
    XCTAssertEqual(state.events[3]["resultCode"], .string("Refused"))
    XCTAssertEqual(state.events[3]["refusalReason"], .string("FRAUD"))
    guard case .result(.failure(.card, let error)) = state.screen else { return XCTFail("\(state.screen)") }
    XCTAssertEqual(error.errorCode, "AVS_DECLINED")
  }

  func testStreetOnlyPassesTheseRulesThenThreeDSecureChallenges() async {
    let state = await pay("4000000000003220", postcode: "11111", code: "1234")
    XCTAssertEqual(
      state.events.map(\.name),
      [.onBeforeSubmit, .onSubmit, .addressVerification, .threeDSecure, .threeDSecure, .onSuccess],
      "AVS update, 3-D Secure (challenge, then its result), authorisation")
    XCTAssertEqual(state.events[2]["avsResult"], .string("A"))
    XCTAssertEqual(state.events[3]["resultCode"], .string("ChallengeShopper"))
    XCTAssertEqual(state.events[4]["transStatus"], .string("Y"))
  }
}
