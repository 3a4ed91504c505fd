import XCTest

@testable import CheckoutEngine

/// Drop-in's initialisation validates `sessionId` and `hmacKey`; `sessionExpiry` is honoured at submit.
final class SessionLifecycleTests: XCTestCase {
  private let context = ReduceContext(now: Date(timeIntervalSince1970: 1_796_140_598))  // 2026-11-29

  private func scenario(_ change: (inout SessionData) -> Void) -> Scenario {
    var scenario = Scenario.acmeElectronics
    change(&scenario.session)
    return scenario
  }

  func testMissingOrMalformedSessionFailsBeforeAnyMethod() {
    let cases: [(String, (inout SessionData) -> Void)] = [
      ("sessionId is missing", { $0.sessionId = "" }),
      ("sessionId \"abc\" is not a UUID", { $0.sessionId = "abc" }),
      ("hmacKey is missing", { $0.hmacKey = "" }),
      (
        "hmacKey is malformed (expected 64 hexadecimal characters, found 5 characters)",
        { $0.hmacKey = "zz123" }
      ),
    ]
    for (problem, change) in cases {
      var state = CheckoutState(scenario: scenario(change))
      let effects = CheckoutReducer.reduce(&state, .createCheckout, context: context)
      XCTAssertEqual(effects, [], problem)
      let error = SdkError(
        errorCode: "INVALID_SESSION", errorMessage: "CheckoutDropIn(config:) refused the session: \(problem)")
      XCTAssertEqual(state.screen, .initialisationFailed(error))
      XCTAssertEqual(state.events.map(\.name), [.onError])
      XCTAssertNil(state.events.first?.method, "onError(nil, …): no method was selected")
      _ = CheckoutReducer.reduce(&state, .selectMethod(.card), context: context)
      XCTAssertEqual(state.screen, .initialisationFailed(error), "nothing can be selected")
    }
  }

  func testAnExpiredSessionFailsAtSubmitWithItsOwnCode() {
    var state = CheckoutState(scenario: scenario { $0.sessionExpiry = "2025-05-19T13:39:20.3843454Z" })
    _ = CheckoutReducer.reduce(&state, .selectMethod(.card), context: context)
    for (text, field) in [
      ("4242424242424242", CardField.number), ("1234", .expiry), ("123", .securityCode), ("J", .holderName),
    ] {
      _ = CheckoutReducer.reduce(&state, .type(text, into: field), context: context)
    }
    let effects = CheckoutReducer.reduce(&state, .submitCard, context: context)
    XCTAssertEqual(effects, [], "nothing reaches the merchant or the gateway")
    guard case .result(.failure(.card, let error, _)) = state.screen else {
      return XCTFail("\(state.screen)")
    }
    XCTAssertEqual(error.errorCode, "SESSION_EXPIRED")
    XCTAssertEqual(
      error.errorMessage, "The session expired at 2025-05-19T13:39:20.3843454Z; create a new session to pay")
    XCTAssertEqual(state.attempts, 0)
  }

  func testApplePayInAnExpiredSessionFailsOnTheMethodList() {
    var state = CheckoutState(scenario: scenario { $0.sessionExpiry = "2020-01-01T00:00:00Z" })
    let effects = CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: context)
    XCTAssertEqual(effects, [])
    XCTAssertEqual(state.events.last?["errorCode"], .string("SESSION_EXPIRED"))
    XCTAssertEqual(state.screen, .methodList)
  }

  func testAnExpiryThatIsNotATimeIsRefusedWhenTheScenarioLoads() throws {
    var object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(PackageResources.acme_electronics_json)) as? [String: Any])
    var session = try XCTUnwrap(object["session"] as? [String: Any])
    session["sessionExpiry"] = "tomorrow"
    object["session"] = session
    XCTAssertThrowsError(
      try JSONDecoder().decode(Scenario.self, from: JSONSerialization.data(withJSONObject: object))
    ) {
      guard case DecodingError.dataCorrupted(let context) = $0 else { return XCTFail("\($0)") }
      XCTAssertEqual(context.codingPath.map(\.stringValue), ["session", "sessionExpiry"])
    }
  }
}
