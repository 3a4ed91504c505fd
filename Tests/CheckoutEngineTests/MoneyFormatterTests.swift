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

/// The formatters and texts are cached: the same text however often and from however many threads.
final class MoneyFormatterCacheTests: XCTestCase {
  func testTheSameTextEveryTimeAndInEveryLocaleOfTheCache() {
    let amounts = [Money(minorUnits: 4999, currency: .usd), Money(minorUnits: 1300, currency: .bhd)]
    let first = amounts.map { MoneyFormatter(locale: "es-ES").string(for: $0) }
    for _ in 0..<3 {
      XCTAssertEqual(amounts.map { MoneyFormatter(locale: "es-ES").string(for: $0) }, first)
    }
    XCTAssertEqual(
      MoneyFormatter(locale: "en-US").string(for: amounts[0]), "$49.99", "no other locale's text")
  }

  func testMoreAmountsThanTheCacheKeepsStayExact() {
    for minorUnits in 0..<Int64(FormatterCache.textLimit + 10) {
      let cents = minorUnits % 100
      XCTAssertEqual(
        MoneyFormatter().string(for: Money(minorUnits: minorUnits, currency: .usd)),
        "$\(minorUnits / 100).\(cents < 10 ? "0" : "")\(cents)")
    }
  }

  func testConcurrentFormattingGivesTheSameTexts() async {
    let expected = (0..<200).map {
      MoneyFormatter(locale: "fr-FR").string(for: Money(minorUnits: Int64($0) * 1001, currency: .eur))
    }
    let results = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask {
          (0..<200).map {
            MoneyFormatter(locale: "fr-FR").string(for: Money(minorUnits: Int64($0) * 1001, currency: .eur))
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    XCTAssertEqual(results.count, 8)
    for result in results { XCTAssertEqual(result, expected) }
  }
}
