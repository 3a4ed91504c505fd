import CheckoutEngine
import JUnitReports
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop
@testable import PayDrillTools

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Tapes as a regression suite: `Expect` and `Caption` lines, the header, failure reports and JUnit XML.
final class TapeExpectationTests: XCTestCase {
  func testParsesExpectCaptionAndTheHeader() throws {
    let tape = try Tape.parse(
      """
      # paydrill: --scenario harbour-books --size 80x24 --theme "dark"
      Expect event onError code=CARD_DECLINED resultCode=Refused
      Expect@2s event onSuccess
      Expect screen /Paid|Payment successful/
      Expect screen /x/ @300ms
      Expect total "$42.38"
      Caption "Now the shopper applies a coupon"
      """, file: "t.tape")
    XCTAssertEqual(
      tape.headerArguments, ["--scenario", "harbour-books", "--size", "80x24", "--theme", "dark"])
    XCTAssertEqual(
      tape.steps.map(\.command),
      [
        .expect(
          .event(name: "onError", details: ["code": "CARD_DECLINED", "resultCode": "Refused"]),
          timeout: .seconds(5)),
        .expect(.event(name: "onSuccess", details: [:]), timeout: .seconds(2)),
        .expect(.screen(pattern: "Paid|Payment successful"), timeout: .seconds(5)),
        .expect(.screen(pattern: "x"), timeout: .milliseconds(300)),
        .expect(.total("$42.38"), timeout: .seconds(5)),
        .caption("Now the shopper applies a coupon"),
      ])
    XCTAssertEqual(
      TapeExpectation.event(name: "onError", details: ["code": "X", "a": "1"]).text,
      "Expect event onError a=1 code=X")
  }

  func testBadExpectLinesNameTheLine() {
    let cases: [(String, String)] = [
      ("Expect", "Expect event NAME"),
      ("Expect event onPaid", "unknown event \"onPaid\""),
      ("Expect event onError code", "key=value"),
      ("Expect screen Paid", "Expect /regex/"),
      ("Expect total 42", "quoted text"),
      ("Caption hello", "quoted text"),
      ("# paydrill: --scenario \"open", "unclosed quote"),
    ]
    for (text, message) in cases {
      XCTAssertThrowsError(try Tape.parse("Enter\n" + text, file: "bad.tape"), text) { error in
        guard let error = error as? TapeError else { return XCTFail("\(error)") }
        XCTAssertEqual(error.line, 2, text)
        XCTAssertTrue(error.problem.contains(message), "\(text): \(error.problem)")
      }
    }
  }

  private func run(_ text: String, scenario: Scenario = .acmeElectronics) throws -> TapeRun {
    let tape = try Tape.parse(text, file: "check.tape")
    let runtime = CheckoutRuntime(
      scenario: scenario, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0)
    let outcome = TapePlayer(runtime: runtime).play(tape)
    return TapeRun(
      tape: tape, outcome: outcome, duration: .milliseconds(1234),
      events: Array(runtime.model.checkout.events))
  }

  private let declinedCard = """
    Wait /Choose a payment method/
    Enter
    Type "4000 0000 0000 0002"
    Tab
    Type "1234"
    Tab
    Type "123"
    Tab
    Type "Sam"
    Tab
    Enter
    Wait /declined/

    """

  func testExpectationsThatHoldPass() throws {
    let run = try run(
      declinedCard + """
        Expect event onError code=CARD_DECLINED errorMessage="The card was declined."
        Expect event onSubmit last4=0002
        Expect screen /Payment failed/
        Expect total "$49.99"
        Caption "ignored by play"
        """)
    XCTAssertEqual(run.outcome, .completed)
    XCTAssertTrue(run.passed)
    XCTAssertNil(run.failureReport)
  }

  func testAFailedExpectationReportsExpectedSeenScreenAndEvents() throws {
    let run = try run(declinedCard + "Expect@100ms event onError code=INSUFFICIENT_FUNDS\nEnter\n")
    XCTAssertFalse(run.passed)
    guard case .expectationFailed(let step, _, _) = run.outcome else { return XCTFail("\(run.outcome)") }
    XCTAssertEqual(step.line, 13, "the tape stops at the failed check")
    let report = try XCTUnwrap(run.failureReport)
    let lines = report.components(separatedBy: "\n")
    XCTAssertEqual(
      lines[0], "check.tape:13: Expect event onError code=INSUFFICIENT_FUNDS did not hold within 0.1 seconds")
    XCTAssertEqual(lines[1], "  expected: Expect event onError code=INSUFFICIENT_FUNDS")
    XCTAssertTrue(
      lines[2].hasPrefix("  seen:     1 onError event(s); the last: {\"event\":\"onError\""), lines[2])
    XCTAssertTrue(lines[2].contains("CARD_DECLINED"), lines[2])
    XCTAssertEqual(lines[3], "the screen:")
    XCTAssertTrue(report.contains("Your card was declined."), "the screen is in the report")
    XCTAssertTrue(report.contains("the last events:\n  {"), report)
    XCTAssertEqual(run.summary, "✘ check.tape:13 (1.23 s)")
    XCTAssertEqual(
      TapeRun.total([run, run], duration: .milliseconds(2_460)), "0 passed, 2 failed (2 tapes, 2.46 s)")

    let total = try self.run("Wait /Choose/\nExpect@50ms total \"$1.00\"\n")
    XCTAssertTrue(
      total.failureReport?.contains("  seen:     total \"$49.99\"") ?? false, total.failureReport ?? "")
  }

  func testJUnitXMLIsWellFormedWithOneCasePerTape() throws {
    let passed = try run("Wait /Choose/\nExpect total \"$49.99\"\n")
    let failed = try run("Wait /Choose/\nExpect@50ms screen /<Paid & \"done\">/\n")
    let xml = JUnitReport.xml([passed, failed])
    let document = try XMLDocument(xmlString: xml, options: [])
    let suite = try XCTUnwrap(document.rootElement()?.elements(forName: "testsuite").first)
    XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "2")
    XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "1")
    let cases = suite.elements(forName: "testcase")
    XCTAssertEqual(cases.count, 2)
    XCTAssertEqual(cases[0].attribute(forName: "name")?.stringValue, "check")
    XCTAssertEqual(cases[0].attribute(forName: "time")?.stringValue, "1.234")
    XCTAssertTrue(cases[0].elements(forName: "failure").isEmpty)
    let failure = try XCTUnwrap(cases[1].elements(forName: "failure").first)
    XCTAssertEqual(failure.attribute(forName: "type")?.stringValue, "ExpectationFailed")
    XCTAssertTrue(
      failure.stringValue?.contains("Expect screen /<Paid & \"done\">/") ?? false, "escaped and read back")
    XCTAssertEqual(
      failure.attribute(forName: "message")?.stringValue,
      "check.tape:2: Expect screen /<Paid & \"done\">/ did not hold within 0.05 seconds")
    XCTAssertEqual(
      JUnitElement.escaped("a\u{07}b\tc\n\r", quotes: true), "a?b&#9;c&#10;&#13;",
      "XML 1.0 has no bell; a tab and a newline in an attribute read back as themselves")
  }

  /// A match's real-time budget follows a step's timeout under a second, but never below 100 ms: the timeout
  /// is virtual in `play`, and a `Wait@0` on a regular expression must still match.
  func testAMatchBudgetIsTheStepsTimeoutBetweenATenthAndOneSecond() throws {
    XCTAssertEqual(TapeExpectation.matchBudget(waiting: .seconds(5)), .seconds(1))
    XCTAssertEqual(TapeExpectation.matchBudget(waiting: .milliseconds(200)), .milliseconds(200))
    XCTAssertEqual(TapeExpectation.matchBudget(waiting: .zero), .milliseconds(100))
    XCTAssertEqual(TapeExpectation.spoken(.milliseconds(200)), "200 ms")
    XCTAssertEqual(TapeExpectation.spoken(.seconds(1)), "1 s")
    let pattern = ScreenPattern("Pay[a-z]+ successful")
    XCTAssertTrue(
      try pattern.matches("… Payment successful …", budget: TapeExpectation.matchBudget(waiting: .zero)))
  }
}
