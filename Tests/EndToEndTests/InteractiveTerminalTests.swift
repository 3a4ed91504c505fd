import Foundation
import XCTest

/// The real binary in a real terminal (tmux): keys in, screen out, and the terminal given back intact.
final class InteractiveTerminalTests: TerminalTestCase {
  private func wrapped(_ arguments: String) throws -> String { try terminal.wrapped(arguments) }

  private func assertTerminalRestored(file: StaticString = #filePath, line: UInt = #line) throws {
    try terminal.assertRestored(file: file, line: line)
  }

  private func pay(in session: TmuxSession, number: String, name: String) throws {
    try RestoredTerminal.pay(in: session, number: number, name: name)
  }

  /// A checkout in tmux, paid by card from the method list with `number`.
  private func session(payingWith number: String, arguments: String) throws -> TmuxSession {
    let session = try TmuxSession(command: try wrapped(arguments))
    try session.waitFor("Choose a payment method")
    try session.press("Enter")
    try session.waitFor("Card number")
    try pay(in: session, number: number, name: "Jane Doe")
    return session
  }

  func testPaysWithTheVisaTestCardThenCtrlCRestoresTheTerminal() throws {
    let events = folder.appendingPathComponent("events.jsonl").path
    let session = try session(
      payingWith: "4242 4242 4242 4242", arguments: "--latency 200 --events \(events)")
    let screen = try session.waitFor("Payment successful")
    XCTAssertTrue(screen.contains("systemTransactionId"))
    XCTAssertTrue(screen.contains("onSuccess card"))
    XCTAssertFalse(
      screen.contains("4242 4242 4242 4242"), "the full number never stays on screen after paying")
    try session.press("C-c")
    let done = try session.waitFor("DONE status=")
    XCTAssertTrue(done.contains("DONE status=0"), done)
    try assertTerminalRestored()
    let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(
      lines.compactMap { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
      }.filter { $0.hasPrefix("on") }, ["onBeforeSubmit", "onSubmit", "onSuccess"])
    XCTAssertFalse(lines.joined().contains("4242424242424242"))
  }

  func testTheEventPaneScrollsAndOpensAnEventWhole() throws {
    let session = try session(payingWith: "4242 4242 4242 4242", arguments: "--latency 0")
    try session.waitFor("Payment successful")
    try session.press("v")
    try session.waitFor("Enter open")
    try session.press("Home", "Enter")
    // The collapsed pane shows neither the sequence number nor the date: the inspector shows every field.
    let screen = try session.waitFor("\"seq\": 1,")
    XCTAssertTrue(screen.contains("Event 1 of"), screen)
    XCTAssertTrue(screen.contains("\"time\": \"20"), "the date, which the pane leaves out: \(screen)")
    // → walks to the next event; back in the list, End and Enter open the newest: the payment's onSuccess.
    try session.press("Right")
    try session.waitFor("\"seq\": 2,")
    try session.press("Escape", "End", "Enter")
    try session.waitFor("\"event\": \"onSuccess\"")
    try session.press("Escape", "Escape")
    try session.waitFor("v browse")
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  /// A long session: the pane follows the newest of 200-odd events, walks back to the first, pages through
  /// them, and opens one far from both ends to read a field the collapsed pane does not show.
  func testThePaneBrowsesTwoHundredEvents() throws {
    let session = try TmuxSession(command: try wrapped("--latency 0"))
    try session.waitFor("Choose a payment method")
    // Each opening and cancelling of the Apple Pay sheet fires six events.
    for _ in 0..<34 { try session.press("3", "Escape") }
    let screen = try session.waitFor("Events (207)")
    XCTAssertTrue(screen.contains("onCancel"), "the pane follows the newest: \(screen)")
    try session.press("v", "Home")
    // The first event on top, as many after it as fit, and how many newer ones are hidden.
    let top = try session.waitFor(" new ↓")
    XCTAssertTrue(top.contains("methodStateChanged"), top)
    try session.press("PageDown", "PageDown", "PageDown", "PageDown", "Down")
    try session.press("Enter")
    // The collapsed pane shows neither the sequence number nor the date.
    let opened = try session.waitFor("\"seq\": 42,")
    XCTAssertTrue(opened.contains("Event 42 of 207"), opened)
    XCTAssertTrue(opened.contains("\"time\": \"20"), opened)
    try session.press("Escape", "End", "Enter")
    try session.waitFor("Event 207 of 207")
    try session.press("Escape", "Escape")
    try session.waitFor("v to browse")
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  func testApplePayWithACouponAndFaceID() throws {
    let session = try TmuxSession(command: try wrapped("--latency 100"))
    try session.waitFor("Buy with Apple Pay")  // prepare() has answered: the button shows
    try session.press("3")
    try session.waitFor("Pay with Face ID")
    try session.press("Up", "Enter")
    try session.type("SAVE10")
    try session.press("Enter")
    try session.waitFor("Discount (SAVE10)")
    try session.press("Down", "Enter")
    try session.waitFor("Confirm with Face ID")
    try session.press("Enter")
    let screen = try session.waitFor("Payment successful")
    XCTAssertTrue(screen.contains("Apple Pay              Visa ••••5556"), screen)
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  func testButtonGalleryStepsThroughTypesAndStyles() throws {
    let session = try TmuxSession(command: try wrapped("buttons --type donate --radius 0"))
    try session.waitFor("Donate with Apple Pay")
    XCTAssertTrue(try session.capture().contains("┌"), "radius 0 draws square corners")
    try session.press("Right")
    try session.waitFor("type .checkout")
    try session.press("Down", "+", "+")
    let screen = try session.waitFor("config.buttonRadius = 2.0")
    XCTAssertTrue(screen.contains("config.buttonStyle = .white"), screen)
    XCTAssertTrue(screen.contains("╭"), "rounded from 2 points")
    try session.press("q")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  func testThreeDSecureChallengeWithTheOneTimeCode() throws {
    let session = try session(payingWith: "4000000000003220", arguments: "--latency 50")
    try session.waitFor("one-time code")
    try session.type("1234")
    try session.press("Enter")
    let screen = try session.waitFor("Payment successful")
    XCTAssertTrue(screen.contains("threeDSecure"), screen)
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  func testDeclinedCardShowsTheSeedMessage() throws {
    let session = try TmuxSession(command: try wrapped("--latency 0"))
    try session.waitFor("Choose a payment method")
    try session.press("1")
    try session.waitFor("Card number")
    try pay(in: session, number: "4000000000000002", name: "Sam")
    try session.waitFor("Your card was declined. Please try another payment")
    try session.press("Right", "Enter")
    try session.waitFor("Choose a payment method")
    try session.press("q")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  func testTheExampleGatewayPluginAnswersThePayment() throws {
    let plugin = PayDrillBinary.packageRoot.appendingPathComponent("Examples/gateway-plugin.py").path
    try PayDrillBinary.requirePython()
    let events = folder.appendingPathComponent("events.jsonl").path
    let session = try TmuxSession(
      command: try wrapped("--gateway-plugin 'python3 \(plugin)' --events \(events)"))
    try session.waitFor("Choose a payment method")
    try session.press("Enter")
    try session.waitFor("Card number")
    try pay(in: session, number: "4242 4242 4242 4242", name: "Jane Doe")
    try session.waitFor("Payment successful")
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    let success = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
      .first { $0.contains(#""event":"onSuccess""#) }
    XCTAssertTrue(
      success?.contains(#""resultCode":"Authorised""#) ?? false, "the plugin's code: \(success ?? "")")
    try assertTerminalRestored()
  }

  func testTheExampleMerchantHookPricesTheSheetAndTakesACoupon() throws {
    let hook = PayDrillBinary.packageRoot.appendingPathComponent("Examples/merchant-hook.py").path
    try PayDrillBinary.requirePython()
    let events = folder.appendingPathComponent("events.jsonl").path
    let session = try TmuxSession(
      command: try wrapped("--latency 50 --merchant-hook 'python3 \(hook)' --events \(events)"))
    try session.waitFor("Buy with Apple Pay")
    try session.press("3")
    try session.waitFor("Pay with Face ID")
    try session.press("Up", "Enter")
    try session.type("hook20")
    try session.press("Enter")
    // Cupertino: 49.99 + free shipping + 7.25 % tax (3.62) - 20 % (10.00), all from the hook.
    let sheet = try session.waitFor("Discount (HOOK20)")
    XCTAssertTrue(sheet.contains("$43.61"), sheet)
    try session.press("Down", "Enter")
    try session.waitFor("Confirm with Face ID")
    try session.press("Enter")
    try session.waitFor("Payment successful")
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
    let preAuthorisation = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
      .first { $0.contains(#""event":"onPreAuthorisation""#) }
    XCTAssertTrue(
      preAuthorisation?.contains(#""addressVerification.postalCode":"95014-2083""#) ?? false,
      "the hook's AVS data: \(preAuthorisation ?? "")")
  }

  func testACrashingPluginGivesAClearErrorAndTheCheckoutStaysUsable() throws {
    let plugin = folder.appendingPathComponent("crashing-plugin.sh")
    try "read line; echo 'the backend mock fell over' >&2; exit 3\n".write(
      to: plugin, atomically: true, encoding: .utf8)
    let session = try TmuxSession(command: try wrapped("--gateway-plugin 'sh \(plugin.path)'"))
    try session.waitFor("Choose a payment method")
    try session.press("1")
    try session.waitFor("Card number")
    try pay(in: session, number: "4242 4242 4242 4242", name: "Jane Doe")
    let screen = try session.waitFor("PLUGIN_CRASHED")
    XCTAssertTrue(screen.contains("Payment failed"), screen)
    try session.press("Enter")  // Try again: the form, then the plugin is started again (and crashes again)
    try session.waitFor("Card number")
    try session.press("Enter")  // the form is still valid: the focus is back on Pay
    try session.waitFor("Try again")
    try session.press("Right", "Enter")
    try session.waitFor("Choose a payment method")
    try session.press("q")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  /// Issue 28: a recorded tape reads like one written by hand (one `Type` per field, no `Sleep`, a `Wait`
  /// for each new screen, `Expect` checks of the outcome), and replays and passes at another latency.
  func testARecordedSessionReadsLikeAHandWrittenTapeAndPassesAtAnotherLatency() throws {
    let tape = folder.appendingPathComponent("recorded.tape").path
    let events = folder.appendingPathComponent("live.jsonl").path
    let session = try TmuxSession(
      command: try wrapped("record \(tape) --scenario harbour-books --latency 0 --seed 3 --events \(events)"))
    let first = try session.waitFor("Choose a payment method")
    XCTAssertTrue(first.contains("● REC 0:0"), "the header says it records, with the time: \(first)")
    try session.waitFor("● REC 0:02", timeout: 10)
    try session.press("Enter")
    try session.waitFor("Card number")
    try session.type("4242 4242 4242 4242")
    try session.press("Tab")
    try session.type("1234")
    try session.press("Tab")
    try session.type("123")
    try session.press("Tab")
    try session.type("Ada \"the\" Lovelace")
    try session.press("Tab")
    try session.type("sw1a 1aa")
    try session.press("Tab", "Enter")
    try session.waitFor("Payment successful")
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()

    let recorded = try String(contentsOfFile: tape, encoding: .utf8)
    XCTAssertTrue(
      recorded.hasPrefix(
        "# paydrill: --scenario harbour-books --theme dark --size 100x32 --seed 3 --clock-start "),
      recorded)
    XCTAssertFalse(recorded.contains("Sleep"), "no pause kept: waits stand for the time \(recorded)")
    XCTAssertTrue(recorded.contains("\nWait /─ Checkout ─/\n"), recorded)
    for line in [
      "Enter\nWait /─ Card ─/\n",
      "\nType \"4242 4242 4242 4242\"\nTab\nType \"1234\"\nTab\nType \"000\"\nTab\n",
      "\nType \"Ada \\\"the\\\" Lovelace\"\nTab\nType \"sw1a 1aa\"\nTab\nEnter\n",
      "\nWait /─ Paid ─/\nExpect screen /Payment successful/\nExpect event onSuccess\n",
    ] {
      XCTAssertTrue(recorded.contains(line), "\(line) in:\n\(recorded)")
    }
    XCTAssertTrue(recorded.contains("\nExpect total \""), recorded)
    XCTAssertFalse(recorded.contains("Ctrl+C"), "the key that quit is not recorded")

    // Replayed headlessly at the recorded latency and at much slower ones: every wait and check holds.
    let screen = folder.appendingPathComponent("replayed.txt").path
    for latency in ["0", "1500", "6000"] {
      let replay = try PayDrillBinary.run([
        "play", tape, "--no-ledger", "--latency", latency, "--screen", screen,
      ])
      XCTAssertEqual(replay.status, 0, "--latency \(latency): \(replay.standardError)\n\(recorded)")
      XCTAssertTrue(try String(contentsOfFile: screen, encoding: .utf8).contains("Payment successful"))
    }
    let smaller = try PayDrillBinary.run(["play", tape, "--no-ledger", "--size", "80x24", "--screen", screen])
    XCTAssertEqual(smaller.status, 0, "a tape recorded at 100x32 replays at 80x24")
  }

  /// Issue 25: `record` wrote the typed card number and security code into the tape. A card that is not a
  /// test card is withheld from its first digit that does not begin one (•), a security code is written as
  /// zeros, and `play` refuses the tape with a message saying what to type there.
  func testARecordingKeepsNoCardAShopperTypedAndPlaySaysSo() throws {
    let tape = folder.appendingPathComponent("private.tape").path
    let session = try TmuxSession(command: try wrapped("record \(tape) --latency 0 --no-ledger"))
    try session.waitFor("Choose a payment method")
    try session.press("Enter")
    try session.waitFor("Card number")
    try RestoredTerminal.pay(in: session, number: "4532 0151 1283 0366", name: "Ada Lovelace")
    try session.waitFor("Payment successful")
    try session.press("C-c")
    try session.waitFor("DONE status=0")

    let recorded = try String(contentsOfFile: tape, encoding: .utf8)
    let typed = recorded.split(separator: "\n").filter { $0.hasPrefix("Type ") }
      .map { String($0.dropFirst(6).dropLast()) }.joined()
    XCTAssertTrue(typed.hasPrefix("4••• •••• •••• ••••"), "from its 5 on, it begins no test card: \(typed)")
    XCTAssertFalse(typed.contains("0366"), recorded)
    XCTAssertTrue(
      typed.contains("1234000Ada Lovelace"), "the expiry, zeros for the code 123, the name: \(typed)")
    XCTAssertTrue(recorded.contains("\n# record withheld a card number"), recorded)
    let replay = try PayDrillBinary.run(["play", tape, "--no-ledger"])
    XCTAssertEqual(replay.status, 2, replay.standardError)
    XCTAssertTrue(replay.standardError.contains("record withheld this card number"), replay.standardError)
  }

  func testDemoPlaysATapeHandsFreeWithCaptions() throws {
    let tape = PayDrillBinary.packageRoot.appendingPathComponent("Tapes/coupon-demo.tape").path
    let session = try TmuxSession(
      command: try wrapped("demo \(tape) --typing-speed 5 --pause-scale 0.1 --latency 0 --zoom"))
    try session.waitFor("Now the shopper applies a coupon", timeout: 30)
    let end = try session.waitFor("End of the tape", timeout: 30)
    XCTAssertTrue(end.contains("Paid: every callback is in the event pane"), end)
    XCTAssertTrue(end.contains("Payment successful"), end)
    XCTAssertFalse(end.contains("Events ("), "zoomed: the checkout alone")
    try session.press("q")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  func testDemoPausesWithSpace() throws {
    let tape = PayDrillBinary.packageRoot.appendingPathComponent("Tapes/coupon-demo.tape").path
    let session = try TmuxSession(command: try wrapped("demo \(tape) --latency 0"))
    try session.waitFor("Acme Electronics: one pair of headphones")
    try session.press("Space")
    try session.waitFor("Paused")
    try session.press("Right", "Right")  // two beats, one at a time
    try session.press("C-c")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  func testAMouseClickChoosesAMethod() throws {
    let session = try TmuxSession(command: try wrapped("--latency 0 --no-ledger"))
    try session.waitFor("Choose a payment method")
    // An xterm mouse report (ESC [ M, then button, column and row, each plus 32, 1-based): a press of the
    // first button on the PayPal row (column 6, row 10 of the screen).
    try session.type("\u{1B}[M \u{26}\u{2A}")
    try session.waitFor("paypal.com")
    try session.press("Escape")
    try session.waitFor("Choose a payment method")
    try session.press("q")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }

  /// Sends a signal to the paydrill running in the session; returns the status the shell saw.
  private func send(_ signal: String, to session: TmuxSession) throws -> String {
    try session.waitFor("Choose a payment method")
    try TmuxSession.shell(["kill", "-\(signal)", try RestoredTerminal.paydrillPID(in: session)])
    return try session.waitFor("DONE status=")
  }

  func testSigtermGivesTheTerminalBack() throws {
    let done = try send("TERM", to: try TmuxSession(command: try wrapped("")))
    XCTAssertTrue(done.contains("DONE status=143"), done)
    try assertTerminalRestored()
  }

  /// A Swift trap (fatalError, a failed precondition) arrives as SIGILL: the terminal must still come back.
  func testACrashGivesTheTerminalBack() throws {
    let done = try send("ILL", to: try TmuxSession(command: try wrapped("")))
    XCTAssertTrue(done.contains("DONE status=132"), done)
    try assertTerminalRestored()
  }

  func testTooSmallTerminalAsksForMoreAndRecoversOnResize() throws {
    let session = try TmuxSession(command: try wrapped(""), columns: 50, rows: 15)
    try session.waitFor("Terminal too small: 50×15")
    try session.resize(columns: 100, rows: 32)
    try session.waitFor("Choose a payment method")
    try session.press("q")
    try session.waitFor("DONE status=0")
    try assertTerminalRestored()
  }
}
