import CheckoutEngine
import GatewaySimulator
import XCTest

final class TestCardTests: XCTestCase {
  func testEveryTestCardPassesLuhnAndHasTheDetectedScheme() {
    for card in TestCard.all {
      let number = CardNumber(digits: card.number)
      XCTAssertEqual(number.digits, card.number, "test card numbers are digits only")
      XCTAssertTrue(number.passesLuhnCheck, card.number)
      XCTAssertEqual(CardScheme.detect(card.number), card.scheme, card.number)
      XCTAssertTrue(card.scheme.validLengths.contains(card.number.count), card.number)
      XCTAssertFalse(card.summary.isEmpty, card.number)
    }
  }

  func testNumbersAreUnique() {
    XCTAssertEqual(Set(TestCard.all.map(\.number)).count, TestCard.all.count)
  }

  func testEverySchemeHasAnApprovingCard() {
    let approving = Set(TestCard.all.filter { $0.decline == nil }.map(\.scheme))
    XCTAssertEqual(approving, Set(CardScheme.allCases))
  }

  func testDeclineCodes() {
    let expected = [
      "4000000000000002": "CARD_DECLINED", "4000000000009995": "INSUFFICIENT_FUNDS",
      "4000000000000069": "EXPIRED_CARD", "4000000000000127": "INCORRECT_CVC",
      "4000000000000119": "PROCESSING_ERROR",
    ]
    for (number, code) in expected {
      XCTAssertEqual(TestCard.card(number: number)?.decline?.errorCode, code, number)
      XCTAssertFalse(TestCard.card(number: number)?.decline?.errorMessage.isEmpty ?? true, number)
    }
    XCTAssertEqual(TestCard.all.filter { $0.decline != nil }.count, expected.count)
  }

  func testLookup() {
    XCTAssertEqual(TestCard.card(number: "4242424242424242")?.scheme, .visa)
    XCTAssertNil(TestCard.card(number: "4111111111111111"))
    XCTAssertNil(TestCard.card(number: "4242 4242 4242 4242"))
  }
}
