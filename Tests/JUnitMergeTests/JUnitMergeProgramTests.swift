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
}
