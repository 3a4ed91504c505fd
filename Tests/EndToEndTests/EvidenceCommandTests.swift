import Foundation
import XCTest

/// Screenshot bundles and `paydrill check` through the real binary.
final class EvidenceCommandTests: XCTestCase {
  private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "paydrill-evidence-\(UUID().uuidString)")
  private let broken = "Tests/PayDrillAppTests/Fixtures/broken"

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private func files(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  func testPlayWithScreensSavesABundleAfterEveryWaitAndAtTheEnd() throws {
    let shots = folder.appendingPathComponent("shots")
    let result = try PayDrillBinary.run([
      "play", "Tapes/pay-with-visa.tape", "--latency", "20", "--screens", shots.path,
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    let names = try files(in: shots)
    XCTAssertEqual(names.count, 36, "six bundles of six files (two Waits, three Expects, the end): \(names)")
    let stems = Set(names.map { String($0.prefix { $0 != "." }) })
    let pattern = try NSRegularExpression(pattern: #"^paydrill-\d{8}-\d{6}-step0(\d)-(.+)$"#)
    let tails = stems.compactMap { stem -> String? in
      guard let match = pattern.firstMatch(in: stem, range: NSRange(stem.startIndex..., in: stem)) else {
        return nil
      }
      let text = stem as NSString
      return text.substring(with: match.range(at: 1)) + " " + text.substring(with: match.range(at: 2))
    }
    XCTAssertEqual(
      tails.sorted(),
      [
        "1 line3-method-list", "2 line15-paid", "3 line17-paid", "4 line18-paid", "5 line19-paid",
        "6 end-paid",
      ],
      "\(stems)")
    let paid = try XCTUnwrap(names.first { $0.contains("step02") && $0.hasSuffix(".txt") })
    let text = try String(contentsOf: shots.appendingPathComponent(paid), encoding: .utf8)
    XCTAssertTrue(text.contains("Payment successful"))
    let ansi = try String(
      contentsOf: shots.appendingPathComponent(paid.replacingOccurrences(of: ".txt", with: ".ans")),
      encoding: .utf8)
    XCTAssertTrue(ansi.contains("\u{1B}[0;1;97;48;5;24m PayDrill"), "the dark theme's header")
    let events = try String(
      contentsOf: shots.appendingPathComponent(paid.replacingOccurrences(of: ".txt", with: ".events.jsonl")),
      encoding: .utf8)
    XCTAssertTrue(events.contains("\"event\":\"onSuccess\""))
    for name in names {
      let contents = try String(contentsOf: shots.appendingPathComponent(name), encoding: .utf8)
      XCTAssertFalse(contents.contains("4242424242424242"), name)
      XCTAssertFalse(contents.contains("4242 4242 4242 4242"), name)
      XCTAssertFalse(
        contents.contains("904bc42395d4af634e2fd48ee8c2c7f52955a1da97a3aa3d82957ff12980a7bb"), name)
    }
  }

  /// Issue 28: a `--screens` folder that cannot be made was found after the tape had run. It is refused
  /// before the tape runs (exit 2, naming the folder and why), so nothing else is written either.
  func testPlayWithAScreensFolderThatCannotBeMadeExitsTwoBeforeTheTapeRuns() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let blocker = folder.appendingPathComponent("blocker")
    try Data().write(to: blocker)
    let screen = folder.appendingPathComponent("screen.txt")
    let result = try PayDrillBinary.run([
      "play", "Tapes/declined-card.tape", "--latency", "0", "--screens", blocker.path + "/shots", "--screen",
      screen.path,
    ])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(
      result.standardError,
      "paydrill: \(blocker.path)/shots: cannot be written (\(blocker.path) is not a folder)\n")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: screen.path), "no tape ran: --screen is not written")
  }

  func testCheckReportsEveryProblemOfTheBrokenCorpus() throws {
    let result = try PayDrillBinary.run(["check", broken, "\(broken)/notes.txt", "missing.tape"])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.standardOutput, "", "no file of the corpus is fine")
    let lines = result.standardError.split(separator: "\n").map(String.init)
    let expected = [
      "\(broken)/alpha-3-country.json: at applePay.countryCode: country \"USA\" is written US",
      "\(broken)/apple-pay-total-mismatch.json: at applePay.totalPaymentItem.amount: Configuration error: totalPaymentItem is 19.99 but the paymentItems add up to 22.49 USD",
      "\(broken)/bad-commands.tape:3: unknown command \"Jump\"",
      "\(broken)/bad-commands.tape:4: expected Type followed by quoted text",
      "\(broken)/bad-commands.tape:6: expected a duration like 500ms or 2s (at most an hour), found \"soon\"",
      "\(broken)/bad-commands.tape:7: the regular expression /(unclosed/ is not valid",
      "\(broken)/bad-commands.tape:8: expected Wait /regex/, found \"Paid\"",
      "\(broken)/bad-commands.tape:9: expected a repeat count from 1 to 1000 after Down, found \"x\"",
      "\(broken)/byte-order-mark.json: at line 1: starts with a UTF-8 byte-order mark (BOM); save it without one",
      "\(broken)/colour-out-of-range.json: at roles.header.bg: colour index 300 is out of range",
      "\(broken)/coupon-unknown-key.json: at applePay.rules.coupons[0].amountOf: unknown key \"amountOf\" (did you mean `amountOff`?)",
      "\(broken)/duplicate-key.json: at merchant: the key is written twice (lines 2 and 6)",
      "\(broken)/fractional-quantity.json: at items[0].quantity: expected a whole number, found 2.5",
      "\(broken)/header-option.tape: header: a tape's header does not take --junit",
      "\(broken)/invalid-utf8.json: at line 2: not UTF-8 text",
      "\(broken)/invalid-utf8.tape:2: not UTF-8 text",
      "\(broken)/list.json: at the top level: expected an object",
      "\(broken)/missing-merchant.json: at merchant: missing (this field is required)",
      "\(broken)/missing-shopper-id.json: at transaction.merchantShopperId: is required at initialisation",
      "\(broken)/negative-amount.json: at items[1].unitPrice: -5.00 is negative",
      "\(broken)/neither.json: neither a scenario",
      "\(broken)/nested-65-levels.json: at line 1: objects and lists nested more than 64 levels deep",
      "\(broken)/order-written-twice.json: at items: the key is written twice (lines 4 and 5)",
      "\(broken)/overflowing-amount.json: at items[0].unitPrice: 99999999999999999999999999999999.99 is too large",
      "\(broken)/overflowing-quantity.json: at items[0].quantity: the number 99999999999999999999 is too large",
      "\(broken)/overflowing-total.json: at items[0]: the order total would be more than 1000000000000000 minor units",
      "\(broken)/rule-unknown-key.json: at applePay.rules.taxRates[0].basisPoint: unknown key \"basisPoint\" (did you mean `basisPoints`?)",
      "\(broken)/too-many-items.json: at items: a list of more than 1000 entries; PayDrill takes at most 1000",
      "\(broken)/total-above-the-limit.json: at items[1]: the order total would be more than 1000000000000000",
      "\(broken)/truncated.json: not valid JSON (a control character inside a string (write it as an escape such as \\n) at line 5, column 39)",
      "\(broken)/truncated.tape:2: expected Type followed by quoted text",
      "\(broken)/unknown-colour.json: at roles.title.fg: unknown colour \"chartreuse\"",
      "\(broken)/unknown-currency.json: at transaction.currency: unknown currency \"XYZ\"",
      "\(broken)/unknown-key.json: at gateway.latency.authorise.jitterPercnt: unknown key \"jitterPercnt\" (did you mean `jitterPercent`?)",
      "\(broken)/unknown-role.json: at roles.titel: unknown style role \"titel\"",
      "\(broken)/wrong-type-theme.json: at roles.title.bold: expected true or false, found a string",
      "\(broken)/wrong-type.json: at items[0].quantity: expected a whole number, found a string",
      "\(broken)/notes.txt: unknown kind of file",
      "missing.tape: no such file",
      "paydrill: 39 problems in 34 of 34 files",
    ]
    XCTAssertEqual(lines.count, expected.count, result.standardError)
    for (line, start) in zip(lines, expected) {
      XCTAssertTrue(line.hasPrefix(start), "\(line)\n  expected to start with \(start)")
    }
  }

  func testCheckPassesEveryShippedFile() throws {
    let result = try PayDrillBinary.run(["check", "Scenarios", "Themes", "Tapes/pay-with-visa.tape"])
    XCTAssertEqual(result.status, 0, result.standardError)
    let lines = result.standardOutput.split(separator: "\n")
    XCTAssertEqual(lines.first, "Scenarios/acme-electronics.json: ok (scenario)")
    XCTAssertTrue(lines.contains("Themes/light.json: ok (theme)"))
    XCTAssertEqual(lines.last, "Tapes/pay-with-visa.tape: ok (tape)")
    XCTAssertEqual(result.standardError, "")
  }

  func testTheScreenshotKeySavesABundleInTheRealTerminal() throws {
    try TmuxSession.requireTmux()
    let shots = folder.appendingPathComponent("tui")
    let binary = try PayDrillBinary.path()
    let session = try TmuxSession(command: "\(binary) --screenshot-dir \(shots.path); echo DONE; sleep 30")
    try session.waitFor("Choose a payment method")
    try session.press("s")
    let screen = try session.waitFor("Screenshot saved: ")
    XCTAssertTrue(screen.contains(shots.path), screen)
    let names = try files(in: shots)
    XCTAssertEqual(names.count, 6, "\(names)")
    XCTAssertTrue(names.allSatisfy { $0.contains("-step01-method-list.") }, "\(names)")
    let text = try String(
      contentsOf: shots.appendingPathComponent(try XCTUnwrap(names.first { $0.hasSuffix(".txt") })),
      encoding: .utf8)
    XCTAssertTrue(text.contains("Choose a payment method"))
    try session.press("Down")
    try session.waitFor("? all keys")
    try session.press("q")
    try session.waitFor("DONE")
  }
}
