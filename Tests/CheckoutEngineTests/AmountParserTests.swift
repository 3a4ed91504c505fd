import XCTest

@testable import CheckoutEngine

final class AmountParserTests: XCTestCase {
  private func parse(_ text: String, _ currency: Currency) -> Result<Money, AmountParser.Failure> {
    AmountParser.parse(text, currency: currency)
  }

  private func assertParses(
    _ text: String, _ currency: Currency, to minorUnits: Int64, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(
      parse(text, currency), .success(Money(minorUnits: minorUnits, currency: currency)),
      "\(currency) \(text)", file: file, line: line)
  }

  func testWholeAndDecimalAmounts() {
    assertParses("49.99", .usd, to: 4999)
    assertParses("25.00", .usd, to: 2500)
    assertParses("1235", .jpy, to: 1235)
    assertParses("0", .jpy, to: 0)
    assertParses("0.01", .eur, to: 1)
    assertParses("1.300", .bhd, to: 1300)
    assertParses("0.005", Currency(code: "KWD")!, to: 5)
  }

  func testFewerDecimalsThanTheExponentAreZeroPadded() {
    assertParses("1.1", .gbp, to: 110)
    assertParses("1", .usd, to: 100)
    assertParses("1.3", .bhd, to: 1300)
    assertParses("1.30", .bhd, to: 1300)
    assertParses("1", .bhd, to: 1000)
  }

  func testSurroundingSpacesAreIgnored() {
    assertParses("  49.99 ", .usd, to: 4999)
  }

  func testMoreDecimalsThanTheExponentAreRefused() {
    XCTAssertEqual(
      parse("1.234", .gbp), .failure(.tooManyDecimals(amount: "1.234", currency: "GBP", allowed: 2)))
    XCTAssertEqual(
      parse("1.0001", .bhd), .failure(.tooManyDecimals(amount: "1.0001", currency: "BHD", allowed: 3)))
    XCTAssertEqual(
      parse("49.990", .usd), .failure(.tooManyDecimals(amount: "49.990", currency: "USD", allowed: 2)))
  }

  func testAnyDecimalPointIsRefusedWhereTheCurrencyTakesNone() {
    XCTAssertEqual(parse("1.0", .jpy), .failure(.decimalNotAllowed(amount: "1.0", currency: "JPY")))
    XCTAssertEqual(parse("1235.00", .jpy), .failure(.decimalNotAllowed(amount: "1235.00", currency: "JPY")))
  }

  func testNegativeAmountsAreRefused() {
    XCTAssertEqual(parse("-1.00", .usd), .failure(.negative("-1.00")))
    XCTAssertEqual(parse("-0", .jpy), .failure(.negative("-0")))
  }

  /// drop-in-implementation.md, Session request parameters: the decimals of `transactionValue` are checked
  /// as written; an amount with an exponent has none written, so it is refused with that reason.
  func testSessionRequestParameters_anExponentIsRefusedWithItsOwnReason() {
    for text in ["1e2", "1.2345e2", "1E+2", "25e-2"] {
      XCTAssertEqual(parse(text, .usd), .failure(.exponent(text)), text)
    }
    XCTAssertEqual(
      AmountParser.Failure.exponent("1e2").description,
      "1e2 is written with an exponent; write the amount in plain digits with the currency's decimals (like 123.45)"
    )
  }

  func testGarbageIsRefused() {
    for text in [
      "", " ", "abc", "49,99", "1.2.3", ".5", "5.", "+5", "4 9", "$49.99", "0x10", "１２", "٣",
    ] {
      guard case .failure(.notANumber) = parse(text, .usd) else {
        XCTFail("\"\(text)\" should be refused as not a number, got \(parse(text, .usd))")
        continue
      }
    }
  }

  func testTooLargeBeyondTenTrillion() {
    assertParses("10000000000000.00", .usd, to: AmountParser.maximumMinorUnits)
    XCTAssertEqual(parse("10000000000000.01", .usd), .failure(.tooLarge("10000000000000.01")))
    XCTAssertEqual(parse("92233720368547758.08", .usd), .failure(.tooLarge("92233720368547758.08")))
    XCTAssertEqual(parse("99999999999999999999", .jpy), .failure(.tooLarge("99999999999999999999")))
  }

  func testFailureDescriptionsNameTheCurrencyAndTheAmount() {
    guard case .failure(let tooMany) = parse("1.234", .gbp) else { return XCTFail("expected a failure") }
    XCTAssertTrue(tooMany.description.contains("GBP"), tooMany.description)
    XCTAssertTrue(tooMany.description.contains("1.234"), tooMany.description)
    XCTAssertTrue(tooMany.description.contains("2"), tooMany.description)

    guard case .failure(let decimal) = parse("1.0", .jpy) else { return XCTFail("expected a failure") }
    XCTAssertTrue(decimal.description.contains("JPY"), decimal.description)
    XCTAssertTrue(decimal.description.contains("1.0"), decimal.description)

    guard case .failure(let garbage) = parse("abc", .usd) else { return XCTFail("expected a failure") }
    XCTAssertTrue(garbage.description.contains("\"abc\""), garbage.description)

    guard case .failure(let negative) = parse("-3", .usd) else { return XCTFail("expected a failure") }
    XCTAssertTrue(negative.description.contains("-3"), negative.description)
    XCTAssertTrue(negative.description.contains("negative"), negative.description)
  }
}
