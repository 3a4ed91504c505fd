import Foundation
import XCTest

/// The real binary in tmux with a scenario full of the emoji clusters that terminals draw at widths of their
/// own: after every redraw, no stray joiner, selector or regional indicator is left, and every frame's sides
/// stand in their columns.
final class EmojiTerminalTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    try TmuxSession.requireTmux()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  static let scenario = PayDrillBinary.packageRoot
    .appendingPathComponent("Tests/PayDrillAppTests/Fixtures/terminals/emoji-clusters.json").path

  func testBordersStayInTheirColumnsAfterEveryRedraw() throws {
    let terminal = RestoredTerminal(folder: folder)
    let session = try TmuxSession(
      command: try terminal.wrapped("--scenario '\(Self.scenario)' --latency 0 --no-ledger"))
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
      assertIntact(try waitForSize(columns, rows, in: session), "after a resize to \(columns)×\(rows)")
    }
    try session.press("C-c")
    XCTAssertTrue(try session.waitFor("DONE status=").contains("DONE status=0"))
    try terminal.assertRestored(session)
  }

  /// Polls until the screen's bottom frame corner stands in the last column of a window of that size.
  private func waitForSize(_ columns: Int, _ rows: Int, in session: TmuxSession) throws -> String {
    let deadline = Date().addingTimeInterval(20)
    var screen = ""
    while Date() < deadline {
      screen = try session.capture()
      let lines = screen.components(separatedBy: "\n")
      if lines.count >= rows - 1, Self.cells(of: lines[rows - 2])[columns - 1] == "╯" { return screen }
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTFail("the screen did not come at \(columns)×\(rows):\n\(screen)")
    return screen
  }

  /// No scalar of an emoji sequence on screen, and every frame's sides in the columns of its corners.
  private func assertIntact(
    _ screen: String, _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let stray = screen.unicodeScalars.filter {
      [0x200D, 0xFE0E, 0xFE0F, 0x20E3].contains($0.value) || (0x1F1E6...0x1F1FF).contains($0.value)
        || (0x1F3FB...0x1F3FF).contains($0.value)
    }
    XCTAssertTrue(stray.isEmpty, "\(what): stray \(stray.map(\.value)) on\n\(screen)", file: file, line: line)
    let rows = screen.components(separatedBy: "\n").map(Self.cells(of:))
    guard let top = rows.firstIndex(where: { $0.values.contains("╭") }) else {
      return XCTFail("\(what): no frame on\n\(screen)", file: file, line: line)
    }
    let corners = rows[top].filter { $0.value == "╭" || $0.value == "╮" }.keys.sorted()
    for x in corners {
      let bottom = rows[(top + 1)...].firstIndex { $0[x] == "╰" || $0[x] == "╯" } ?? rows.count
      for y in top + 1..<bottom where rows[y][x] != "│" {
        XCTFail(
          "\(what): row \(y + 1), column \(x + 1) is \(rows[y][x].map { "\"\($0)\"" } ?? "empty"), not │ on\n\(screen)",
          file: file, line: line)
      }
    }
  }

  /// A captured line's characters by the column tmux put them in. Once PayDrill has drawn its fallbacks, a
  /// line holds no combining character, and its only wide characters are emoji (U+1F000 and up: 2 columns).
  static func cells(of line: String) -> [Int: Character] {
    var cells: [Int: Character] = [:]
    var column = 0
    for character in line {
      cells[column] = character
      column += character.unicodeScalars.first.map { $0.value >= 0x1F000 ? 2 : 1 } ?? 1
    }
    return cells
  }
}
