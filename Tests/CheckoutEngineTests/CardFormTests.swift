import XCTest

@testable import CheckoutEngine

final class CardFormTests: XCTestCase {
  func testNumberKeepsDigitsOnly() {
    var form = CardForm()
    form.type("4242 abc 4242-4242/4242", into: .number)
    XCTAssertEqual(form.number, "4242424242424242")
    XCTAssertEqual(form.displayValue(of: .number), "4242 4242 4242 4242")
    XCTAssertEqual(form.scheme, .visa)
  }

  func testNumberStopsAtTheSchemesLongestLength() {
    var visa = CardForm()
    visa.type(String(repeating: "4", count: 25), into: .number)
    XCTAssertEqual(visa.number.count, 19)

    var amex = CardForm()
    amex.type("3782822463100059999", into: .number)
    XCTAssertEqual(amex.number, "378282246310005")
    XCTAssertEqual(amex.displayValue(of: .number), "3782 822463 10005")

    var mastercard = CardForm()
    for digit in "55555555555544449" { mastercard.type(String(digit), into: .number) }
    XCTAssertEqual(mastercard.number, "5555555555554444")

    var diners = CardForm()
    diners.type("36227206271667123456", into: .number)
    XCTAssertEqual(diners.number, "3622720627166712")
  }

  func testExpiryTakesFourDigitsAndShowsASlash() {
    var form = CardForm()
    form.type("1", into: .expiry)
    XCTAssertEqual(form.displayValue(of: .expiry), "1")
    form.type("2", into: .expiry)
    XCTAssertEqual(form.displayValue(of: .expiry), "12")
    form.type("/3", into: .expiry)
    XCTAssertEqual(form.displayValue(of: .expiry), "12/3")
    form.type("4567", into: .expiry)
    XCTAssertEqual(form.expiry, "1234")
    XCTAssertEqual(form.displayValue(of: .expiry), "12/34")
  }

  func testSecurityCodeIsDigitsAtMostFourAndMasked() {
    var form = CardForm()
    form.type("1a2 3", into: .securityCode)
    XCTAssertEqual(form.securityCode, "123")
    XCTAssertEqual(form.displayValue(of: .securityCode), "•••")
    form.type("456", into: .securityCode)
    XCTAssertEqual(form.securityCode, "1234")
    XCTAssertEqual(form.displayValue(of: .securityCode), "••••")
    XCTAssertFalse(form.displayValue(of: .securityCode).contains("1"))
  }

  func testHolderNameDropsControlCharactersAndStopsAtForty() {
    var form = CardForm()
    form.type("Jane\n Dö\u{1B}e\t", into: .holderName)
    XCTAssertEqual(form.holderName, "Jane Döe")
    XCTAssertEqual(form.displayValue(of: .holderName), "Jane Döe")
    form.type(String(repeating: "x", count: 50), into: .holderName)
    XCTAssertEqual(form.holderName.count, 40)
    XCTAssertTrue(form.holderName.hasPrefix("Jane Döe"))
  }

  func testValueOfEachField() {
    var form = CardForm()
    form.type("4242", into: .number)
    form.type("12", into: .expiry)
    form.type("9", into: .securityCode)
    form.type("Al", into: .holderName)
    form.type("sw1a 1aa!", into: .postalCode)
    XCTAssertEqual(CardField.allCases.map(form.value(of:)), ["4242", "12", "9", "Al", "SW1A 1AA"])
    XCTAssertEqual(form.displayValue(of: .postalCode), "SW1A 1AA")
  }

  func testTypingClearsOnlyThatFieldsError() {
    var form = CardForm()
    form.errors = [.number: "Enter a card number", .expiry: "Enter an expiry date"]
    form.type("4", into: .number)
    XCTAssertEqual(form.errors, [.expiry: "Enter an expiry date"])
  }

  func testTypingNothingUsefulStillClearsTheError() {
    var form = CardForm()
    form.errors = [.securityCode: "Enter the security code"]
    form.type("x", into: .securityCode)
    XCTAssertEqual(form.securityCode, "")
    XCTAssertEqual(form.errors, [:])
  }

  func testDeleteBackwardRemovesTheLastCharacterAndClearsTheError() {
    var form = CardForm()
    form.type("4242", into: .number)
    form.type("Jane", into: .holderName)
    form.errors = [.number: "Card number is incomplete", .holderName: "x"]
    form.deleteBackward(in: .number)
    XCTAssertEqual(form.number, "424")
    XCTAssertEqual(form.errors, [.holderName: "x"])
    form.deleteBackward(in: .holderName)
    XCTAssertEqual(form.holderName, "Jan")
    XCTAssertEqual(form.errors, [:])

    var empty = CardForm()
    empty.deleteBackward(in: .expiry)
    XCTAssertEqual(empty, CardForm())
  }

  func testFieldLabelsAndOrder() {
    XCTAssertEqual(CardField.allCases, [.number, .expiry, .securityCode, .holderName, .postalCode])
    XCTAssertEqual(
      CardField.shown(collectingPostcode: false), [.number, .expiry, .securityCode, .holderName])
    XCTAssertEqual(CardField.postalCode.label, "Billing ZIP code")
    XCTAssertEqual(CardField.expiry.label, "Expiry (MM/YY)")
  }
}

final class CardFormInputRuleTests: XCTestCase {
  func testSecurityCodeStopsAtTheSchemesLength() {
    var form = CardForm()
    form.type("4242424242424242", into: .number)
    form.type("1234", into: .securityCode)
    XCTAssertEqual(form.securityCode, "123")
    var amex = CardForm()
    amex.type("378282246310005", into: .number)
    amex.type("12345", into: .securityCode)
    XCTAssertEqual(amex.securityCode, "1234")
  }

  func testNameDropsEveryControlCharacter() {
    var form = CardForm()
    form.type("A\u{7F}B\u{9B}C\u{1B}", into: .holderName)
    XCTAssertEqual(form.holderName, "ABC")
  }
}
