import XCTest

@testable import CheckoutEngine

final class MoneyFormatterTests: XCTestCase {
  private func format(_ minorUnits: Int64, _ currency: Currency, _ locale: String) -> String {
    MoneyFormatter(locale: locale).string(for: Money(minorUnits: minorUnits, currency: currency))
  }

  func testDefaultLocaleIsEnUS() {
    XCTAssertEqual(MoneyFormatter().locale, "en-US")
  }

  func testUSDollarsInEnUS() {
    XCTAssertEqual(format(4999, .usd, "en-US"), "$49.99")
    XCTAssertEqual(format(100, .usd, "en-US"), "$1.00")
    XCTAssertEqual(format(123_456_789, .usd, "en-US"), "$1,234,567.89")
  }

  func testYenHasNoDecimals() {
    XCTAssertEqual(format(1235, .jpy, "en-US"), "¥1,235")
  }

  func testBahrainiDinarHasThreeDecimals() {
    XCTAssertEqual(format(1300, .bhd, "en-US"), "BHD 1.300")
  }

  func testEurosInSpanish() {
    XCTAssertEqual(format(4999, .eur, "es-ES"), "49,99 €")
  }

  func testPoundsInEnGB() {
    XCTAssertEqual(format(110, .gbp, "en-GB"), "£1.10")
  }

  func testNoNonBreakingSpacesInTheOutput() {
    let samples = [
      format(1300, .bhd, "en-US"), format(4999, .eur, "es-ES"), format(123_456, .eur, "fr-FR"),
      format(4999, .usd, "es-ES"), format(1235, .jpy, "ja-JP"),
    ]
    for text in samples {
      XCTAssertFalse(text.unicodeScalars.contains("\u{00A0}"), text)
      XCTAssertFalse(text.unicodeScalars.contains("\u{202F}"), text)
    }
  }
}
