import Foundation
import TerminalUI
import XCTest

@testable import PayDrillCLI
@testable import PayDrillCommandLine
@testable import PayDrillTools

/// `paydrill check`: every problem of the broken corpus, with its file and its line or JSON path; the
/// shipped scenarios, themes and tapes are all fine.
final class CheckCommandTests: XCTestCase {
  static let broken = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/broken").path

  /// Each file of the corpus and the problems `check` must report for it (after `PATH: `).
  static let expected: [String: [String]] = [
    "truncated.json": [
      "not valid JSON (a control character inside a string (write it as an escape such as \\n) at line 5, column 39)"
    ],
    "wrong-type.json": ["at items[0].quantity: expected a whole number, found a string"],
    "negative-amount.json": ["at items[1].unitPrice: -5.00 is negative (expected an amount of zero or more)"],
    "unknown-currency.json": [
      "at transaction.currency: unknown currency \"XYZ\" (expected an ISO 4217 code such as USD, EUR, JPY)"
    ],
    "missing-merchant.json": ["at merchant: missing (this field is required)"],
    // drop-in-implementation.md, Configuration parameters: `merchantShopperId` is "Required at initialisation".
    "missing-shopper-id.json": [
      "at transaction.merchantShopperId: is required at initialisation (CheckoutDropInConfig.merchantShopperId)"
    ],
    // apple-pay-customisation.md, ApplePayButtonComponentConfig: `countryCode` is ISO 3166-1 alpha-2.
    "alpha-3-country.json": [
      "at applePay.countryCode: country \"USA\" is written US (ISO 3166-1 alpha-2 codes are two upper-case letters)"
    ],
    "invalid-utf8.json": ["at line 2: not UTF-8 text (a byte here is not UTF-8; save the file as UTF-8)"],
    // Issue 25: a scenario saved with a byte-order mark was "not valid JSON", without saying why.
    "byte-order-mark.json": ["at line 1: starts with a UTF-8 byte-order mark (BOM); save it without one"],
    "unknown-colour.json": [
      "at roles.title.fg: unknown colour \"chartreuse\" (expected \(TerminalColor.expectation))"
    ],
    "unknown-role.json": ["at roles.titel: unknown style role \"titel\" (expected one of normal, header,"],
    "colour-out-of-range.json": [
      "at roles.header.bg: colour index 300 is out of range (expected \(TerminalColor.expectation))"
    ],
    "neither.json": [
      "neither a scenario (with \"merchant\", \"items\", \"transaction\", \"session\") nor a theme (with \"roles\")"
    ],
    "list.json": ["at the top level: expected an object"],
    "notes.txt": ["unknown kind of file (expected .json for a scenario or a theme, .tape for a tape)"],
    "fractional-quantity.json": ["at items[0].quantity: expected a whole number, found 2.5"],
    "overflowing-quantity.json": [
      "at items[0].quantity: the number 99999999999999999999 is too large for a whole number field"
    ],
    "overflowing-amount.json": [
      "at items[0].unitPrice: 99999999999999999999999999999999.99 is too large (at most 1000000000000000 minor units)"
    ],
    "overflowing-total.json": [
      "at items[0]: the order total would be more than 1000000000000000 minor units, the most an amount can be"
    ],
    "total-above-the-limit.json": [
      "at items[1]: the order total would be more than 1000000000000000 minor units, the most an amount can be"
    ],
    "too-many-items.json": ["at items: a list of more than 1000 entries; PayDrill takes at most 1000"],
    "nested-65-levels.json": [
      "at line 1: objects and lists nested more than 64 levels deep (a scenario or theme needs fewer than 10)"
    ],
    "wrong-type-theme.json": ["at roles.title.bold: expected true or false, found a string"],
    "unknown-key.json": [
      "at gateway.latency.authorise.jitterPercnt: unknown key \"jitterPercnt\" (did you mean `jitterPercent`?)"
    ],
    "duplicate-key.json": [
      "at merchant: the key is written twice (lines 2 and 6); readers disagree on which value counts, so keep one"
    ],
    // Issue 28: what the program would refuse later, found by check. Choosing Apple Pay failed with a
    // configuration error that check did not see.
    "apple-pay-total-mismatch.json": [
      "at applePay.totalPaymentItem.amount: Configuration error: totalPaymentItem is 19.99 but the paymentItems "
        + "add up to 22.49 USD; choosing Apple Pay would fail with this configuration error (make the total the "
        + "sum of the items, or leave totalPaymentItem out)"
    ],
    // Issue 28: a coupon's misspelt `amountOff` was reported as "expected exactly one of …", not as the key.
    "coupon-unknown-key.json": [
      "at applePay.rules.coupons[0].amountOf: unknown key \"amountOf\" (did you mean `amountOff`?)"
    ],
    // Already refused before issue 28, proven here: a rule's unknown key, and an order written twice.
    "rule-unknown-key.json": [
      "at applePay.rules.taxRates[0].basisPoint: unknown key \"basisPoint\" (did you mean `basisPoints`?)"
    ],
    "order-written-twice.json": [
      "at items: the key is written twice (lines 4 and 5); readers disagree on which value counts, so keep one"
    ],
  ]

  /// The bad lines of `bad-commands.tape`, by line.
  static let badTapeLines: [(Int, String)] = [
    (3, "unknown command \"Jump\""),
    (4, "expected Type followed by quoted text"),
    (6, "expected a duration like 500ms or 2s (at most an hour), found \"soon\""),
    (7, "the regular expression /(unclosed/ is not valid"),
    (8, "expected Wait /regex/, found \"Paid\""),
    (9, "expected a repeat count from 1 to 1000 after Down, found \"x\""),
  ]

  func testEveryBrokenFileIsReportedWithItsPathInsideTheFile() {
    for (name, problems) in Self.expected {
      let path = Self.broken + "/" + name
      let report = CheckCommand.check(file: path)
      XCTAssertEqual(report.problems.count, problems.count, "\(name): \(report.problems)")
      for (found, wanted) in zip(report.problems, problems) {
        XCTAssertTrue(found.hasPrefix("\(path): \(wanted)"), "\(name): \(found)")
      }
    }
    XCTAssertEqual(CheckCommand.check(file: Self.broken + "/wrong-type.json").kind, .scenario)
    XCTAssertEqual(CheckCommand.check(file: Self.broken + "/unknown-colour.json").kind, .theme)
  }

  func testEveryBadLineOfATapeIsReported() {
    let path = Self.broken + "/bad-commands.tape"
    let report = CheckCommand.check(file: path)
    XCTAssertEqual(report.kind, .tape)
    XCTAssertEqual(report.problems.count, Self.badTapeLines.count, "\(report.problems)")
    for (found, (line, text)) in zip(report.problems, Self.badTapeLines) {
      XCTAssertTrue(found.hasPrefix("\(path):\(line): \(text)"), found)
    }
    let utf8 = CheckCommand.check(file: Self.broken + "/invalid-utf8.tape")
    XCTAssertEqual(
      utf8.problems,
      [
        "\(Self.broken)/invalid-utf8.tape:2: not UTF-8 text (a byte here is not UTF-8; save the file as UTF-8)"
      ])
  }

  /// A header option that `play` refuses (`--junit` is the command line's, not the tape's) is reported as
  /// `play` would report it.
  func testATapesHeaderIsCheckedAsPlayReadsIt() {
    let path = Self.broken + "/header-option.tape"
    let problems = CheckCommand.check(file: path).problems
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(
      problems.first?.hasPrefix("\(path): header: a tape's header does not take --junit (it takes") ?? false,
      "\(problems)")
  }

  func testATruncatedTapeAndATapeOfManyBadLines() throws {
    let truncated = CheckCommand.check(file: Self.broken + "/truncated.tape")
    XCTAssertEqual(truncated.problems.count, 1, "\(truncated.problems)")
    XCTAssertTrue(truncated.problems.first?.contains("truncated.tape:2: expected Type") ?? false)
    let many = FileManager.default.temporaryDirectory.appendingPathComponent("many-\(UUID().uuidString).tape")
    defer { try? FileManager.default.removeItem(at: many) }
    try String(repeating: "Jump\n", count: 500).write(to: many, atomically: true, encoding: .utf8)
    let problems = CheckCommand.check(file: many.path).problems
    XCTAssertEqual(problems.count, CheckCommand.maximumProblemsPerFile + 1)
    XCTAssertEqual(problems.last, "\(many.path): 480 more bad lines not shown")
  }

  func testScanGoesOnPastBadLinesAndKeepsTheGoodOnes() {
    let (tape, problems) = Tape.scan("Enter\nJump\nDown 2\nWait /(/\nTab", file: "t.tape")
    XCTAssertEqual(tape.steps.map(\.line), [1, 3, 5])
    XCTAssertEqual(problems.map(\.line), [2, 4])
    XCTAssertThrowsError(try Tape.parse("Enter\nJump\nWait /(/", file: "t.tape")) { error in
      XCTAssertEqual((error as? TapeError)?.line, 2, "parse still throws the first")
    }
  }

  func testAFolderStandsForItsFilesAndAMissingFileIsAProblem() {
    let reports = CheckCommand.check([Self.broken, "/nonexistent/x.tape"])
    let names = reports.map { URL(fileURLWithPath: $0.file).lastPathComponent }
    let checked =
      Self.expected.keys.filter { $0.hasSuffix(".json") } + [
        "bad-commands.tape", "header-option.tape", "invalid-utf8.tape", "truncated.tape",
      ]
    XCTAssertEqual(names, checked.sorted() + ["x.tape"], "notes.txt is not a kind check knows")
    XCTAssertTrue(reports.allSatisfy { !$0.isOK })
    XCTAssertEqual(reports.last?.problems, ["/nonexistent/x.tape: no such file"])
  }

  func testTheShippedScenariosThemesAndTapesAreAllFine() {
    let root = TapeTests.root.path
    let reports = CheckCommand.check(["Scenarios", "Themes", "Tapes"].map { root + "/" + $0 })
    XCTAssertGreaterThan(reports.count, 20)
    for report in reports { XCTAssertEqual(report.problems, [], report.file) }
    XCTAssertEqual(reports.filter { $0.kind == .theme }.count, 3)
    XCTAssertEqual(reports.filter { $0.kind == .scenario }.count, 10)
  }

  func testTheCommandLineTakesCheckWithFiles() throws {
    XCTAssertEqual(
      try CommandLineOptions.parse(["check", "a.json", "b.tape"]).command,
      .check(files: ["a.json", "b.tape"]))
    XCTAssertThrowsError(try CommandLineOptions.parse(["check"]))
    let options = try CommandLineOptions.parse([
      "play", "t.tape", "--screens", "out", "--screenshot-dir", "s",
    ])
    XCTAssertEqual(options.screensFolder, "out")
    XCTAssertEqual(options.screenshotFolder, "s")
  }
}
