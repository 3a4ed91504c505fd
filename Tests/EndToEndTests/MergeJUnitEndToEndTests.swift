import Foundation
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A suite in two shards, as a CI matrix runs it: `play --shard 1/2` and `2/2` with `--junit`, then
/// `merge-junit` through the real binaries (paydrill, and the paydrill-merge-junit it becomes).
final class MergeJUnitEndToEndTests: XCTestCase {
  private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "paydrill-merge-\(UUID().uuidString)")

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Five tapes of Tapes/ and one that fails, in path order (the order `--shard` parts them in).
  private func suite() throws -> [String] {
    let failing = path("failing.tape")
    try "Wait /Choose a payment method/\nExpect@100ms event onSuccess\n".write(
      toFile: failing, atomically: true, encoding: .utf8)
    let tapes = ["pay-with-visa", "declined-card", "avs-declined", "pay-with-paypal", "apple-pay-cancel"].map
    {
      PayDrillBinary.packageRoot.appendingPathComponent("Tapes/\($0).tape").path
    }
    return (tapes + [failing]).sorted()
  }

  /// `play` of `tapes` with a JUnit report; every run here has the failing tape or a part without it.
  private func play(_ tapes: [String], shard: String?, junit: String) throws -> PayDrillBinary.Result {
    let result = try PayDrillBinary.run(
      ["play", "--no-ledger", "--latency", "0", "--junit", junit] + (shard.map { ["--shard", $0] } ?? [])
        + tapes)
    XCTAssertNotEqual(result.status, 2, result.standardError)
    return result
  }

  private func root(_ path: String) throws -> XMLElement {
    try XCTUnwrap(XMLDocument(contentsOf: URL(fileURLWithPath: path), options: []).rootElement())
  }

  private func attribute(_ name: String, of element: XMLElement?) -> String? {
    element?.attribute(forName: name)?.stringValue
  }

  private func testCases(_ root: XMLElement) -> [String] {
    root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }.compactMap {
      attribute("file", of: $0)
    }
  }

  func testTheShardsReportsMergeIntoTheReportOfTheWholeSuite() throws {
    let tapes = try suite()
    _ = try play(tapes, shard: "1/2", junit: path("tapes-1.xml"))
    _ = try play(tapes, shard: "2/2", junit: path("tapes-2.xml"))
    let whole = try play(tapes, shard: nil, junit: path("whole.xml"))
    XCTAssertEqual(whole.status, 1, "one tape fails")
    XCTAssertTrue(whole.standardOutput.contains("\n5 passed, 1 failed (6 tapes, "), whole.standardOutput)

    // The reports named in the other order: the merged one is the same.
    let merged = try PayDrillBinary.run([
      "merge-junit", path("tapes-2.xml"), path("tapes-1.xml"), "--output", path("merged.xml"),
    ])
    XCTAssertEqual(merged.status, 0, merged.standardError)
    XCTAssertEqual(merged.standardError, "")
    XCTAssertTrue(
      merged.standardOutput.hasPrefix(
        "\(path("merged.xml")): 2 reports merged: 6 tests, 1 failure, 0 errors, 0 skipped, "),
      merged.standardOutput)

    let all = try root(path("merged.xml"))
    let wholeSuite = try XCTUnwrap(try root(path("whole.xml")).elements(forName: "testsuite").first)
    XCTAssertEqual(all.name, "testsuites")
    XCTAssertEqual(attribute("tests", of: all), attribute("tests", of: wholeSuite))
    XCTAssertEqual(attribute("tests", of: all), "6")
    XCTAssertEqual(attribute("failures", of: all), attribute("failures", of: wholeSuite))
    let suites = all.elements(forName: "testsuite")
    XCTAssertEqual(suites.count, 1, "the shards' suites are one")
    XCTAssertEqual(attribute("name", of: suites.first), "paydrill tapes")
    XCTAssertEqual(testCases(all), tapes, "every tape once, in the whole suite's order")
    XCTAssertEqual(testCases(all), try testCases(root(path("whole.xml"))))
    let failure = try XCTUnwrap(
      suites.first?.elements(forName: "testcase").first { attribute("name", of: $0) == "failing" }?
        .elements(forName: "failure").first)
    XCTAssertTrue(
      failure.stringValue?.contains("Expect event onSuccess did not hold") ?? false, "the report kept whole")

    // Without --output, the same report on standard output.
    let printed = try PayDrillBinary.run(["merge-junit", path("tapes-1.xml"), path("tapes-2.xml")])
    XCTAssertEqual(printed.status, 0, printed.standardError)
    XCTAssertEqual(printed.standardOutput, try String(contentsOfFile: path("merged.xml"), encoding: .utf8))
  }

  func testABadReportOrOverlappingShardsExitTwoAndWriteNothing() throws {
    let tapes = try suite()
    _ = try play(tapes, shard: "1/2", junit: path("tapes-1.xml"))
    _ = try play(tapes, shard: nil, junit: path("whole.xml"))
    try "<html><body>not a report</body></html>\n".write(
      toFile: path("page.xml"), atomically: true, encoding: .utf8)
    let output = path("merged.xml")

    let bad = try PayDrillBinary.run([
      "merge-junit", path("tapes-1.xml"), path("page.xml"), "--output", output,
    ])
    XCTAssertEqual(bad.status, 2)
    XCTAssertEqual(
      bad.standardError,
      "paydrill: \(path("page.xml")):1: not a JUnit report: its root element is <html>, not <testsuites> or "
        + "<testsuite>\n")

    let overlapping = try PayDrillBinary.run([
      "merge-junit", path("tapes-1.xml"), path("whole.xml"), "--output", output,
    ])
    XCTAssertEqual(overlapping.status, 2)
    let lines = overlapping.standardError.split(separator: "\n")
    XCTAssertEqual(lines.count, 3, "shard 1 of 2 has 3 of the 6 tapes: \(overlapping.standardError)")
    XCTAssertTrue(
      lines.allSatisfy {
        $0.hasPrefix("paydrill: \(path("whole.xml")):")
          && $0.contains(" is in \(path("tapes-1.xml")) too: the shards overlap")
      }, overlapping.standardError)
    XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is written")

    let none = try PayDrillBinary.run(["merge-junit", "--output", output])
    XCTAssertEqual(none.status, 2)
    XCTAssertEqual(
      none.standardError,
      "paydrill: merge-junit takes the JUnit reports to merge\n"
        + "usage: paydrill merge-junit REPORT… [options]  (see paydrill merge-junit --help)\n")
  }

  /// paydrill copied alone, without the program beside it: one line that says what is missing.
  func testWithoutItsProgramMergeJUnitSaysWhatIsMissing() throws {
    let lone = folder.appendingPathComponent("bin/paydrill")
    try FileManager.default.createDirectory(
      at: lone.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: try PayDrillBinary.path(), toPath: lone.path)
    let result = try PayDrillBinary.launch(lone.path, ["merge-junit", "tapes-1.xml"])
    let real = folder.resolvingSymlinksInPath().path
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(
      result.standardError,
      "paydrill: merge-junit runs paydrill-merge-junit, which is not installed with this paydrill "
        + "(looked for \(real)/bin/paydrill-merge-junit and \(real)/libexec/paydrill/paydrill-merge-junit); "
        + "make install puts it in PREFIX/libexec/paydrill\n")
  }

  /// Issue 25: under `ulimit -f`, `play --junit` and `merge-junit` died of SIGXFSZ (exit 153), without a word
  /// and without their report. A write past the limit is now a failure with a message: exit 2, naming the
  /// file and the limit.
  func testAFileSizeLimitIsAWriteFailureNotASignal() throws {
    let limited = ["/bin/sh", "-c", #"ulimit -f 0; "$@""#, "sh"]
    let tape = PayDrillBinary.packageRoot.appendingPathComponent("Tapes/pay-with-visa.tape").path
    let played = try PayDrillBinary.run(
      ["play", "--no-ledger", "--latency", "0", "--junit", path("report.xml"), tape], launcher: limited)
    XCTAssertEqual(played.status, 2, played.standardError)
    XCTAssertTrue(
      played.standardError.contains(
        "\(path("report.xml")): cannot be written (the file-size limit (ulimit -f)"),
      played.standardError)

    _ = try play([tape], shard: nil, junit: path("one.xml"))
    let merged = try PayDrillBinary.run(
      ["merge-junit", path("one.xml"), "--output", path("merged.xml")], launcher: limited)
    XCTAssertEqual(merged.status, 2, merged.standardError)
    XCTAssertTrue(
      merged.standardError.contains(
        "\(path("merged.xml")): cannot be written (the file-size limit (ulimit -f)"),
      merged.standardError)
  }
}
