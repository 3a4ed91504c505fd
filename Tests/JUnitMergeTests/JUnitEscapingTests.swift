import JUnitReports
import XCTest

/// Text with nothing to escape is written as it is, and text with something to escape has each of those
/// characters written as XML takes it, in text and in attributes.
final class JUnitEscapingTests: XCTestCase {
  func testEveryASCIICharacterIsWrittenAsXMLTakesIt() {
    let inText: [UInt8: String] = [0x26: "&amp;", 0x3C: "&lt;", 0x3E: "&gt;", 0x0D: "&#13;"]
    let inAttribute = inText.merging([0x22: "&quot;", 0x0A: "&#10;", 0x09: "&#9;"]) { $1 }
    for byte in UInt8(0)..<128 {
      let text = String(UnicodeScalar(byte))
      let kept = byte >= 0x20 || byte == 0x0A || byte == 0x09 ? text : "?"
      XCTAssertEqual(JUnitElement.escaped(text, quotes: false), inText[byte] ?? kept, "\(byte)")
      XCTAssertEqual(JUnitElement.escaped(text, quotes: true), inAttribute[byte] ?? kept, "\(byte)")
    }
  }

  func testLongerTextIsEscapedWhereItMustBeAndKeptWhereNot() {
    let report = "tapes/pay.tape:3: Expect screen /Paid/ did not hold\n│ Pay │\t…漢字 🇫🇷"
    XCTAssertEqual(JUnitElement.escaped(report, quotes: false), report)
    XCTAssertEqual(
      JUnitElement.escaped(report, quotes: true),
      "tapes/pay.tape:3: Expect screen /Paid/ did not hold&#10;│ Pay │&#9;…漢字 🇫🇷")
    XCTAssertEqual(JUnitElement.escaped("a\u{FFFE}b\u{FFFF}\u{FFFD}", quotes: false), "a?b?\u{FFFD}")
    XCTAssertEqual(
      JUnitElement.escaped("x\r\ny <a & \"b\">", quotes: false), "x&#13;\ny &lt;a &amp; \"b\"&gt;")
  }
}
