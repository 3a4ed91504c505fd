import Foundation
import XCTest

/// Golden record mode (`PAYDRILL_RECORD_SNAPSHOTS=1`) rewrites a golden file and fails the test that did:
/// it used to rewrite and pass, so a run that changed every screen looked green.
final class SnapshotRecordingTests: FolderTestCase {
  func testRecordingWritesTheGoldenAndFails() throws {
    let url = folder.appendingPathComponent("screen.txt")
    XCTAssertEqual(
      Snapshot.verdict("new screen\n", with: "screen.txt", in: folder, recording: true),
      "recorded \(url.path); run again without PAYDRILL_RECORD_SNAPSHOTS and read the diff")
    XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "new screen\n")
    XCTAssertNil(
      Snapshot.verdict("new screen\n", with: "screen.txt", in: folder, recording: false),
      "run again without the variable, it passes")
    XCTAssertEqual(
      Snapshot.verdict("old screen\n", with: "screen.txt", in: folder, recording: false)?.hasPrefix(
        "screen.txt differs at line 1"), true)
  }

  func testAFileThatCannotBeRecordedSaysSo() {
    let url = folder.appendingPathComponent("missing-folder/screen.txt")
    XCTAssertTrue(Snapshot.recorded("x", to: url).hasPrefix("could not record \(url.path)"))
  }
}
