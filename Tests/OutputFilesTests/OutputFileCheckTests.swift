import Foundation
import XCTest

@testable import OutputFiles

/// `OutputFile.check`: an output's path is refused before a run when the run's end could not write it, and
/// nothing is made or opened by the check.
final class OutputFileCheckTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-output-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  private func reason(_ path: String) -> String? {
    do {
      try OutputFile.check(path)
      return nil
    } catch {
      return error.reason
    }
  }

  func testANewFileInAFolderThatExistsAndAnOldFilePass() throws {
    XCTAssertNil(reason(path("new.cast")))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("new.cast")), "the check makes nothing")
    try "old".write(toFile: path("old.cast"), atomically: false, encoding: .utf8)
    XCTAssertNil(reason(path("old.cast")))
    XCTAssertEqual(try String(contentsOfFile: path("old.cast"), encoding: .utf8), "old")
  }

  func testAMissingFolderAFileForAFolderAndAFolderAreRefused() throws {
    XCTAssertEqual(reason(path("missing/run.cast")), "its folder \(path("missing")) does not exist")
    try "x".write(toFile: path("file"), atomically: false, encoding: .utf8)
    XCTAssertEqual(reason(path("file/run.cast")), "\(path("file")) is not a folder")
    XCTAssertEqual(reason(folder.path), "it is a folder")
  }

  func testALinkIsCheckedAtItsTargetAndAFIFOIsTakenWithoutBeingOpened() throws {
    try FileManager.default.createSymbolicLink(
      atPath: path("link.cast"), withDestinationPath: "nowhere/run.cast")
    XCTAssertEqual(reason(path("link.cast")), "its folder \(path("nowhere")) does not exist")
    XCTAssertEqual(mkfifo(path("pipe"), 0o600), 0)
    // Opening a FIFO without a reader would block: the check returns at once.
    XCTAssertNil(reason(path("pipe")))
  }
}

/// `OutputFile.checkFolder`: a folder of outputs (`--screens DIR`) is refused before a run when it could not
/// be made or written, and the check makes nothing.
final class OutputFolderCheckTests: XCTestCase {
  func testAFolderThatCanBeMadeOrWrittenPassesAndAFileInItsPlaceIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-folder-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func reason(_ path: String) -> String? {
      do {
        try OutputFile.checkFolder(path)
        return nil
      } catch {
        return error.reason
      }
    }
    XCTAssertNil(reason(folder.path))
    XCTAssertNil(reason(folder.appendingPathComponent("new/deeper").path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))
    let file = folder.appendingPathComponent("file")
    try "x".write(to: file, atomically: false, encoding: .utf8)
    XCTAssertEqual(reason(file.path), "it is not a folder")
    XCTAssertEqual(reason(file.appendingPathComponent("shots").path), "\(file.path) is not a folder")
  }
}
