import Foundation
import XCTest

/// Terminals that make a checkout hard (tmux, the real binary): one that cannot move the cursor or that
/// terminfo does not know, no UTF-8, 8 colours, no colours, 1×1, 300×100, a storm of resizes, and emoji
/// that terminals draw at widths of their own. Each works or says in one line why it cannot, and the
/// terminal always comes back as it was.
final class HostileTerminalTests: TerminalTestCase {
  /// The lines of a screen that hold a byte outside printable ASCII.
  private func nonASCIILines(_ screen: String) -> [Substring] {
    screen.split(separator: "\n").filter { $0.utf8.contains { $0 >= 0x80 } }
  }

  func testTerminalsPayDrillCannotDriveAreRefusedWithOneLineAndLeftUntouched() throws {
    let cases = [
      ("env TERM=dumb", "paydrill: this terminal (TERM=dumb) cannot move the cursor"),
      ("env TERM=no-such-terminal", "paydrill: unknown terminal type (TERM=no-such-terminal)"),
      ("env -u TERM", "paydrill: TERM is not set"),
    ]
    for (environment, message) in cases {
      let session = try TmuxSession(command: try terminal.wrapped("--no-ledger", environment: environment))
      let screen = try session.waitFor("DONE status=")
      XCTAssertTrue(screen.contains("DONE status=2"), screen)
      XCTAssertTrue(screen.replacingOccurrences(of: "\n", with: "").contains(message), screen)
      XCTAssertEqual(screen.components(separatedBy: "paydrill:").count, 2, "one message: \(screen)")
      try terminal.assertRestored(session)
    }
  }

  /// Issue 25: a `TERM` holding escape sequences was echoed raw in the error, so the terminal ran them (here
  /// a window title and red text). The message writes each control character out.
  func testATermHoldingEscapeSequencesIsQuotedWithItsControlCharactersWrittenOut() throws {
    let errors = folder.appendingPathComponent("stderr.txt").path
    let session = try TmuxSession(
      command: try terminal.wrapped(
        "--no-ledger 2> \(errors)", environment: #"env TERM="$(printf '\033]0;owned\007\033[31mevil')""#))
    let screen = try session.waitFor("DONE status=")
    XCTAssertTrue(screen.contains("DONE status=2"), screen)
    let message = try String(contentsOfFile: errors, encoding: .utf8)
    XCTAssertFalse(message.utf8.contains(0x1B) || message.utf8.contains(0x07), message.debugDescription)
    XCTAssertTrue(
      message.hasPrefix(#"paydrill: unknown terminal type (TERM=\u{1B}]0;owned\u{7}\u{1B}[31mevil)"#), message
    )
    try terminal.assertRestored(session)
  }

  func testWithoutUTF8EveryCharacterOnScreenIsASCII() throws {
    let session = try TmuxSession(
      command: try terminal.wrapped(
        "--latency 300 --no-ledger", environment: "env TERM=vt100 LANG=C LC_ALL=C"))
    let list = try session.waitFor("Choose a payment method")
    XCTAssertEqual(nonASCIILines(list), [], list)
    XCTAssertTrue(list.contains("+- Checkout ---"), list)
    XCTAssertTrue(list.contains("> 1 Card        Visa - Diners - Mastercard - Amex"), list)
    XCTAssertTrue(list.contains("| Order summary"), list)
    try session.press("Enter")
    try session.waitFor("Card number")
    try session.type("4242 4242 4242 4242")
    try session.press("Tab")
    try session.type("1234")
    try session.press("Tab")
    try session.type("123")
    try session.press("Tab")
    try session.type("Zoé 漢字")
    let typed = try session.waitFor("Cardholder name   Zo? ??")
    XCTAssertEqual(nonASCIILines(typed), [], "typed wide characters show as ?: \(typed)")
    try session.press("Tab", "Enter")
    let processing = try session.waitFor("Processing")
    XCTAssertEqual(nonASCIILines(processing), [], "the spinner too: \(processing)")
    let paid = try session.waitFor("Payment successful")
    XCTAssertEqual(nonASCIILines(paid), [], paid)
    XCTAssertTrue(paid.contains("**** 4242"), paid)
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try terminal.assertRestored(session)
  }

  /// The SGR colour parameters of a styled capture: 30-37/40-47 basic, 90-97/100-107 bright, 38;5/48;5
  /// indexed (39 and 49, the terminal's own colours, are no colour), and `reverse`.
  private func colourCodes(_ styled: String) throws -> Set<String> {
    let regex = try NSRegularExpression(pattern: "\u{1B}\\[([0-9;]*)m")
    var codes: Set<String> = []
    for match in regex.matches(in: styled, range: NSRange(styled.startIndex..., in: styled)) {
      guard let range = Range(match.range(at: 1), in: styled) else { continue }
      var parameters = styled[range].split(separator: ";").map(String.init)[...]
      while let first = parameters.popFirst() {
        if first == "38" || first == "48" {
          codes.insert(first + ";" + parameters.prefix(2).joined(separator: ";"))
          parameters = parameters.dropFirst(2)
        } else if let number = Int(first), number != 39, number != 49,
          (30...49).contains(number) || (90...107).contains(number)
        {
          codes.insert(first)
        } else if first == "7" {
          codes.insert("reverse")
        }
      }
    }
    return codes
  }

  func testEightColoursUseOnlyTheBasicColours() throws {
    let session = try TmuxSession(command: try terminal.wrapped("--no-ledger", environment: "env TERM=xterm"))
    try session.waitFor("Choose a payment method")
    let codes = try colourCodes(try session.captureStyled())
    XCTAssertFalse(codes.isEmpty, "the themes' colours show")
    XCTAssertEqual(codes.filter { $0.hasPrefix("38;") || $0.hasPrefix("48;") }, [], "\(codes)")
    XCTAssertEqual(
      codes.filter { Int($0).map { $0 >= 90 } ?? false }, [], "xterm has 8 colours, not 16: \(codes)")
    try session.press("q")
    try session.waitFor("DONE status=0")
    try terminal.assertRestored(session)
  }

  func testWithoutColoursOnlyAttributesRemain() throws {
    for environment in ["env TERM=xterm-mono", "env NO_COLOR=1"] {
      let session = try TmuxSession(command: try terminal.wrapped("--no-ledger", environment: environment))
      try session.waitFor("Choose a payment method")
      let codes = try colourCodes(try session.captureStyled())
      XCTAssertEqual(codes, ["reverse"], "\(environment): the selected row in reverse video, no colour")
      try session.press("q")
      try session.waitFor("DONE status=0")
      try terminal.assertRestored(session)
    }
  }

  func testAOneByOneTerminalWaitsForARealSize() throws {
    let session = try TmuxSession(command: try terminal.wrapped("--no-ledger"), columns: 1, rows: 1)
    // At 1×1 nothing fits (ncurses does not write the only cell, the bottom-right corner); paydrill runs.
    let deadline = Date().addingTimeInterval(20)
    while try session.alternateScreenIsOn() == false, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    _ = try RestoredTerminal.paydrillPID(in: session)
    try session.resize(columns: 100, rows: 32)
    try session.waitFor("Choose a payment method")
    try session.press("q")
    try session.waitFor("DONE status=0")
    try terminal.assertRestored(session)
  }

  func testAHugeTerminalAndAStormOfResizes() throws {
    let session = try TmuxSession(command: try terminal.wrapped("--no-ledger"), columns: 300, rows: 100)
    let big = try session.waitFor("Choose a payment method")
    let header = big.split(separator: "\n").first ?? ""
    XCTAssertTrue(header.hasSuffix("TEST · $49.99"), "the header spans 300 columns: \(header)")
    XCTAssertEqual(header.count, 300 - 1, "right-aligned with one column of margin")
    for step in 0..<60 {
      let columns = [1, 40, 300, 61, 7, 120][step % 6]
      let rows = [1, 12, 100, 21, 3, 40][step % 6]
      try session.resize(columns: columns, rows: rows)
    }
    try session.resize(columns: 80, rows: 24)
    let settled = try session.waitFor("Choose a payment method")
    XCTAssertTrue(settled.split(separator: "\n").allSatisfy { $0.count <= 80 }, settled)
    XCTAssertFalse(settled.contains("Terminal too small"), settled)
    try session.resize(columns: 50, rows: 15)
    try session.waitFor("Terminal too small: 50×15")
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try terminal.assertRestored(session)
  }

  /// A scenario full of the emoji clusters that terminals draw at widths of their own (ZWJ families, flags,
  /// skin tones, VS16): after every redraw, partial or whole, no stray joiner, selector or regional indicator
  /// is left, and every frame's sides stand in their columns.
  func testEmojiClustersLeaveBordersInTheirColumnsAfterEveryRedraw() throws {
    let scenario = PayDrillBinary.packageRoot
      .appendingPathComponent("Tests/PayDrillAppTests/Fixtures/terminals/emoji-clusters.json").path
    let session = try TmuxSession(
      command: try terminal.wrapped("--scenario '\(scenario)' --latency 0 --no-ledger"))
    assertIntact(try session.waitFor("Choose a payment method"), "the method list")
    try session.press("2")
    assertIntact(try session.waitFor("Pay with Face ID"), "the sheet")
    // The delivery methods open under their row (a partial redraw), and the drone is chosen.
    try session.press("Up", "Up", "Up", "Enter")
    assertIntact(try session.waitFor("Drone ✈ 👍"), "the delivery methods")
    try session.press("Down", "Enter")
    assertIntact(try session.waitFor("Delivery (Drone ✈ 👍)"), "the drone chosen")
    for (columns, rows) in [(80, 24), (60, 20), (100, 32)] {
      try session.resize(columns: columns, rows: rows)
      // The screen has come at the new size when the bottom-right corner of a frame is in its last column.
      let deadline = Date().addingTimeInterval(20)
      var screen = CapturedScreen(try session.capture())
      while screen.rows.count < rows - 1 || screen.rows[rows - 2][columns - 1] != "╯", Date() < deadline {
        Thread.sleep(forTimeInterval: 0.05)
        screen = CapturedScreen(try session.capture())
      }
      XCTAssertLessThan(Date(), deadline, "the screen did not come at \(columns)×\(rows): \(screen.text)")
      assertIntact(screen.text, "after a resize to \(columns)×\(rows)")
    }
    try session.press("C-c")
    XCTAssertTrue(try session.waitFor("DONE status=").contains("DONE status=0"))
    try terminal.assertRestored(session)
  }

  private func assertIntact(
    _ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let screen = CapturedScreen(text)
    XCTAssertEqual(screen.strayEmojiScalars, [], "\(what): stray scalars on\n\(text)", file: file, line: line)
    XCTAssertEqual(
      screen.brokenBorders, [], "\(what): borders out of place on\n\(text)", file: file, line: line)
  }
}
