import Foundation
import TerminalUI
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport
@testable import PayDrillApp
@testable import PayDrillCLI
@testable import PayDrillCommandLine
@testable import PayDrillTools

/// The fuzzer's checks catch planted bugs, and its shrinker reduces a failing sequence.
final class FuzzInvariantTests: XCTestCase {
  private let time = Date(timeIntervalSince1970: 1_780_000_000)

  private func event(
    _ sequence: Int, _ name: CallbackName, _ method: DropInPaymentMethod?, _ details: [EventDetail] = []
  ) -> CallbackEvent {
    CallbackEvent(sequence: sequence, time: time, name: name, method: method, details: details)
  }

  func testASheetTotalThatIsNotTheSumOfItsItemsIsReported() {
    var state = CheckoutState(scenario: .acmeElectronics)
    let usd = Currency.usd
    state.applePaySheet = ApplePaySheet(
      summaryItems: [
        SummaryItem(label: "Goods", amount: Money(minorUnits: 4999, currency: usd)),
        SummaryItem(label: "Acme", amount: Money(minorUnits: 5000, currency: usd)),
      ], shippingMethods: [], shippingMethod: nil, shippingContact: nil, card: nil)
    XCTAssertEqual(FuzzAmountCheck.sheetTotal(state)?.invariant, .totals)
    state.applePaySheet?.updateProblem = "Configuration error: …"
    XCTAssertNil(
      FuzzAmountCheck.sheetTotal(state), "a mismatch the sheet reports to the developer is allowed")
    state.applePaySheet?.phase = .processing
    XCTAssertEqual(FuzzAmountCheck.sheetTotal(state)?.invariant, .totals, "but never authorised")
    XCTAssertNil(FuzzAmountCheck.orderTotal(state))
  }

  func testAnAmountWithMoreDecimalsThanItsCurrencyIsReported() {
    let scenario = Scenario.acmeElectronics
    let ok = event(
      1, .onSubmit, .card, [EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD"))])
    XCTAssertNil(FuzzAmountCheck.eventAmounts(ok, scenario: scenario))
    let cents = event(
      2, .onSubmit, .card,
      [EventDetail("amount", .string("49.999")), EventDetail("currency", .string("USD"))])
    XCTAssertEqual(FuzzAmountCheck.eventAmounts(cents, scenario: scenario)?.invariant, .amounts)
    let yen = event(
      3, .onSubmit, .card,
      [EventDetail("amount", .string("1235.0")), EventDetail("currency", .string("JPY"))])
    XCTAssertEqual(FuzzAmountCheck.eventAmounts(yen, scenario: scenario)?.invariant, .amounts)
    let payAmount = event(
      4, .onPreAuthorisation, .applePay, [EventDetail("recurring.payAmount", .string("9.9x"))])
    XCTAssertEqual(FuzzAmountCheck.eventAmounts(payAmount, scenario: scenario)?.invariant, .amounts)
  }

  func testAFullCardNumberOrAKeyInAnEventIsReported() {
    let scenario = Scenario.acmeElectronics
    let secrets = FuzzSecretCheck(scenario: scenario)
    let pan = event(1, .onSubmit, .card, [EventDetail("number", .string("4242424242424242"))])
    XCTAssertEqual(secrets.check(pan.jsonLine(), where: "an event")?.invariant, .secrets)
    let grouped = event(2, .onSubmit, .card, [EventDetail("number", .string("4242 4242 4242 4242"))])
    XCTAssertEqual(
      secrets.check(grouped.jsonLine(), where: "an event")?.message,
      "a full card number 4242424242424242 in an event", "grouped, as a careless plugin writes it")
    let orderId = event(
      5, .onPreAuthorisation, .paypal, [EventDetail("orderId", .string("PAYID-0076938134566AB"))])
    XCTAssertNil(secrets.check(orderId.jsonLine(), where: "an event"), "part of an id, not a card number")
    let notLuhn = event(3, .onSubmit, .card, [EventDetail("id", .string("4242424242424241"))])
    XCTAssertNil(secrets.check(notLuhn.jsonLine(), where: "an event"))
    let key = event(4, .onError, nil, [EventDetail("message", .string("key=\(scenario.session.hmacKey)"))])
    XCTAssertEqual(
      secrets.check(key.jsonLine(), where: "an event")?.message, "the session's hmacKey in an event")
    XCTAssertNil(
      secrets.check("name: 4242424242424242", where: "the screen", echoes: ["4242424242424242"]),
      "what the shopper typed into the name field is shown as typed")
    XCTAssertNil(
      secrets.check(
        "name: 4000056655665556\u{301}", where: "the screen", echoes: ["4000056655665556\u{301}"]),
      "with a combining mark after the last digit")
    var buffer = ScreenBuffer(width: 40, height: 2)
    buffer.write("card 5555555555554444", x: 0, y: 1, role: .normal)
    XCTAssertEqual(
      secrets.check(buffer)?.message, "a full card number 5555555555554444 in row 2 of the screen")
  }

  func testTwoSuccessesInOneSessionAreReported() {
    var order = FuzzCallbackOrder()
    order.requested([.askBeforeSubmit(RequestID(1), .card)])
    let paid: [CallbackEvent] = [
      event(1, .onBeforeSubmit, .card, [EventDetail("returned", .bool(true))]),
      event(2, .onSubmit, .card), event(3, .onSuccess, .card),
    ]
    XCTAssertNil(order.observe(paid[...], sessionNumber: 1))
    XCTAssertEqual(
      order.observe([event(4, .onSuccess, .card)][...], sessionNumber: 1)?.invariant, .oneSuccessPerSession)
    XCTAssertNil(order.observe([][...], sessionNumber: 2), "startNewCheckout: a new session")
    order.requested([.askBeforeSubmit(RequestID(1), .card)])
    XCTAssertNil(order.observe(paid[...], sessionNumber: 2), "a new session pays again")
  }

  func testCallbacksOutOfTheDocumentedOrderAreReported() {
    var payPal = FuzzCallbackOrder()
    payPal.requested([.askBeforeSubmit(RequestID(1), .paypal)])
    let submit = payPal.observe(
      [
        event(1, .onBeforeSubmit, .paypal, [EventDetail("returned", .bool(true))]),
        event(2, .onSubmit, .paypal),
      ][...],
      sessionNumber: 1)
    XCTAssertEqual(submit?.invariant, .callbackOrder, "PayPal never fires onSubmit")

    var stale = FuzzCallbackOrder()
    stale.requested([.askBeforeSubmit(RequestID(1), .paypal)])
    let answer = stale.observe(
      [event(1, .onBeforeSubmit, .card, [EventDetail("returned", .bool(true))])][...], sessionNumber: 1)
    XCTAssertEqual(
      answer?.message,
      "event #1 in session 1: onBeforeSubmit(card) answered no request for card (pending: paypal)")

    var cancel = FuzzCallbackOrder()
    cancel.requested([.askBeforeSubmit(RequestID(1), .applePay)])
    let events = [
      event(1, .onBeforeSubmit, .applePay, [EventDetail("returned", .bool(true))]),
      event(2, .onSubmit, .applePay),
      event(3, .onPreAuthorisation, .applePay), event(4, .onPostAuthorisation, .applePay),
      event(5, .onSuccess, .applePay), event(6, .onCancel, .applePay),
    ]
    XCTAssertEqual(
      cancel.observe(events[...], sessionNumber: 1)?.message.contains("onCancel(applePay) after onSuccess"),
      true)

    var skipped = FuzzCallbackOrder()
    skipped.requested([.askBeforeSubmit(RequestID(1), .applePay)])
    XCTAssertEqual(
      skipped.observe([events[0], events[1], events[3]][...], sessionNumber: 1)?.invariant, .callbackOrder,
      "onPostAuthorisation without onPreAuthorisation")
  }

  func testTheScreenCheckFindsSplitAndMisfitCells() {
    let size = Size(columns: 6, rows: 2)
    var buffer = ScreenBuffer(size: size)
    buffer.write("ab漢", x: 0, y: 0, role: .normal)
    XCTAssertNil(FuzzScreenCheck.check(buffer, size: size))
    XCTAssertEqual(FuzzScreenCheck.check(buffer, size: Size(columns: 7, rows: 2))?.invariant, .screen)
    buffer.put("漢", width: 2, role: .normal, atX: 5, y: 1)
    XCTAssertEqual(
      FuzzScreenCheck.check(buffer, size: size)?.message, "row 2, column 6: the wide character \"漢\" is split"
    )
    buffer.put("\u{1B}", width: 1, role: .normal, atX: 5, y: 1)
    XCTAssertEqual(
      FuzzScreenCheck.check(buffer, size: size)?.message, "row 2, column 6: a control character \"\\u{1B}\"")
    buffer.put("漢", width: 1, role: .normal, atX: 5, y: 1)
    XCTAssertEqual(FuzzScreenCheck.check(buffer, size: size)?.invariant, .screen)
    buffer.put("🇫🇷", width: 2, role: .normal, atX: 4, y: 1)
    XCTAssertEqual(
      FuzzScreenCheck.check(buffer, size: size)?.message,
      "row 2, column 5: \"🇫🇷\" is an emoji cluster terminals draw at a width of their own")
    buffer = ScreenBuffer(size: size)
    buffer.write("🇫🇷👍🏽", x: 0, y: 1, role: .normal)
    XCTAssertNil(FuzzScreenCheck.check(buffer, size: size), "written, the clusters are their fallbacks")
  }

  /// Rows that hold what they held in the last sound frame are not checked again, and that changes no
  /// verdict: a card number or a split wide character drawn into a later frame is found, beside kept rows;
  /// a frame that broke an invariant is not the one later frames are compared with; and rows found clean
  /// with an echo are checked again once the echoes are not the ones they were found clean with.
  func testFramesCheckedRowByRowStillFindAViolationDrawnLater() {
    let size = Size(columns: 30, rows: 4)
    var frames = FuzzFrames(secrets: FuzzSecretCheck(scenario: .acmeElectronics))
    func lines(_ lines: [String], then change: @escaping (inout ScreenBuffer) -> Void = { _ in })
      -> (inout ScreenBuffer) -> Void
    {
      { buffer in
        buffer.fill(buffer.bounds, role: .normal)
        for (y, line) in lines.enumerated() { buffer.write(line, x: 0, y: y, role: .normal) }
        change(&buffer)
      }
    }
    let sound = ["Pay $49.99", "card •••• 4242", "漢字 ok", "footer"]
    XCTAssertNil(frames.check(size: size, echoes: [], draw: lines(sound)))
    XCTAssertNil(frames.check(size: size, echoes: [], draw: lines(sound)))
    XCTAssertEqual(frames.rowsKept, 4, "the second frame is the first")
    var leaking = sound
    leaking[1] = "card 4242 4242 4242 4242"
    XCTAssertEqual(frames.check(size: size, echoes: [], draw: lines(leaking))?.invariant, .secrets)
    XCTAssertEqual(frames.rowsKept, 7, "three rows kept, the changed one checked")
    XCTAssertEqual(frames.check(size: size, echoes: [], draw: lines(leaking))?.invariant, .secrets, "again")
    XCTAssertNil(frames.check(size: size, echoes: ["4242 4242 4242 4242"], draw: lines(leaking)), "typed")
    XCTAssertEqual(
      frames.check(size: size, echoes: [], draw: lines(leaking))?.invariant, .secrets, "no longer typed")
    let split = lines(sound) { $0.put("漢", width: 2, role: .normal, atX: 29, y: 3) }
    XCTAssertEqual(
      frames.check(size: size, echoes: [], draw: split)?.message,
      "row 4, column 30: the wide character \"漢\" is split")
    XCTAssertNil(frames.check(size: size, echoes: [], draw: lines(sound)))
    let control = lines(sound) { $0.put("\u{7}", width: 1, role: .normal, atX: 0, y: 0) }
    XCTAssertEqual(frames.check(size: size, echoes: [], draw: control)?.invariant, .screen)
    XCTAssertEqual(
      frames.check(size: Size(columns: 30, rows: 5), echoes: [], draw: lines(leaking))?.invariant, .secrets,
      "a new size")
  }

  func testTheShrinkerKeepsOnlyTheStepsThatMatter() {
    let steps: [FuzzStep] = (0..<200).map { $0 == 57 ? .key(.enter) : $0 == 150 ? .key(.escape) : .tick }
    var shrinker = FuzzShrinker()
    let fails: ([FuzzStep]) -> Bool = { steps in
      guard let enter = steps.firstIndex(of: .key(.enter)) else { return false }
      return steps[enter...].contains(.key(.escape))
    }
    XCTAssertEqual(shrinker.shrink(steps, fails: fails), [.key(.enter), .key(.escape)])
    XCTAssertGreaterThan(shrinker.replays, 0)
  }

  func testAFailureShrinksToATape() {
    // A planted bug: a resize to a size the screen check refuses stands for any broken invariant.
    let steps: [FuzzStep] = [
      .tick, .key(.character("1")), .key(.character("x")), .key(.enter), .sleep(milliseconds: 5),
    ]
    var shrinker = FuzzShrinker()
    let minimal = shrinker.shrink(steps) { $0.contains(.key(.character("x"))) && $0.contains(.key(.enter)) }
    XCTAssertEqual(
      FuzzReport.tape(minimal + [.nextAnswer], scenario: "acme-electronics"),
      """
      # paydrill: --scenario acme-electronics --size 100x32
      Type "x"
      Enter
      # fuzz: the next answer falls due
      """)
  }

  func testFuzzOptionsParse() throws {
    let options = try CommandLineOptions.parse([
      "fuzz", "--seed", "7", "--actions", "10", "--scenario", "tokyo-yen",
    ])
    XCTAssertEqual(options.command, .fuzz(FuzzCommand.Options(seed: 7, actions: 10, scenario: "tokyo-yen")))
    XCTAssertThrowsError(try CommandLineOptions.parse(["fuzz", "--actions", "0"]))
    XCTAssertThrowsError(try CommandLineOptions.parse(["fuzz", "--seed", "x"]))
    XCTAssertThrowsError(try CommandLineOptions.parse(["fuzz", "--speed", "1"]))
  }
}

/// The invariants of the one loop, each shown to catch what it names.
final class OneLoopInvariantTests: XCTestCase {
  private let size = Size(columns: 100, rows: 32)

  func testAnAnswerDeliveredAgainMayAddOnlyTheDroppedAnswerEvent() {
    let before = Fixture.model(size)
    var dropped = before
    let answer = AppAction.checkout(
      .answered(RequestID(9), .beforeSubmit(BeforeSubmitVerdict(allowed: true))))
    _ = AppReducer.reduce(&dropped, answer, context: Fixture.context)
    XCTAssertEqual(dropped.checkout.events.last?.name, .answerDropped)
    XCTAssertNil(FuzzHarness.staleAnswerViolation(before: before, after: dropped, answer: answer))
    // A planted bug: the stale answer moved the checkout.
    var moved = dropped
    moved.checkout.screen = .cardForm
    XCTAssertEqual(
      FuzzHarness.staleAnswerViolation(before: before, after: moved, answer: answer)?.invariant,
      .staleAnswersDropped)
  }
}
