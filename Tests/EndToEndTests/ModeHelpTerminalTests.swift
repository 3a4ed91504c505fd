import Foundation
import XCTest

/// The help tells the truth in the real terminal: in the Apple Pay sheet's chooser the sheet's corner, the
/// footer and `?` say what Esc does there (back to the sheet, not cancel), and Esc does just that; with
/// NO_COLOR the gateway panel's highlighted row is still marked.
final class ModeHelpTerminalTests: TerminalTestCase {
  func testInTheSheetsChooserEscIsBackToTheSheetAndHelpSaysSo() throws {
    let session = try TmuxSession(command: try terminal.wrapped("--latency 0 --ledger \(ledger)"))
    try session.waitFor("Buy with Apple Pay")
    try session.press("3")
    let sheet = try session.waitFor("Cancel (Esc)")
    XCTAssertTrue(sheet.contains("Esc cancel"), sheet)
    // Up three rows to Shipping method, and open its chooser.
    try session.press("Up", "Up", "Up", "Enter")
    let chooser = try session.waitFor("Back (Esc)")
    XCTAssertFalse(chooser.contains("Cancel (Esc)"), chooser)
    XCTAssertTrue(chooser.contains("Esc back"), chooser)
    try session.press("?")
    let help = try session.waitFor("Keys · A sheet row's chooser")
    XCTAssertTrue(help.contains("back to the sheet"), help)
    try session.press("x")  // any key closes the help, and does nothing else
    try session.waitFor("Back (Esc)")
    try session.press("Escape")
    let back = try session.waitFor("Cancel (Esc)")
    XCTAssertTrue(back.contains("Apple Pay"), "Esc closed the chooser, not the sheet: \(back)")
    try session.press("C-c")
    try session.waitFor("DONE status=")
    try terminal.assertRestored()
  }

  func testWithNoColourTheGatewayPanelsRowIsMarked() throws {
    let session = try TmuxSession(
      command: try terminal.wrapped("--latency 0 --ledger \(ledger)", environment: "NO_COLOR=1"))
    try session.waitFor("Choose a payment method")
    try session.press("g", "Down", "Down")
    let panel = try session.waitFor("▸ Next call")
    XCTAssertEqual(
      panel.components(separatedBy: "▸").count - 1, 2, "the panel's row and the method list's: \(panel)")
    try session.press("C-c")
    try session.waitFor("DONE status=")
  }
}
