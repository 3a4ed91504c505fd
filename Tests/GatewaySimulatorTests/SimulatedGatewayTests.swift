import CheckoutEngine
import GatewaySimulator
import XCTest

final class SimulatedGatewayTests: XCTestCase {
  private let gateway = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-1" })

  private func request(_ number: String, method: DropInPaymentMethod = .card) -> AuthorisationRequest {
    cardRequest(number, method: method)
  }

  func testApprovingTestCardsApproveWithTheInjectedId() {
    let approving = [
      "4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222", "378282246310005",
      "36227206271667", "3056930009020004", "6011111111111117", "3566002020360505",
    ]
    for number in approving {
      XCTAssertEqual(gateway.answer(to: request(number)), .approved(systemTransactionId: "tx-1"), number)
    }
  }

  func testDeclines() {
    XCTAssertEqual(
      gateway.answer(to: request("4000000000000002")),
      .declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined.")))
    XCTAssertEqual(
      gateway.answer(to: request("4000000000009995")),
      .declined(SdkError(errorCode: "INSUFFICIENT_FUNDS", errorMessage: "The card has insufficient funds.")))
    XCTAssertEqual(
      gateway.answer(to: request("4000000000000069")),
      .declined(SdkError(errorCode: "EXPIRED_CARD", errorMessage: "The card has expired.")))
    XCTAssertEqual(
      gateway.answer(to: request("4000000000000127")),
      .declined(
        SdkError(errorCode: "INCORRECT_CVC", errorMessage: "The card's security code is incorrect.")))
    XCTAssertEqual(
      gateway.answer(to: request("4000000000000119")),
      .declined(
        SdkError(errorCode: "PROCESSING_ERROR", errorMessage: "An error occurred while processing the card."))
    )
  }

  func testDeclinesMatchTheTable() {
    for card in TestCard.all where card.threeDS == nil {
      let expected =
        card.decline.map { .declined($0) } ?? AuthorisationOutcome.approved(systemTransactionId: "tx-1")
      XCTAssertEqual(gateway.answer(to: request(card.number)), expected, card.number)
    }
  }

  func testAnUnknownValidNumberApproves() {
    XCTAssertTrue(CardNumber(digits: "4111111111111111").passesLuhnCheck)
    XCTAssertNil(TestCard.card(number: "4111111111111111"))
    XCTAssertEqual(gateway.answer(to: request("4111111111111111")), .approved(systemTransactionId: "tx-1"))
  }

  func testEachApprovalAsksForAFreshId() {
    final class Counter: @unchecked Sendable {
      var value = 0
    }
    let counter = Counter()
    let counting = SimulatedGateway(
      latency: .zero,
      makeTransactionId: {
        counter.value += 1
        return "tx-\(counter.value)"
      })
    XCTAssertEqual(counting.answer(to: request("4242424242424242")), .approved(systemTransactionId: "tx-1"))
    XCTAssertEqual(
      counting.answer(to: request("4000000000000002")),
      .declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined.")))
    XCTAssertEqual(counting.answer(to: request("5555555555554444")), .approved(systemTransactionId: "tx-2"))
  }

  func testARequestWithoutACardIsDeclinedAsNotSimulated() {
    var paypal = request("4242424242424242", method: .paypal)
    paypal.card = nil
    guard case .declined(let error) = gateway.answer(to: paypal) else { return XCTFail("expected a decline") }
    XCTAssertEqual(error.errorCode, "METHOD_NOT_IMPLEMENTED")
    XCTAssertTrue(error.errorMessage.contains("PayPal"), error.errorMessage)
  }

  func testDefaultTransactionIdsAreLowercaseUUIDs() {
    guard case .approved(let id) = SimulatedGateway().answer(to: request("4242424242424242")) else {
      return XCTFail("expected an approval")
    }
    XCTAssertNotNil(UUID(uuidString: id), id)
    XCTAssertEqual(id, id.lowercased())
  }

  func testTheSameKeyGetsTheFirstAnswerAgain() async {
    for number in TestCard.all.map(\.number) + ["4111111111111111"] {
      let fresh = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-1" })
      let first = await fresh.authorise(request(number)).value
      var again = await fresh.authorise(request(number)).value
      if var report = again.report, report.replayed {
        report.replayed = false
        again = again.reporting(report)
      }
      XCTAssertEqual(again, first, number)
    }
  }

  func testAuthoriseThroughTheProtocol() async {
    let any: any PaymentGateway = gateway
    let answer = await any.authorise(request("4000000000000069")).value
    XCTAssertEqual(
      answer, .declined(SdkError(errorCode: "EXPIRED_CARD", errorMessage: "The card has expired.")))
  }

  func testTheAnswerIsDueAfterTheLatency() {
    let slow = SimulatedGateway(latency: .milliseconds(50), makeTransactionId: { "tx-slow" })
    guard case .after(let latency, let answer) = slow.authorise(request("4242424242424242")) else {
      return XCTFail("the simulated gateway decides at once")
    }
    XCTAssertEqual(latency, .milliseconds(50), "the interpreter's clock waits it")
    XCTAssertEqual(answer, .approved(systemTransactionId: "tx-slow"))
  }
}

/// A session is spent once a payment in it succeeded: the simulated API refuses another.
final class SpentSessionTests: XCTestCase {
  private var attempt = 0

  /// A request with an idempotency key of its own: each is a new payment attempt.
  private func request(_ number: String, session: String) -> AuthorisationRequest {
    attempt += 1
    return cardRequest(number, key: "m-\(attempt)", session: session)
  }

  func testASecondPaymentInASpentSessionIsRefused() async {
    let gateway = SimulatedGateway(latency: .zero, makeTransactionId: { "tx-1" })
    let declined = await gateway.authorise(request("4000000000000002", session: "s-1")).value
    guard case .declined = declined else { return XCTFail("\(declined)") }
    let first = await gateway.authorise(request("4242424242424242", session: "s-1")).value
    XCTAssertEqual(first, .approved(systemTransactionId: "tx-1"), "a decline does not spend the session")
    let second = await gateway.authorise(request("4242424242424242", session: "s-1")).value
    guard case .declined(let error) = second else { return XCTFail("\(second)") }
    XCTAssertEqual(error.errorCode, "SESSION_SPENT")
    let other = await gateway.authorise(request("4242424242424242", session: "s-2")).value
    XCTAssertEqual(other, .approved(systemTransactionId: "tx-1"))
  }
}
