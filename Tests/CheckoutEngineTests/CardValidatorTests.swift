import XCTest

@testable import CheckoutEngine

final class CardValidatorTests: XCTestCase {
  /// The acme session's schemes, checked in March 2026.
  private let validator = CardValidator(
    acceptedSchemes: [.visa, .diners, .mastercard, .americanExpress], currentYear: 2026, currentMonth: 3)

  private func form(
    number: String = "4242424242424242", expiry: String = "1234", securityCode: String = "123",
    holderName: String = "Jane Doe"
  ) -> CardForm {
    var form = CardForm()
    form.number = number
    form.expiry = expiry
    form.securityCode = securityCode
    form.holderName = holderName
    return form
  }

  private func numberError(_ number: String) -> String? {
    validator.error(for: .number, in: form(number: number))
  }

  private func expiryError(_ expiry: String) -> String? {
    validator.error(for: .expiry, in: form(expiry: expiry))
  }

  func testAValidFormHasNoErrors() {
    XCTAssertEqual(validator.errors(in: form()), [:])
    let amex = form(number: "378282246310005", securityCode: "1234")
    XCTAssertEqual(validator.errors(in: amex), [:])
    XCTAssertEqual(validator.errors(in: form(number: "36227206271667")), [:])
    XCTAssertEqual(validator.errors(in: form(number: "2223003122003222")), [:])
  }

  func testAnEmptyFormNamesEveryField() {
    XCTAssertEqual(
      validator.errors(in: CardForm()),
      [
        .number: "Enter a card number", .expiry: "Enter an expiry date",
        .securityCode: "Enter the security code", .holderName: "Enter the cardholder name",
      ])
  }

  func testIncompleteNumbers() {
    XCTAssertEqual(numberError("4"), "Card number is incomplete")
    XCTAssertEqual(numberError("4242"), "Card number is incomplete")
    XCTAssertEqual(numberError("424242424242"), "Card number is incomplete")
    XCTAssertEqual(numberError("37828224631000"), "Card number is incomplete")
    XCTAssertEqual(numberError("12345"), "Card number is incomplete")
  }

  func testUnrecognisedNumber() {
    XCTAssertEqual(numberError("9999999999999995"), "Card type not recognized")
  }

  func testLuhnFailure() {
    XCTAssertEqual(numberError("4242424242424241"), "Card number is invalid")
    XCTAssertEqual(numberError("378282246310006"), "Card number is invalid")
  }

  func testSchemeNotAcceptedNamesTheScheme() {
    XCTAssertEqual(numberError("6011111111111117"), "Discover cards are not accepted for this payment")
    XCTAssertEqual(numberError("3566002020360505"), "JCB cards are not accepted for this payment")
    let visaOnly = CardValidator(acceptedSchemes: [.visa], currentYear: 2026, currentMonth: 3)
    XCTAssertEqual(
      visaOnly.error(for: .number, in: form(number: "378282246310005")),
      "American Express cards are not accepted for this payment")
    XCTAssertEqual(
      visaOnly.error(for: .number, in: form(number: "5555555555554444")),
      "Mastercard cards are not accepted for this payment")
  }

  func testExpiryFormat() {
    XCTAssertEqual(expiryError(""), "Enter an expiry date")
    XCTAssertEqual(expiryError("1"), "Expiry must be MM/YY")
    XCTAssertEqual(expiryError("123"), "Expiry must be MM/YY")
  }

  func testExpiryMonth() {
    XCTAssertEqual(expiryError("0030"), "Expiry month must be 01 to 12")
    XCTAssertEqual(expiryError("1330"), "Expiry month must be 01 to 12")
    XCTAssertNil(expiryError("0130"))
    XCTAssertNil(expiryError("1230"))
  }

  func testExpiryInThePastRelativeToTheCurrentMonth() {
    XCTAssertEqual(expiryError("0226"), "This card expired in 02/26")
    XCTAssertEqual(expiryError("1225"), "This card expired in 12/25")
    XCTAssertEqual(expiryError("0399"), nil)
    XCTAssertNil(expiryError("0326"), "a card is valid through its expiry month")
    XCTAssertNil(expiryError("0426"))
    XCTAssertNil(expiryError("0127"))

    let january = CardValidator(acceptedSchemes: [.visa], currentYear: 2027, currentMonth: 1)
    XCTAssertEqual(january.error(for: .expiry, in: form(expiry: "1226")), "This card expired in 12/26")
    XCTAssertNil(january.error(for: .expiry, in: form(expiry: "0127")))
  }

  func testSecurityCodeLengthFollowsTheScheme() {
    XCTAssertEqual(
      validator.error(for: .securityCode, in: form(securityCode: "")), "Enter the security code")
    XCTAssertEqual(
      validator.error(for: .securityCode, in: form(securityCode: "12")), "Security code must be 3 digits")
    XCTAssertEqual(
      validator.error(for: .securityCode, in: form(securityCode: "1234")), "Security code must be 3 digits")
    XCTAssertNil(validator.error(for: .securityCode, in: form(securityCode: "123")))

    let amex = "378282246310005"
    XCTAssertEqual(
      validator.error(for: .securityCode, in: form(number: amex, securityCode: "123")),
      "Security code must be 4 digits for American Express")
    XCTAssertNil(validator.error(for: .securityCode, in: form(number: amex, securityCode: "1234")))
  }

  func testHolderName() {
    XCTAssertEqual(validator.error(for: .holderName, in: form(holderName: "")), "Enter the cardholder name")
    XCTAssertEqual(
      validator.error(for: .holderName, in: form(holderName: "   ")), "Enter the cardholder name")
    XCTAssertNil(validator.error(for: .holderName, in: form(holderName: "J")))
  }
}
