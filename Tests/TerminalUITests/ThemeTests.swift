import Foundation
import XCTest

@testable import TerminalUI

final class ThemeTests: XCTestCase {
  func testColourNamesIndicesAndHex() throws {
    XCTAssertEqual(TerminalColor(name: "default"), .terminalDefault)
    XCTAssertEqual(TerminalColor(name: "Red"), .indexed(1))
    XCTAssertEqual(TerminalColor(name: "bright-white"), .indexed(15))
    XCTAssertEqual(TerminalColor(name: "grey"), .indexed(8))
    XCTAssertEqual(TerminalColor(name: "#1e90ff"), .rgb(red: 30, green: 144, blue: 255))
    XCTAssertNil(TerminalColor(name: "#12345"))
    XCTAssertNil(TerminalColor(name: "chartreuse"))
    let decoded = try JSONDecoder().decode(
      [TerminalColor].self, from: Data("[\"blue\", 208, \"#000000\"]".utf8))
    XCTAssertEqual(decoded, [.indexed(4), .indexed(208), .rgb(red: 0, green: 0, blue: 0)])
  }

  func testColoursFallBackToWhatTheTerminalHas() {
    XCTAssertEqual(TerminalColor.terminalDefault.resolved(colorCount: 256), -1)
    XCTAssertEqual(TerminalColor.indexed(208).resolved(colorCount: 256), 208)
    XCTAssertEqual(TerminalColor.indexed(12).resolved(colorCount: 8), 4, "bright blue becomes blue")
    XCTAssertEqual(TerminalColor.indexed(196).resolved(colorCount: 8), 1, "xterm red becomes red")
    XCTAssertEqual(TerminalColor.rgb(red: 255, green: 0, blue: 0).resolved(colorCount: 256), 196)
    XCTAssertEqual(TerminalColor.rgb(red: 0, green: 200, blue: 0).resolved(colorCount: 8), 2)
    XCTAssertEqual(TerminalColor.rgb(red: 250, green: 250, blue: 250).resolved(colorCount: 16), 15)
    XCTAssertEqual(TerminalColor.indexed(244).resolved(colorCount: 8), 7)
  }

  func testThemeRoundTripsThroughJSON() throws {
    for theme in [Theme.light, Theme.dark] {
      let data = try JSONEncoder().encode(theme)
      XCTAssertEqual(try JSONDecoder().decode(Theme.self, from: data), theme)
    }
  }

  func testMissingRolesLookNormal() throws {
    let theme = try JSONDecoder().decode(
      Theme.self,
      from: Data("{\"name\": \"t\", \"roles\": {\"normal\": {\"fg\": \"green\", \"bold\": true}}}".utf8))
    XCTAssertEqual(theme.appearance, .dark)
    XCTAssertEqual(theme.style(for: .error), TextStyle(foreground: .indexed(2), bold: true))
  }

  func testNoColorKeepsAttributesAndReversesHighlights() {
    let plain = Theme.dark.withoutColors
    for role in StyleRole.allCases {
      XCTAssertEqual(plain.style(for: role).foreground, .terminalDefault)
      XCTAssertEqual(plain.style(for: role).background, .terminalDefault)
    }
    XCTAssertTrue(plain.style(for: .selected).reverse)
    XCTAssertTrue(plain.style(for: .error).bold)
    XCTAssertFalse(plain.style(for: .normal).reverse)
  }
}
