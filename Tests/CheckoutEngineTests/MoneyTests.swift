import XCTest

@testable import CheckoutEngine

final class MoneyTests: XCTestCase {
  func testExponentsOfTheCurrenciesTheSeedNames() throws {
    let expected = ["USD": 2, "JPY": 0, "BHD": 3, "KWD": 3, "EUR": 2, "GBP": 2]
    for (code, exponent) in expected {
      let currency = try XCTUnwrap(Currency(code: code), code)
      XCTAssertEqual(currency.exponent, exponent, code)
      XCTAssertEqual(currency.code, code)
    }
  }

  func testMinorUnitsPerMajorIsTenToTheExponent() {
    XCTAssertEqual(Currency.usd.minorUnitsPerMajor, 100)
    XCTAssertEqual(Currency.jpy.minorUnitsPerMajor, 1)
    XCTAssertEqual(Currency.bhd.minorUnitsPerMajor, 1000)
  }

  func testCurrencyCodeIsCaseInsensitiveAndUnknownCodesAreNil() {
    XCTAssertEqual(Currency(code: "usd"), Currency.usd)
    XCTAssertEqual(Currency(code: "usd")?.code, "USD")
    XCTAssertNil(Currency(code: "XYZ"))
    XCTAssertNil(Currency(code: ""))
    XCTAssertNil(Currency(code: "US"))
  }

  func testKnownCodesAreSortedAndIncludeTheCommonOnes() {
    let codes = Currency.knownCodes
    XCTAssertEqual(codes, codes.sorted())
    for code in ["USD", "EUR", "GBP", "JPY", "BHD", "KWD"] {
      XCTAssertTrue(codes.contains(code), code)
    }
  }

  func testPlainStringWritesExactlyTheExponentOfDecimals() {
    XCTAssertEqual(Money(minorUnits: 4999, currency: .usd).plainString, "49.99")
    XCTAssertEqual(Money(minorUnits: 5, currency: .usd).plainString, "0.05")
    XCTAssertEqual(Money(minorUnits: 100, currency: .usd).plainString, "1.00")
    XCTAssertEqual(Money(minorUnits: 0, currency: .usd).plainString, "0.00")
    XCTAssertEqual(Money(minorUnits: 1235, currency: .jpy).plainString, "1235")
    XCTAssertEqual(Money(minorUnits: 1300, currency: .bhd).plainString, "1.300")
    XCTAssertEqual(Money(minorUnits: 7, currency: .bhd).plainString, "0.007")
    XCTAssertEqual(Money(minorUnits: -4999, currency: .usd).plainString, "-49.99")
    XCTAssertEqual(Money(minorUnits: -5, currency: .usd).plainString, "-0.05")
    XCTAssertEqual(Money(minorUnits: .max, currency: .usd).plainString, "92233720368547758.07")
    XCTAssertEqual(Money(minorUnits: .min, currency: .usd).plainString, "-92233720368547758.08")
  }

  func testDecimalValueIsExact() {
    XCTAssertEqual(Money(minorUnits: 4999, currency: .usd).decimalValue, Decimal(string: "49.99"))
    XCTAssertEqual(Money(minorUnits: 1300, currency: .bhd).decimalValue, Decimal(string: "1.3"))
    XCTAssertEqual(Money(minorUnits: 1235, currency: .jpy).decimalValue, Decimal(1235))
  }

  func testZero() {
    XCTAssertEqual(Money.zero(.eur), Money(minorUnits: 0, currency: .eur))
  }

  func testAddingInTheSameCurrency() {
    let sum = Money(minorUnits: 4999, currency: .usd).adding(Money(minorUnits: 1900, currency: .usd))
    XCTAssertEqual(sum, Money(minorUnits: 6899, currency: .usd))
  }

  func testAddingAcrossCurrenciesIsNil() {
    XCTAssertNil(Money(minorUnits: 1, currency: .usd).adding(Money(minorUnits: 1, currency: .eur)))
    XCTAssertNil(Money(minorUnits: 0, currency: .gbp).adding(Money(minorUnits: 0, currency: .usd)))
  }

  func testAddingOverflowIsNil() {
    XCTAssertNil(Money(minorUnits: .max, currency: .usd).adding(Money(minorUnits: 1, currency: .usd)))
    XCTAssertNil(Money(minorUnits: .min, currency: .usd).adding(Money(minorUnits: -1, currency: .usd)))
    XCTAssertEqual(
      Money(minorUnits: .max - 1, currency: .usd).adding(Money(minorUnits: 1, currency: .usd)),
      Money(minorUnits: .max, currency: .usd))
  }

  func testMultiplied() {
    XCTAssertEqual(
      Money(minorUnits: 950, currency: .usd).multiplied(by: 2), Money(minorUnits: 1900, currency: .usd))
    XCTAssertEqual(Money(minorUnits: 950, currency: .usd).multiplied(by: 0), .zero(.usd))
    XCTAssertEqual(Money(minorUnits: 1235, currency: .jpy).multiplied(by: 3)?.currency, .jpy)
  }

  func testMultipliedOverflowIsNil() {
    XCTAssertNil(Money(minorUnits: .max / 2 + 1, currency: .usd).multiplied(by: 2))
    XCTAssertNil(Money(minorUnits: 10, currency: .usd).multiplied(by: .max))
    XCTAssertEqual(
      Money(minorUnits: .max / 2, currency: .usd).multiplied(by: 2),
      Money(minorUnits: .max - 1, currency: .usd))
  }

  func testLineItemTotal() {
    let item = LineItem(name: "USB-C Cable", quantity: 2, unitPrice: Money(minorUnits: 950, currency: .usd))
    XCTAssertEqual(item.lineTotal, Money(minorUnits: 1900, currency: .usd))
    let huge = LineItem(name: "x", quantity: 3, unitPrice: Money(minorUnits: .max / 2, currency: .usd))
    XCTAssertNil(huge.lineTotal)
  }
}
