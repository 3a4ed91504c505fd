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

  /// drop-in-implementation.md, Session request parameters (`allowTransaction`, "Whether or not to proceed
  /// with the transaction"): a session created with `false` paid all the same. No payment proceeds, by any
  /// method: the merchant learns why from `onError(method, error)` (`TRANSACTION_NOT_ALLOWED`), as for
  /// any payment that fails, and nothing reaches the merchant's `onBeforeSubmit` or the gateway.
  func testSessionRequestParameters_allowTransactionFalseDoesNotProceed() {
    var scenario = Scenario.acmeElectronics
    scenario.allowTransaction = false
    let message =
      "Session \(scenario.session.sessionId) was created with allowTransaction: false; the transaction does not proceed"
    var card = CheckoutState(scenario: scenario)
    _ = CheckoutReducer.reduce(&card, .selectMethod(.card), context: context)
    for (text, field) in [
      ("4242424242424242", CardField.number), ("1234", .expiry), ("123", .securityCode), ("J", .holderName),
    ] {
      _ = CheckoutReducer.reduce(&card, .type(text, into: field), context: context)
    }
    XCTAssertEqual(CheckoutReducer.reduce(&card, .submitCard, context: context), [], "no gateway request")
    XCTAssertEqual(
      card.screen,
      .result(
        .failure(
          method: .card, error: SdkError(errorCode: "TRANSACTION_NOT_ALLOWED", errorMessage: message),
          amount: scenario.total)))
    XCTAssertEqual(card.events.map(\.name), [.onError])
    XCTAssertEqual(card.events.last?.method, .card)
    XCTAssertEqual(card.attempts, 0)
    for method in [DropInPaymentMethod.paypal, .applePay] {
      var state = CheckoutState(scenario: scenario)
      XCTAssertEqual(CheckoutReducer.reduce(&state, .selectMethod(method), context: context), [], "\(method)")
      XCTAssertEqual(state.events.map(\.name), [.onError], "\(method)")
      XCTAssertEqual(state.events.last?.method, method)
      XCTAssertEqual(state.events.last?["errorCode"], .string("TRANSACTION_NOT_ALLOWED"), "\(method)")
    }
    var allowed = CheckoutState(scenario: .acmeElectronics)
    XCTAssertNotEqual(CheckoutReducer.reduce(&allowed, .selectMethod(.paypal), context: context), [])
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
