import XCTest

@testable import CheckoutEngine

final class CardNumberTests: XCTestCase {
  func testLuhnAcceptsThePublishedTestNumbers() {
    for digits in [
      "4242424242424242", "378282246310005", "5555555555554444", "36227206271667", "6011111111111117",
      "3566002020360505", "4000056655665556", "2223003122003222", "4222222222222", "79927398713",
    ] {
      XCTAssertTrue(CardNumber(digits: digits).passesLuhnCheck, digits)
    }
  }

  func testLuhnRefusesChangedNumbers() {
    for digits in [
      "4242424242424241", "378282246310006", "5555555555554445", "36227206271668", "79927398710",
      "4242424242424224",
    ] {
      XCTAssertFalse(CardNumber(digits: digits).passesLuhnCheck, digits)
    }
  }

  func testLuhnRefusesAnEmptyNumber() {
    XCTAssertFalse(CardNumber(digits: "").passesLuhnCheck)
    XCTAssertFalse(CardNumber(digits: "abc").passesLuhnCheck)
  }

  func testInitKeepsDigitsOnly() {
    let number = CardNumber(digits: "4242 4242-4242x4242")
    XCTAssertEqual(number.digits, "4242424242424242")
    XCTAssertEqual(number.lastFour, "4242")
    XCTAssertEqual(CardNumber(digits: "٤٢٤٢").digits, "")
  }

  func testVisa() {
    XCTAssertEqual(CardScheme.detect("4"), .visa)
    XCTAssertEqual(CardScheme.detect("4242424242424242"), .visa)
    XCTAssertEqual(CardNumber(digits: "4000056655665556").scheme, .visa)
  }

  func testMastercardOldAndTwoSeriesRanges() {
    for prefix in ["51", "52", "53", "54", "55", "5555555555554444"] {
      XCTAssertEqual(CardScheme.detect(prefix), .mastercard, prefix)
    }
    for prefix in ["2221", "2300", "2500", "2720", "2223003122003222"] {
      XCTAssertEqual(CardScheme.detect(prefix), .mastercard, prefix)
    }
    for prefix in ["50", "56", "2220", "2721", "2799"] {
      XCTAssertNil(CardScheme.detect(prefix), prefix)
    }
  }

  func testAmericanExpress() {
    XCTAssertEqual(CardScheme.detect("34"), .americanExpress)
    XCTAssertEqual(CardScheme.detect("37"), .americanExpress)
    XCTAssertEqual(CardScheme.detect("378282246310005"), .americanExpress)
    XCTAssertNil(CardScheme.detect("33"))
  }

  func testDiners() {
    XCTAssertEqual(CardScheme.detect("36"), .diners)
    XCTAssertEqual(CardScheme.detect("36227206271667"), .diners)
    for prefix in ["300", "301", "302", "303", "304", "305", "3056930009020004"] {
      XCTAssertEqual(CardScheme.detect(prefix), .diners, prefix)
    }
    XCTAssertNil(CardScheme.detect("306"))
    XCTAssertNil(CardScheme.detect("3060"))
  }

  func testDiscover() {
    XCTAssertEqual(CardScheme.detect("6011"), .discover)
    XCTAssertEqual(CardScheme.detect("6011111111111117"), .discover)
    XCTAssertEqual(CardScheme.detect("65"), .discover)
    XCTAssertEqual(CardScheme.detect("644"), .discover)
    XCTAssertEqual(CardScheme.detect("649"), .discover)
    XCTAssertNil(CardScheme.detect("6012"))
    XCTAssertNil(CardScheme.detect("643"))
  }

  func testJCB() {
    XCTAssertEqual(CardScheme.detect("3528"), .jcb)
    XCTAssertEqual(CardScheme.detect("3566002020360505"), .jcb)
    XCTAssertEqual(CardScheme.detect("3589"), .jcb)
    XCTAssertNil(CardScheme.detect("3527"))
    XCTAssertNil(CardScheme.detect("3590"))
  }

  func testTooFewDigitsToTell() {
    XCTAssertNil(CardScheme.detect(""))
    XCTAssertNil(CardScheme.detect("3"))
    XCTAssertNil(CardScheme.detect("5"))
    XCTAssertNil(CardScheme.detect("35"))
    XCTAssertNil(CardScheme.detect("9999999999999995"))
  }

  func testSessionNamesRoundTripAndAliases() {
    for scheme in CardScheme.allCases {
      XCTAssertEqual(CardScheme(sessionName: scheme.sessionName), scheme)
    }
    XCTAssertEqual(
      CardScheme.allCases.map(\.sessionName),
      ["Visa", "Mastercard", "AmericanExpress", "Diners", "Discover", "JCB"])
    XCTAssertEqual(CardScheme(sessionName: "amex"), .americanExpress)
    XCTAssertEqual(CardScheme(sessionName: "American Express"), .americanExpress)
    XCTAssertEqual(CardScheme(sessionName: "VISA"), .visa)
    XCTAssertEqual(CardScheme(sessionName: "Diners-Club"), .diners)
    XCTAssertEqual(CardScheme(sessionName: " jcb "), .jcb)
    XCTAssertEqual(CardScheme(sessionName: "MASTER CARD"), .mastercard)
    XCTAssertEqual(CardScheme(sessionName: "Vísa"), nil, "a non-ASCII letter stays a letter")
    XCTAssertNil(CardScheme(sessionName: "Maestro"))
  }

  func testSecurityCodeLengths() {
    XCTAssertEqual(CardScheme.americanExpress.securityCodeLength, 4)
    for scheme in CardScheme.allCases where scheme != .americanExpress {
      XCTAssertEqual(scheme.securityCodeLength, 3, "\(scheme)")
    }
  }

  func testGrouping() {
    XCTAssertEqual(CardNumber.grouped("4242424242424242"), "4242 4242 4242 4242")
    XCTAssertEqual(CardNumber.grouped("378282246310005"), "3782 822463 10005")
    XCTAssertEqual(CardNumber.grouped("36227206271667"), "3622 720627 1667")
    XCTAssertEqual(CardNumber.grouped("5555555555554444"), "5555 5555 5555 4444")
    XCTAssertEqual(CardNumber.grouped("4242424242424242424"), "4242 4242 4242 4242 424")
  }

  func testGroupingWhileTyping() {
    XCTAssertEqual(CardNumber.grouped(""), "")
    XCTAssertEqual(CardNumber.grouped("4242"), "4242")
    XCTAssertEqual(CardNumber.grouped("42424"), "4242 4")
    XCTAssertEqual(CardNumber.grouped("3782822"), "3782 822")
    XCTAssertEqual(CardNumber.grouped("37828224631"), "3782 822463 1")
  }

  func testMaskedShowsOnlyTheLastFour() {
    XCTAssertEqual(CardNumber(digits: "4242424242424242").masked, "•••• 4242")
    XCTAssertEqual(CardNumber(digits: "378282246310005").lastFour, "0005")
  }

  func testNoDescriptionRevealsTheFullNumber() {
    for digits in ["4242424242424242", "378282246310005", "36227206271667"] {
      let number = CardNumber(digits: digits)
      var dumped = ""
      dump(number, to: &dumped)
      let texts = [
        number.description, number.debugDescription, String(describing: number),
        String(reflecting: number), "\(number)", dumped, String(describing: [number]),
        String(reflecting: Optional(number)),
      ]
      for text in texts {
        XCTAssertFalse(text.contains(digits), text)
        XCTAssertFalse(text.contains(String(digits.prefix(6))), "shows the first six: \(text)")
        XCTAssertTrue(text.contains(number.lastFour), text)
      }
      let children = Mirror(reflecting: number).children.map { "\($0.value)" }
      XCTAssertEqual(children, [number.lastFour])
    }
  }

  func testCardDetailsAndRequestsDoNotRevealTheNumberWhenPrinted() {
    let card = CardDetails(
      number: CardNumber(digits: "4242424242424242"), expiryMonth: 12, expiryYear: 2034,
      securityCode: "123", holderName: "Jane Doe")
    let request = AuthorisationRequest(
      method: .card, card: card, amount: Money(minorUnits: 4999, currency: .usd), intent: "Authorisation",
      merchantTransactionId: "m-1", idempotencyKey: "m-1-1")
    var dumped = ""
    dump(request, to: &dumped)
    for text in [String(describing: card), String(reflecting: request), "\(request)", dumped] {
      XCTAssertFalse(text.contains("4242424242424242"), text)
      XCTAssertFalse(text.contains("424242424242"), text)
    }
  }
}
