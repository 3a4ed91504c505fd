import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop
@testable import PayDrillTools

final class TapeTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "../.."
  )
  .standardized

  func testParsesEveryCommand() throws {
    let tape = try Tape.parse(
      """
      # comment
      Output demo.gif
      Set FontSize 22
      Type "4242 \\"x\\""
      Enter
      Down 3
      Shift+Tab
      Ctrl+C
      Sleep 250ms
      Sleep 2
      Wait /Paid/
      Wait@3s /a|b/
      Wait+Screen /x/ @500ms
      """, file: "t.tape")
    XCTAssertEqual(
      tape.steps.map(\.command),
      [
        .type("4242 \"x\""), .press(.enter, count: 1), .press(.down, count: 3), .press(.backTab, count: 1),
        .press(.interrupt, count: 1), .sleep(.milliseconds(250)), .sleep(.seconds(2)),
        .wait(pattern: "Paid", timeout: .seconds(15)), .wait(pattern: "a|b", timeout: .seconds(3)),
        .wait(pattern: "x", timeout: .milliseconds(500)),
      ])
    XCTAssertEqual(tape.steps.first?.line, 4)
  }

  func testBadTapesNameTheLine() {
    let cases: [(String, Int, String)] = [
      ("Enter\nJump", 2, "unknown command \"Jump\""),
      ("Type 4242", 1, "quoted text"),
      ("\n\nSleep soon", 3, "a duration"),
      ("Wait Paid", 1, "Wait /regex/"),
      ("Wait /(/", 1, "not valid"),
      ("Down x", 1, "repeat count"),
    ]
    for (text, line, message) in cases {
      XCTAssertThrowsError(try Tape.parse(text, file: "bad.tape"), text) { error in
        guard let error = error as? TapeError else { return XCTFail("\(error)") }
        XCTAssertEqual(error.line, line, text)
        XCTAssertTrue(error.description.hasPrefix("bad.tape:\(line): "), error.description)
        XCTAssertTrue(error.problem.contains(message), error.problem)
      }
    }
  }

  /// Found by the fuzzer: a tape saved with Windows line endings (CR LF) was read as one line, since Swift
  /// holds CR LF as one Character; it reads as the same tape, with the same line numbers.
  func testATapeWithWindowsLineEndingsReadsLikeOneWithout() throws {
    let text = "# paydrill: --scenario tokyo-yen\nType \"4242\"\nEnter\n\nWait /Paid/\n"
    let unix = try Tape.parse(text, file: "t.tape")
    let windows = try Tape.parse(text.replacingOccurrences(of: "\n", with: "\r\n"), file: "t.tape")
    XCTAssertEqual(windows, unix)
    XCTAssertEqual(windows.steps.map(\.line), [2, 3, 5])
    XCTAssertEqual(windows.headerArguments, ["--scenario", "tokyo-yen"])
    XCTAssertThrowsError(try Tape.parse("Enter\r\nJump\r\n", file: "t.tape")) { error in
      XCTAssertEqual((error as? TapeError)?.line, 2)
    }
  }

  /// Hardening: `Down 1000` on each of 100,000 lines played for minutes; a tape presses at most
  /// `Tape.maximumKeys` keys in all, refused at the line that passes it (typed characters count).
  func testATapeThatPressesTooManyKeysIsRefusedAtTheLineThatPassesTheLimit() throws {
    let limit = Tape.maximumKeys
    let fits = String(repeating: "Down 1000\n", count: limit / 1000)
    XCTAssertEqual(try Tape.parse(fits, file: "t.tape").steps.count, limit / 1000, "exactly the limit plays")
    XCTAssertThrowsError(try Tape.parse(fits + "Type \"x\"\nEnter", file: "t.tape")) { error in
      guard let error = error as? TapeError else { return XCTFail("\(error)") }
      XCTAssertEqual(error.line, limit / 1000 + 1)
      XCTAssertTrue(error.problem.contains("more than 100000 keys"), error.problem)
    }
    let huge = String(repeating: "Down 1000\n", count: 100_000)
    let scanned = Tape.scan(huge, file: "huge.tape")
    XCTAssertEqual(scanned.problems.count, 1, "one problem, not one a line past the limit")
    XCTAssertEqual(scanned.problems.first?.line, limit / 1000 + 1)
  }

  private func play(_ name: String, latency: Int = 20) throws -> (TapePlayer.Outcome, CheckoutRuntime) {
    let tape = try Tape.load(path: Self.root.appendingPathComponent("Tapes/\(name)").path)
    let runtime = CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 100, rows: 32), latencyMilliseconds: latency)
    return (TapePlayer(runtime: runtime).play(tape), runtime)
  }

  func testVisaTapePays() throws {
    let (outcome, runtime) = try play("pay-with-visa.tape")
    XCTAssertEqual(outcome, .completed)
    XCTAssertTrue(runtime.render().text.contains("Payment successful"))
    XCTAssertEqual(
      runtime.model.checkout.events.map(\.name).filter(\.isMerchantCallback),
      [.onBeforeSubmit, .onSubmit, .onSuccess])
    XCTAssertEqual(
      runtime.model.checkout.events.first?.name, .methodStateChanged, "create() prepares Apple Pay first")
  }

  func testDeclineTapeShowsTheShopperMessage() throws {
    let (outcome, runtime) = try play("declined-card.tape")
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(runtime.model.checkout.events.last?["errorCode"], .string("CARD_DECLINED"))
  }

  func testFieldErrorsTape() throws {
    let (outcome, runtime) = try play("field-errors.tape")
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(runtime.model.checkout.cardForm.errors.count, 4)
    XCTAssertTrue(runtime.model.checkout.events.filter(\.name.isMerchantCallback).isEmpty)
  }

  func testWaitThatNeverMatchesTimesOutWithTheScreen() throws {
    let runtime = CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 80, rows: 24), latencyMilliseconds: 0)
    let tape = try Tape.parse("Enter\nWait@50ms /Payment successful/", file: "t.tape")
    guard case .waitTimedOut(let step, let screen) = TapePlayer(runtime: runtime).play(tape) else {
      return XCTFail("expected a time-out")
    }
    XCTAssertEqual(step.line, 2)
    XCTAssertTrue(screen.contains("Card number"))
  }
}
