import XCTest

@testable import CheckoutEngine
@testable import GatewaySimulator

/// Hardening: what a gateway plugin says back never carries the card it was sent: the number whole or
/// grouped, the security code, the expiry and the holder's name.
final class CardDataMaskTests: XCTestCase {
  private let card = CardDetails(
    number: CardNumber(digits: "4242424242424242"), expiryMonth: 3, expiryYear: 2034, securityCode: "737",
    holderName: "Jane Doe")

  func testTheCardIsTakenOutOfAPluginsMessage() {
    let mask = CardDataMask(card)
    XCTAssertEqual(
      mask.masking("card 4242 4242 4242 4242 exp 03/34 cvc 737 for JANE DOE refused"),
      "card ••••4242 exp ••• cvc ••• for ••• refused")
    XCTAssertEqual(mask.masking("pan=4242424242424242;exp=03/2034"), "pan=••••4242;exp=•••")
    XCTAssertEqual(
      mask.masking("order 17370 of 5 items"), "order 17370 of 5 items", "737 inside a number stays")
    XCTAssertEqual(
      mask.masking(.declined(SdkError(errorCode: "X", errorMessage: "4000-0000-0000-0002 737"))),
      .declined(SdkError(errorCode: "X", errorMessage: "••••0002 •••")))
  }

  /// Found by the fuzzer's plugin: a month written without its zero (`3/2034`, as `f"{month}/{year}"`
  /// writes it) kept the expiry.
  func testAnExpiryWrittenWithoutTheMonthsZeroIsMaskedToo() {
    let mask = CardDataMask(card)
    XCTAssertEqual(mask.masking("expires 3/2034, or 3/34"), "expires •••, or •••")
    XCTAssertEqual(mask.masking("13/2034 and 3/20345"), "13/2034 and 3/20345", "other numbers stay")
  }

  /// Only numbers that pass the Luhn check are card numbers: a date-stamped file name or an order id stays.
  func testNumbersThatAreNotCardNumbersStay() {
    XCTAssertEqual(
      CardNumberMask.masked("tapes/20240501-120000.tape ORD-1234567890123"),
      "tapes/20240501-120000.tape ORD-1234567890123")
    XCTAssertEqual(CardNumberMask.masked("pan 5555-5555-5555-4444."), "pan ••••4444.")
    // Found by the fuzzer: an amount's whole part can pass the Luhn check; a hook's message quoting it kept
    // its amount unreadable.
    XCTAssertEqual(
      CardNumberMask.masked("18000000000000.00 is too large; 0.18000000000000"),
      "18000000000000.00 is too large; 0.18000000000000")
  }

  /// Text is masked without the pattern only when it has no run of 12 digits, in groups or not: the
  /// shortest card numbers (12 digits, or 13 for the fuzzer's look) are still found, whole or grouped.
  func testTheShortestCardNumbersAreStillFound() {
    XCTAssertEqual(CardNumberMask.longestDigitRun(in: "4000 0000 0002, 12-34 5  6"), 12)
    XCTAssertEqual(CardNumberMask.longestDigitRun(in: "1  2-3--4 56 é7"), 3, "4 56")
    XCTAssertEqual(CardNumberMask.masked("card 400000000002."), "card ••••0002.")
    XCTAssertEqual(CardNumberMask.masked("card 4000-0000-0002"), "card ••••0002")
    XCTAssertEqual(CardNumberMask.masked("card 4000 0000 000 2"), "card 4000 0000 000 2", "a group of one")
  }
}
