import Foundation
import Synchronization
import XCTest

@testable import OutputFiles

/// Hardening: `--events`, `--screen`, `--junit` and a recorded tape are written where the user pointed:
/// through a symbolic link, into a FIFO, over a regular file keeping its mode; never replacing what is there by
/// a new regular file.
final class OutputFileTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  private func mode(_ path: String) -> mode_t {
    var status = stat()
    XCTAssertEqual(lstat(path, &status), 0)
    return status.st_mode
  }

  func testASymbolicLinkStaysALinkAndItsTargetGetsTheText() throws {
    try "old".write(toFile: path("target.jsonl"), atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: path("events.jsonl"), withDestinationPath: "target.jsonl")
    try OutputFile.write("new\n", to: path("events.jsonl"))
    XCTAssertEqual(mode(path("events.jsonl")) & S_IFMT, S_IFLNK, "still a link")
    XCTAssertEqual(try String(contentsOfFile: path("target.jsonl"), encoding: .utf8), "new\n")
  }

  func testARegularFileKeepsItsModeAndANewOneFollowsTheUmask() throws {
    try "old".write(toFile: path("screen.txt"), atomically: false, encoding: .utf8)
    chmod(path("screen.txt"), 0o600)
    try OutputFile.write("screen\n", to: path("screen.txt"))
    XCTAssertEqual(mode(path("screen.txt")) & 0o777, 0o600)
    XCTAssertEqual(try String(contentsOfFile: path("screen.txt"), encoding: .utf8), "screen\n")

    let mask = umask(0o027)
    defer { umask(mask) }
    try OutputFile.write("junit", to: path("report.xml"))
    XCTAssertEqual(mode(path("report.xml")) & 0o777, 0o640)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }, [],
      "no temporary file left")
  }

  func testAFIFOIsWrittenAsAStreamAndStaysAFIFO() throws {
    let fifo = path("events.fifo")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let received = Mutex("")
    let reader = Thread {
      let data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data("unreadable".utf8)
      let text = String(decoding: data, as: UTF8.self)
      received.withLock { $0 = text }
    }
    reader.start()
    try OutputFile.write("{\"event\":\"onSuccess\"}\n", to: fifo)
    let deadline = Date().addingTimeInterval(10)
    while received.withLock({ $0.isEmpty }) && Date() < deadline { usleep(10_000) }
    XCTAssertEqual(received.withLock { $0 }, "{\"event\":\"onSuccess\"}\n")
    XCTAssertEqual(mode(fifo) & S_IFMT, S_IFIFO, "still a FIFO")
  }

  func testAFolderOrAMissingFolderGetsAReason() {
    XCTAssertThrowsError(try OutputFile.write("x", to: folder.path)) {
      XCTAssertEqual("\($0)", "\(self.folder.path): cannot be written (it is a folder)")
    }
    XCTAssertThrowsError(try OutputFile.write("x", to: path("missing/out.txt"))) {
      XCTAssertTrue(
        "\($0)".hasSuffix("missing/out.txt: cannot be written (No such file or directory)"), "\($0)")
    }
  }
}
