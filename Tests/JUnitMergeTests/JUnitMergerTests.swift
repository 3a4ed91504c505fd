import Foundation
import JUnitReports
import XCTest

@testable import JUnitMerge

/// Merging the JUnit reports of a suite's shards: one suite per name, the test cases in file order, the
/// totals summed, bad files and overlapping shards refused with the file and the line.
final class JUnitMergerTests: XCTestCase {
  /// A report of `play --shard`: the suite "paydrill tapes" with these test cases.
  private func shard(_ cases: String, tests: Int, failures: Int, time: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <testsuites>
      <testsuite name="paydrill tapes" tests="\(tests)" failures="\(failures)" errors="0" time="\(time)">
    \(cases)
      </testsuite>
    </testsuites>

    """
  }

  private lazy var first = shard(
    """
        <testcase name="a" classname="tapes" file="Tapes/a.tape" time="0.200"/>
        <testcase name="c" classname="tapes" file="Tapes/c.tape" time="0.300"/>
    """, tests: 2, failures: 0, time: "0.500")

  private lazy var second = shard(
    """
        <testcase name="b" classname="tapes" file="Tapes/b.tape" time="0.125">
          <failure message="b.tape:3: Expect total did not hold" type="ExpectationFailed">b.tape:3: Expect total did not hold
      expected: &lt;$49.99&gt;</failure>
        </testcase>
        <testcase name="d" classname="tapes" file="Tapes/d.tape" time="0.125"/>
    """, tests: 2, failures: 1, time: "0.250")

  private func report(_ text: String, _ path: String) throws -> JUnitReportFile {
    try JUnitReportFile(data: Data(text.utf8), path: path)
  }

  /// The merged document, or a failure with the overlaps.
  private func merged(_ reports: [JUnitReportFile], file: StaticString = #filePath, line: UInt = #line)
    -> String?
  {
    switch JUnitMerger.merge(reports) {
    case .merged(let root, _): return root.document
    case .overlapping(let errors):
      XCTFail("overlapping: \(errors)", file: file, line: line)
      return nil
    }
  }

  private func problem(in text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    do {
      _ = try report(text, "r.xml")
      XCTFail("read: \(text)", file: file, line: line)
    } catch {
      return "\(error)"
    }
    return nil
  }

  func testTheShardsOfAPlaySuiteMergeIntoOneSuiteInFileOrderWithTheTotalsSummed() throws {
    let reports = [try report(first, "tapes-1.xml"), try report(second, "tapes-2.xml")]
    XCTAssertEqual(
      merged(reports),
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="4" failures="1" errors="0" skipped="0" time="0.750">
        <testsuite name="paydrill tapes" tests="4" failures="1" errors="0" skipped="0" time="0.750">
          <testcase name="a" classname="tapes" file="Tapes/a.tape" time="0.200"/>
          <testcase name="b" classname="tapes" file="Tapes/b.tape" time="0.125">
            <failure message="b.tape:3: Expect total did not hold" type="ExpectationFailed">b.tape:3: Expect total did not hold
        expected: &lt;$49.99&gt;</failure>
          </testcase>
          <testcase name="c" classname="tapes" file="Tapes/c.tape" time="0.300"/>
          <testcase name="d" classname="tapes" file="Tapes/d.tape" time="0.125"/>
        </testsuite>
      </testsuites>

      """)
    guard case .merged(_, let totals) = JUnitMerger.merge(reports) else { return XCTFail("not merged") }
    XCTAssertEqual(totals, JUnitTotals(tests: 4, failures: 1, errors: 0, skipped: 0, seconds: 0.75))
    XCTAssertEqual(totals.summary, "4 tests, 1 failure, 0 errors, 0 skipped, 0.750 s")
  }

  func testTheOrderDoesNotDependOnTheOrderOfTheReports() throws {
    let one = try report(first, "tapes-1.xml")
    let two = try report(second, "tapes-2.xml")
    XCTAssertEqual(merged([two, one]), merged([one, two]))
  }

  func testSuitesAreOrderedByNameAndKeepTheAttributesTheirPartsAgreeOn() throws {
    let left = try report(
      """
      <testsuites name="left">
        <testsuite name="unit" hostname="ci" timestamp="2026-12-01T10:00:00" tests="1" failures="0" errors="0" skipped="1" time="1">
          <properties><property name="os" value="linux"/></properties>
          <testcase name="t1" classname="Unit"><skipped message="later"/></testcase>
          <system-out>first shard</system-out>
        </testsuite>
        <testsuite name="e2e" tests="0"/>
      </testsuites>
      """, "left.xml")
    let right = try report(
      """
      <testsuite name="unit" hostname="ci" timestamp="2026-12-01T10:00:05" tests="1" failures="0" errors="1" time="2.5">
        <properties><property name="os" value="linux"/><property name="shard" value="2"/></properties>
        <testcase name="t2" classname="Unit"><error message="boom" type="Crash">trace</error></testcase>
        <system-out>second shard</system-out>
      </testsuite>
      """, "right.xml")
    XCTAssertEqual(
      merged([left, right]),
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="2" failures="0" errors="1" skipped="1" time="3.500">
        <testsuite name="e2e" tests="0" failures="0" errors="0" skipped="0" time="0.000"/>
        <testsuite name="unit" tests="2" failures="0" errors="1" skipped="1" time="3.500" hostname="ci">
          <properties>
            <property name="os" value="linux"/>
            <property name="shard" value="2"/>
          </properties>
          <testcase name="t1" classname="Unit">
            <skipped message="later"/>
          </testcase>
          <testcase name="t2" classname="Unit">
            <error message="boom" type="Crash">trace</error>
          </testcase>
          <system-out>first shard
      second shard</system-out>
        </testsuite>
      </testsuites>

      """, "the timestamps differ, so the merged suite has none; the hostname is kept")
  }

  func testMissingTotalsAreCountedFromTheTestCases() throws {
    let suite = try XCTUnwrap(
      try report(
        """
        <testsuite name="bare">
          <testcase name="ok" time="0.5"/>
          <testcase name="failed" time="0.25"><failure message="no"/></testcase>
          <testcase name="broken"><error/></testcase>
          <testcase name="later"><skipped/></testcase>
        </testsuite>
        """, "bare.xml"
      ).suites.first)
    XCTAssertEqual(suite.totals, JUnitTotals(tests: 4, failures: 1, errors: 1, skipped: 1, seconds: 0.75))
  }

  /// What the writer writes, the reader reads back: entities, character references, CDATA, a tab and a
  /// newline in an attribute, a report of several lines.
  func testAWrittenReportReadsBackAsItWas() throws {
    let failure = JUnitElement(
      "failure", [.init("message", "a < b & \"c\"\tand\nmore"), .init("type", "ExpectationFailed")],
      text: "line 1 <Paid & \"done\">\n  line 2 ¥1,235 ✓\r\n")
    let root = JUnitElement(
      "testsuites",
      children: [
        JUnitElement(
          "testsuite", [.init("name", "s")],
          children: [
            JUnitElement("testcase", [.init("name", "t"), .init("time", "1.000")], children: [failure])
          ])
      ])
    let read = try JUnitReader.root(of: Data(root.document.utf8), file: "r.xml")
    XCTAssertEqual(withoutLines(read), root)
    let cdata = try JUnitReader.root(
      of: Data("<testsuite><system-out><![CDATA[<raw> & kept]]></system-out></testsuite>".utf8), file: "c.xml"
    )
    XCTAssertEqual(cdata.children.first?.text, "<raw> & kept")
  }

  private func withoutLines(_ element: JUnitElement) -> JUnitElement {
    var element = element
    element.line = nil
    element.children = element.children.map(withoutLines)
    return element
  }

  /// XML that does not parse: the line of libxml2's first error (its column, in the message too, is left
  /// unchecked: it is the parser's to say).
  func testXMLThatIsNotWellFormedIsRefusedAtItsLine() {
    let cases: [(String, String?)] = [
      ("not xml at all", "r.xml:1: "),
      ("<testsuites>\n  <testsuite name=\"a\">\n    <testcase name=\"t\">\n</testsuites>\n", "r.xml:4: "),
      ("<testsuite name=\"a\">\n  <testcase name=\"t\" name=\"u\"/>\n</testsuite>", "r.xml:2: "),
      ("<testsuite name=\"a\">\n  <testcase name=\"&nbsp;\"/>\n</testsuite>", "r.xml:2: "),
      // Cut off: where libxml2 notices depends on its version.
      ("<testsuites>\n  <testsuite name=\"a\">\n", nil),
    ]
    for (text, place) in cases {
      let message = problem(in: text) ?? ""
      let pattern = #"^r\.xml:[0-9]+: not a JUnit report: not well-formed XML \(column [0-9]+\)$"#
      XCTAssertNotNil(message.range(of: pattern, options: .regularExpression), message)
      if let place { XCTAssertTrue(message.hasPrefix(place), "\(message): not at \(place)") }
    }
  }

  func testAFileThatIsNotAJUnitReportIsRefusedWithWhatIsWrong() {
    let cases: [(String, String)] = [
      ("", "r.xml: empty, not a JUnit report"),
      (
        "<html>\n<body/>\n</html>",
        "r.xml:1: not a JUnit report: its root element is <html>, not <testsuites> or <testsuite>"
      ),
      (
        "<testsuites>\n  <report/>\n</testsuites>",
        "r.xml:2: <report> inside <testsuites>, where a JUnit report has testsuite elements only"
      ),
      (
        "<testsuite name=\"outer\">\n  <testsuite name=\"inner\"/>\n</testsuite>",
        "r.xml:2: a testsuite inside testsuite \"outer\": nested suites are not supported (merge-junit "
          + "takes a testsuite in testsuites, or a testsuite alone)"
      ),
      (
        "<testsuites>\n<testsuite name=\"a\">\n<testcase classname=\"x\"/>\n</testsuite>\n</testsuites>",
        "r.xml:3: a testcase without a name, in testsuite \"a\""
      ),
      (
        "<testsuite name=\"a\" tests=\"three\"/>",
        "r.xml:1: testsuite \"a\": tests=\"three\" is not a whole number"
      ),
      ("<testsuite failures=\"-1\"/>", "r.xml:1: testsuite: failures=\"-1\" is not a whole number"),
      (
        "<testsuite name=\"a\" time=\"soon\"/>",
        "r.xml:1: testsuite \"a\": time=\"soon\" is not a number of seconds"
      ),
      (
        "<testsuite name=\"a\">\n<testcase name=\"t\" time=\"nan\"/>\n</testsuite>",
        "r.xml:1: a testcase of testsuite \"a\": time=\"nan\" is not a number of seconds"
      ),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(problem(in: text), expected, text)
    }
  }

  func testAMissingFileAndAFolderAreRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("junit-merge-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("missing.xml").path
    XCTAssertThrowsError(try JUnitReportFile(path: missing)) {
      XCTAssertEqual("\($0)", "\(missing): no such file")
    }
    XCTAssertThrowsError(try JUnitReportFile(path: folder.path)) {
      XCTAssertEqual("\($0)", "\(folder.path): a folder, not a JUnit report")
    }
  }

  func testATestCaseInTwoReportsIsAnErrorAtTheLaterReportsLine() throws {
    let overlapping = try report(
      shard(
        """
            <testcase name="d" classname="tapes" file="Tapes/d.tape" time="0.1"/>
            <testcase name="a" classname="tapes" file="Tapes/a.tape" time="0.1"/>
        """, tests: 2, failures: 0, time: "0.2"), "tapes-3.xml")
    let reports = [try report(first, "tapes-1.xml"), try report(second, "tapes-2.xml"), overlapping]
    XCTAssertEqual(
      JUnitMerger.merge(reports),
      .overlapping([
        JUnitMergeError(
          file: "tapes-3.xml", line: 4,
          problem:
            "the test case \"d\" (class tapes, file Tapes/d.tape) of testsuite \"paydrill tapes\" is in "
            + "tapes-2.xml too: the shards overlap (each test case belongs to one report)"),
        JUnitMergeError(
          file: "tapes-3.xml", line: 5,
          problem:
            "the test case \"a\" (class tapes, file Tapes/a.tape) of testsuite \"paydrill tapes\" is in "
            + "tapes-1.xml too: the shards overlap (each test case belongs to one report)"),
      ]))
  }

  func testTheSameNameInAnotherFileOrSuiteOrTwiceInOneReportIsNoOverlap() throws {
    let reports = [
      try report(first, "tapes-1.xml"),
      try report(
        """
        <testsuites>
          <testsuite name="paydrill tapes">
            <testcase name="a" classname="tapes" file="More/a.tape"/>
          </testsuite>
          <testsuite name="other"><testcase name="a" classname="tapes" file="Tapes/a.tape"/></testsuite>
          <testsuite name="other"><testcase name="a" classname="tapes" file="Tapes/a.tape"/></testsuite>
        </testsuites>
        """, "more.xml"),
    ]
    guard case .merged(let root, let totals) = JUnitMerger.merge(reports) else { return XCTFail("overlap") }
    XCTAssertEqual(totals.tests, 5)
    XCTAssertEqual(
      root.children.map { $0.attribute("name") ?? "" }, ["other", "paydrill tapes"])
    XCTAssertEqual(
      root.children[1].children(named: "testcase").map { $0.attribute("file") ?? "" },
      ["More/a.tape", "Tapes/a.tape", "Tapes/c.tape"])
  }
}
