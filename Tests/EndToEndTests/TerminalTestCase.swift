import Foundation
import XCTest

/// The one set-up of the tests that run the real binary in tmux: each test needs tmux (skipped where it is
/// missing, failed under `CI=true`, see `TmuxSession.requireTmux`) and gets an empty folder of its own in
/// the system's temporary directory, removed with everything in it after. Its ledger, tapes, events and the
/// terminal's `stty -a` before and after go there.
class TerminalTestCase: XCTestCase {
  /// This test's folder.
  private(set) var folder: URL!

  /// The ledger of the runs this test starts, in its folder.
  var ledger: String { folder.appendingPathComponent("ledger.sqlite3").path }

  /// The terminal's settings around a run, kept in this test's folder.
  var terminal: RestoredTerminal { RestoredTerminal(folder: folder) }

  override func setUpWithError() throws {
    try super.setUpWithError()
    try TmuxSession.requireTmux()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-\(type(of: self))-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    if let folder { try? FileManager.default.removeItem(at: folder) }
    try super.tearDownWithError()
  }
}
