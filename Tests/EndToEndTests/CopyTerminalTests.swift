import Foundation
import XCTest

/// `y` through the real binary in tmux: the result screen's `systemTransactionId` goes to the terminal as
/// OSC 52 (tmux, with `set-clipboard on`, keeps it as a paste buffer) and into a file in the data folder,
/// whose path the footer gives.
final class CopyTerminalTests: TerminalTestCase {
  func testYOnTheResultScreenSendsOSC52AndSavesTheFileTheFooterNames() throws {
    // tmux takes OSC 52 from the program only with set-clipboard on; given back as it was afterwards.
    let previous = try TmuxSession.shell(["tmux", "show-options", "-sv", "set-clipboard"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    // A short data folder, so that the footer's line has the whole path at 100 columns.
    let dataHome = "/tmp/pdc-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: dataHome) }
    let session = try TmuxSession(
      command:
        "export XDG_DATA_HOME='\(dataHome)'; \(try PayDrillBinary.path()) --latency 0 --no-ledger; echo DONE status=$?; sleep 30"
    )
    _ = try TmuxSession.shell(["tmux", "set-option", "-s", "set-clipboard", "on"])
    defer {
      if !previous.isEmpty {
        _ = try? TmuxSession.shell(["tmux", "set-option", "-s", "set-clipboard", previous])
      }
    }
    try session.waitFor("Choose a payment method")
    try session.press("Enter")
    try session.waitFor("Card number")
    try RestoredTerminal.pay(in: session, number: "4242 4242 4242 4242", name: "Jane Doe")
    let paid = try session.waitFor("Payment successful")
    let lines = paid.split(separator: "\n").map(String.init)
    let row = try XCTUnwrap(lines.firstIndex { $0.contains("systemTransactionId") }, paid)
    try session.press("y")
    let screen = try session.waitFor("OSC 52")
    let footer = try XCTUnwrap(screen.split(separator: "\n").last { $0.contains("OSC 52") }).description
    XCTAssertFalse(footer.contains("Copied"), footer)
    let copies = dataHome + "/paydrill/copies/"
    let path = try XCTUnwrap(
      footer.split(separator: " ").first { $0.hasPrefix(copies) }.map(String.init), "the path in: \(footer)")
    let transaction = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertNotNil(UUID(uuidString: transaction), transaction)
    XCTAssertTrue(
      lines[row].contains(transaction) || lines[row + 1].contains(transaction),
      "the systemTransactionId the screen shows: \(transaction)\n\(paid)")
    let buffers = try TmuxSession.shell(["tmux", "list-buffers", "-F", "#{buffer_name}"]).output
      .split(separator: "\n")
    let texts = try buffers.map { try TmuxSession.shell(["tmux", "show-buffer", "-b", String($0)]).output }
    XCTAssertTrue(texts.contains(transaction), "tmux took the OSC 52 sequence: \(texts.prefix(3))")
    try session.press("q")
    try session.waitFor("DONE status=0")
  }
}
