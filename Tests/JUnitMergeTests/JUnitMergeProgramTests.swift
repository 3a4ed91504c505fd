import Foundation
import XCTest

@testable import JUnitMerge

/// The program `paydrill merge-junit` becomes: the files it writes and its exit status.
final class JUnitMergeProgramTests: XCTestCase {
  private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "junit-program-\(UUID())")

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private func write(_ name: String, _ text: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testItWritesTheMergedReportToTheOutput() throws {
    let one = try write("1.xml", #"<testsuite name="s"><testcase name="a" time="1"/></testsuite>"#)
    let two = try write("2.xml", #"<testsuite name="s"><testcase name="b" time="2"/></testsuite>"#)
    let output = folder.appendingPathComponent("all.xml").path
    XCTAssertEqual(JUnitMergeProgram.main(["--output", output, "--", two, one]), 0)
    let merged = try JUnitReportFile(path: output)
    XCTAssertEqual(merged.suites.map(\.totals), [JUnitTotals(tests: 2, seconds: 3)])
    XCTAssertEqual(merged.suites.first?.testCases.map { $0.attribute("name") }, ["a", "b"])
  }

  func testNothingIsWrittenWhenAReportIsBadNamedTwiceOrTheOutput() throws {
    let good = try write("good.xml", #"<testsuite name="s"><testcase name="a"/></testsuite>"#)
    let bad = try write("bad.xml", "<html/>")
    let output = folder.appendingPathComponent("all.xml").path
    XCTAssertEqual(JUnitMergeProgram.run(reports: [good, bad], output: output), 2)
    XCTAssertEqual(JUnitMergeProgram.run(reports: [good, good], output: output), 2)
    XCTAssertEqual(JUnitMergeProgram.run(reports: [good, output], output: output), 2)
    XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    XCTAssertEqual(
      JUnitMergeProgram.run(
        reports: [good], output: folder.appendingPathComponent("no/such/folder.xml").path),
      2)
    XCTAssertEqual(JUnitMergeProgram.main([good]), 2, "the arguments paydrill passes have --")
  }

  /// Hardening: `--output` is written where it points, as play's `--junit` is: through a symbolic link (the
  /// link stays), over a 0600 file keeping its mode, into a FIFO as a stream. It was written with
  /// `atomically:`, which replaced a link or a FIFO by a new 0644 file.
  func testTheOutputIsWrittenWhereItPointsKeepingLinksFIFOsAndModes() throws {
    let one = try write("1.xml", #"<testsuite name="s"><testcase name="a" time="1"/></testsuite>"#)
    let target = try write("target.xml", "old")
    XCTAssertEqual(chmod(target, 0o600), 0)
    let link = folder.appendingPathComponent("link.xml").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.xml")
    XCTAssertEqual(JUnitMergeProgram.run(reports: [one], output: link), 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: link)
    XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeSymbolicLink, "still a link")
    var status = stat()
    XCTAssertEqual(stat(target, &status), 0)
    XCTAssertEqual(status.st_mode & 0o777, 0o600, "the mode is kept")
    XCTAssertEqual(try JUnitReportFile(path: target).suites.first?.testCases.count, 1)

    let fifo = folder.appendingPathComponent("fifo.xml").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let reader = Thread { [fifo] in
      let handle = FileHandle(forReadingAtPath: fifo)
      let text = String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
      try? text.write(toFile: fifo + ".read", atomically: true, encoding: .utf8)
    }
    reader.start()
    XCTAssertEqual(JUnitMergeProgram.run(reports: [one], output: fifo), 0)
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: fifo + ".read"), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    XCTAssertTrue(try String(contentsOfFile: fifo + ".read", encoding: .utf8).contains("<testsuite"))
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType, .typeUnknown,
      "still a FIFO")
  }

  /// Issue 25: 100,000 nested elements crashed the program (a stack overflow, signal 11). Elements nested
  /// deeper than a report's few levels are refused, exit 2, with the file and line.
  func testDeeplyNestedXMLIsRefusedNotACrash() throws {
    let depth = 100_000
    let nested = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
    let path = try write("deep.xml", #"<testsuite name="s">"# + nested + "</testsuite>")
    XCTAssertThrowsError(try JUnitReportFile(path: path)) { error in
      XCTAssertEqual(
        "\(error)", "\(path):1: not a JUnit report: elements nested deeper than 64 levels")
    }
    XCTAssertEqual(JUnitMergeProgram.run(reports: [path], output: nil), 2)
  }

  /// A report larger than 64 MB is refused before it is read (it was read whole and merged).
  func testAHugeReportIsRefusedBeforeItIsRead() throws {
    let path = folder.appendingPathComponent("huge.xml").path
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(#"<testsuite name="s">"#.utf8)))
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    let spaces = Data(repeating: 0x20, count: 1 << 20)
    for _ in 0...64 { try handle.write(contentsOf: spaces) }
    try handle.write(contentsOf: Data(#"<testcase name="a"/></testsuite>"#.utf8))
    try handle.close()
    XCTAssertThrowsError(try JUnitReportFile(path: path)) { error in
      XCTAssertTrue("\(error)".hasSuffix("larger than the 64 MB a JUnit report may be"), "\(error)")
    }
    XCTAssertEqual(JUnitMergeProgram.run(reports: [path], output: nil), 2)
  }
}
