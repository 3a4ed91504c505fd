import JUnitReports
import XCTest

/// Text with nothing to escape is written as it is, and text with something to escape as the scalar rule
/// says, in text and in attributes.
final class JUnitEscapingTests: XCTestCase {
  /// The rule, a scalar at a time.
  private func expected(_ text: String, quotes: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      case "\n" where quotes: result += "&#10;"
      case "\t" where quotes: result += "&#9;"
      case "\r": result += "&#13;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += "?"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  func testEscapingIsTheScalarRuleWhateverTheText() {
    let texts =
      (0..<128).map { String(UnicodeScalar(UInt8($0))) }
      + [
        "", "tapes/pay.tape:3: Expect screen /Paid/ did not hold\n│ Pay │\t…", "a\u{FFFE}b", "\u{FFFF}",
        "\u{FFFD}\u{FEFF}", "x\r\ny", "\"quoted\" & <tagged>", "漢字 🇫🇷",
      ]
    for text in texts {
      for quotes in [false, true] {
        XCTAssertEqual(
          JUnitElement.escaped(text, quotes: quotes), expected(text, quotes: quotes),
          "\(text.debugDescription), quotes: \(quotes)")
      }
    }
  }
}
