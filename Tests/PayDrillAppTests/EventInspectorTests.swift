import Foundation
import TerminalUI
import XCTest

@testable import CheckoutEngine
@testable import PayDrillApp
@testable import PayDrillLoop

/// The event list takes the keys (`v`), walks the events, and opens one whole (Enter): every field, wrapped,
/// scrollable, copied as JSON with `y`.
final class EventInspectorTests: XCTestCase {
  private func event(_ sequence: Int, details: [EventDetail] = []) -> CallbackEvent {
    CallbackEvent(sequence: sequence, time: Fixture.now, name: .onSubmit, method: .card, details: details)
  }

  func testTheListWalksTheEventsAndFollowsTheNewestAtTheEnd() {
    let events = EventLog((1...30).map { event($0) })
    var list = EventList(isFocused: true)
    XCTAssertTrue(list.handle(.up, events: events))
    XCTAssertEqual(list.selected, 28)
    XCTAssertTrue(list.handle(.pageUp, events: events))
    XCTAssertEqual(list.selected, 18)
    XCTAssertTrue(list.handle(.home, events: events))
    XCTAssertEqual(list.selected, 0)
    XCTAssertTrue(list.handle(.character("j"), events: events))
    XCTAssertEqual(list.selected, 1)
    XCTAssertTrue(list.handle(.pageDown, events: events))
    XCTAssertEqual(list.selected, 11)
    // Back at the newest, the list follows new events again.
    XCTAssertTrue(list.handle(.end, events: events))
    XCTAssertNil(list.selected)
    XCTAssertTrue(list.handle(.pageUp, events: events))
    XCTAssertTrue(list.handle(.pageDown, events: events))
    XCTAssertNil(list.selected)
    XCTAssertFalse(list.handle(.character("x"), events: events))
    XCTAssertTrue(list.handle(.escape, events: events))
    XCTAssertEqual(list, EventList())
  }

  func testScrolledUpThePaneSaysHowManyNewerEventsItHides() {
    let events = EventLog((1...40).map { event($0) })
    var buffer = ScreenBuffer(size: Size(columns: 40, rows: 20))
    EventPaneView(events: events, timeZone: TimeZone(identifier: "UTC")!, list: EventList(isFocused: true))
      .render(in: buffer.bounds, into: &buffer)
    XCTAssertFalse(buffer.text.contains("new ↓"), buffer.text)
    XCTAssertTrue(buffer.text.contains("Events (40) ↑↓ / Enter · Esc"), buffer.text)
    buffer = ScreenBuffer(size: Size(columns: 40, rows: 20))
    EventPaneView(
      events: events, timeZone: TimeZone(identifier: "UTC")!, list: EventList(isFocused: true, selected: 9)
    ).render(in: buffer.bounds, into: &buffer)
    // Ten events up to the selected one (the 10th, in the selected role), then the newer ones fill the
    // pane: 17 lines of events, and a line for the 23 it hides.
    XCTAssertTrue(buffer.text.contains("23 new ↓"), buffer.text)
    let rows = buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(rows.filter { $0.contains("onSubmit") }.count, 17, buffer.text)
    XCTAssertEqual((0..<buffer.height).filter { buffer[2, $0].role == .selected }, [10], buffer.text)
  }

  func testSlashFiltersByNameMethodOrFieldAndTheTitleSaysSo() {
    var model = AppModel(
      checkout: CheckoutState(scenario: Fixture.cardOnly), size: Size(columns: 100, rows: 32),
      latencyMilliseconds: 0, timeZone: TimeZone(identifier: "UTC")!)
    model.checkout.events = [
      event(1, details: [EventDetail("returned", .bool(true))]),
      CallbackEvent(
        sequence: 2, time: Fixture.now, name: .onError, method: .card,
        details: [EventDetail("errorCode", .string("CARD_DECLINED"))]),
      CallbackEvent(
        sequence: 3, time: Fixture.now, name: .methodStateChanged, method: .applePay, details: []),
    ]
    // `/` focuses the list and starts the filter; letters are text, not commands (`e` would hide the pane).
    press(.character("/"), &model) {
      $0.eventList = EventList(isFocused: true, isEditingFilter: true)
    }
    XCTAssertTrue(model.isTyping)
    for character in "decline" {
      press(.character(character), &model) { $0.eventList.filter.append(character) }
    }
    XCTAssertEqual(Array(model.eventList.shown(model.checkout.events)), [1])
    XCTAssertTrue(RootView.render(model).text.contains("Events (1 of 3) /decline▏ "))
    press(.enter, &model) { $0.eventList.isEditingFilter = false }
    XCTAssertTrue(RootView.render(model).text.contains("Events (1 of 3) /decline ─"))
    // Enter opens the match, as the full list's index.
    press(.enter, &model) { $0.overlay = .inspector(EventInspector(index: 1)) }
    press(.escape, &model) { $0.overlay = nil }
    // A method matches too; Backspace edits; no match says so.
    press(.character("/"), &model) { $0.eventList.isEditingFilter = true }
    for _ in 0..<7 { press(.backspace, &model) { $0.eventList.filter.removeLast() } }
    for character in "applepay" {
      press(.character(character), &model) { $0.eventList.filter.append(character) }
    }
    XCTAssertEqual(Array(model.eventList.shown(model.checkout.events)), [2])
    press(.character("x"), &model) { $0.eventList.filter = "applepayx" }
    XCTAssertTrue(RootView.render(model).text.contains("No event matches /applepayx."))
    // Esc while typing clears the filter; Esc again gives the keys back.
    press(.escape, &model) {
      $0.eventList.filter = ""
      $0.eventList.isEditingFilter = false
    }
    press(.escape, &model) { $0.eventList = EventList() }
  }

  func testTheInspectorShowsEveryFieldWrappedAndNothingCut() {
    let long = String(repeating: "PAYID-0123456789 ", count: 8)
    let opened = event(
      3,
      details: [
        EventDetail("errorCode", .string("PAYPAL_INSTRUMENT_DECLINED")),
        EventDetail("errorMessage", .string(long)),
        EventDetail("idempotentReplay", .bool(true)), EventDetail("amountMinor", .integer(4999)),
      ])
    let lines = EventInspector.lines(of: opened, width: 40).map(\.text)
    for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 40, line) }
    let text = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    XCTAssertTrue(text.contains("\"errorCode\": \"PAYPAL_INSTRUMENT_DECLINED\""), text)
    XCTAssertTrue(text.contains(long.split(separator: " ").joined(separator: " ")), text)
    XCTAssertTrue(text.contains("\"idempotentReplay\": true"), text)
    XCTAssertTrue(text.contains("\"amountMinor\": 4999"), text)
    XCTAssertEqual(lines.first, "{")
    XCTAssertEqual(lines.last, "}")
    // The copy is the same object, valid JSON.
    let parsed = try? JSONSerialization.jsonObject(with: Data(opened.prettyJSON().utf8)) as? [String: Any]
    XCTAssertEqual(parsed?["errorCode"] as? String, "PAYPAL_INSTRUMENT_DECLINED")
    XCTAssertEqual(parsed?["seq"] as? Int, 3)
  }

  /// What PassKit withholds from `onShippingContactSelected` is marked, after the JSON, as redacted.
  func testTheInspectorMarksWhatPassKitRedacted() {
    let contact = CallbackEvent(
      sequence: 1, time: Fixture.now, name: .onShippingContactSelected, method: .applePay,
      details: [
        EventDetail("contact.city", .string("Cupertino")),
        EventDetail("contact.postalCode", .string("95014")),
      ])
    let lines = EventInspector.lines(of: contact, width: 90)
    let marked = lines.filter { $0.role == .muted }.map(\.text)
    XCTAssertEqual(
      marked,
      [
        "", "Redacted by PassKit before the shopper authorises:",
        "  contact.name: withheld until authorisation", "  contact.street: withheld until authorisation",
        "  contact.phoneNumber: withheld until authorisation",
        "  contact.emailAddress: withheld until authorisation",
        "  contact.postalCode: its public part only (US 5 digits, UK and CA outward code)",
      ])
    XCTAssertEqual(lines.filter { $0.role == .normal }.last?.text, "}", "the JSON comes whole first")
    XCTAssertTrue(
      EventInspector.lines(of: event(1), width: 90).allSatisfy { $0.role == .normal }, "onSubmit: none")
  }

  /// A card number or a key in a payload (a plugin's message, say) is masked in what is shown, copied and saved.
  func testTheInspectorMasksSecrets() {
    let leaky = event(
      1,
      details: [
        EventDetail("card", .string("4242424242424242")),
        EventDetail("session.hmacKey", .string("904b2c61d3a7bb")),
        EventDetail("last4", .string("4242")),
      ])
    let json = EventInspector.json(of: leaky)
    XCTAssertFalse(json.contains("4242424242424242"), json)
    XCTAssertFalse(json.contains("904b2c61d3a7bb"), json)
    XCTAssertTrue(json.contains("\"card\": \"•••• 4242\""), json)
    XCTAssertTrue(json.contains("\"last4\": \"4242\""), json)
    var model = AppModel(
      checkout: CheckoutState(scenario: Fixture.cardOnly), size: Size(columns: 100, rows: 32),
      latencyMilliseconds: 0, timeZone: TimeZone(identifier: "UTC")!)
    model.checkout.events = [leaky]
    model.overlay = .inspector(EventInspector(index: 0))
    XCTAssertFalse(RootView.render(model).text.contains("4242424242424242"))
    // The screenshot bundle saves the inspected event as the JSON `y` copies.
    let bundle = ScreenshotBundle(name: "shot", model: model, theme: .dark)
    XCTAssertEqual(bundle.files.last?.name, "shot.event.json")
    XCTAssertEqual(bundle.files.last?.contents, json + "\n")
    XCTAssertFalse(bundle.files.contains { $0.contents.contains("4242424242424242") })
  }

  /// One key through the reducer: the whole model after it must be `update` applied to the one before, and
  /// the effects exactly those given.
  private func press(
    _ key: KeyEvent, _ model: inout AppModel, effects: [AppEffect] = [], line: UInt = #line,
    _ update: (inout AppModel) -> Void = { _ in }
  ) {
    var expected = model
    update(&expected)
    let actual = AppReducer.reduce(&model, .key(key), context: Fixture.context)
    XCTAssertEqual(actual, effects, line: line)
    XCTAssertEqual(model, expected, "after \(key)", line: line)
  }

  func testVFocusesTheListEnterOpensAnEventAndYCopiesIt() {
    var model = AppModel(
      checkout: CheckoutState(scenario: Fixture.cardOnly), size: Size(columns: 100, rows: 32),
      latencyMilliseconds: 0, timeZone: TimeZone(identifier: "UTC")!)
    model.checkout.events = EventLog((1...5).map { event($0) })
    press(.character("v"), &model) { $0.eventList.isFocused = true }
    // The checkout waits while the list has the keys: `1` would open the card form.
    press(.character("1"), &model)
    press(.up, &model) { $0.eventList.selected = 3 }
    press(.home, &model) { $0.eventList.selected = 0 }
    press(.enter, &model) { $0.overlay = .inspector(EventInspector(index: 0)) }
    XCTAssertTrue(RootView.render(model).text.contains("Event 1 of 5 · onSubmit · card"))
    let json = model.checkout.events[0].prettyJSON()
    press(.character("y"), &model, effects: [.copyToClipboard(RequestID(1), json)]) {
      $0.lastAppRequest = 1
      $0.awaiting[RequestID(1)] = .copy
    }
    let outcome = CopyOutcome(sentToTerminal: true, file: "~/.local/share/paydrill/copies/copy-1.txt")
    _ = AppReducer.reduce(&model, .copied(RequestID(1), outcome), context: Fixture.context)
    let footer = RootView.render(model).text.split(separator: "\n").last.map(String.init) ?? ""
    XCTAssertEqual(
      footer.trimmingCharacters(in: .whitespaces),
      "Sent to the terminal's clipboard (OSC 52) and saved to ~/.local/share/paydrill/copies/copy-1.txt",
      "what was done, never \"Copied\" as a certainty")
    XCTAssertNil(model.awaiting[RequestID(1)])
    model.footerNotice = nil
    let copied = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    XCTAssertEqual(copied?["event"] as? String, "onSubmit")
    XCTAssertEqual(copied?["seq"] as? Int, 1)
    // → opens the next event and moves the list's selection with it.
    press(.right, &model) {
      $0.overlay = .inspector(EventInspector(index: 1))
      $0.eventList.selected = 1
    }
    press(.escape, &model) { $0.overlay = nil }
    press(.escape, &model) { $0.eventList = EventList() }
    press(.character("1"), &model) {
      $0.checkout.screen = .cardForm
      $0.controls = .cardForm(.field(.number))
    }
  }

  /// The filter's matches are kept in the model as the log grows, each event read once as it arrives, so
  /// that no frame searches the whole log; a changed filter finds them again.
  func testTheFilterKeepsItsMatchesAsEventsArriveAndTheFilterChanges() {
    var scenario = Fixture.cardOnly
    scenario.gateway.latency = [:]
    let runtime = CheckoutRuntime(
      scenario: scenario, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0,
      clock: .virtual(startingAt: Fixture.now), timeZone: TimeZone(identifier: "UTC")!)
    func check(_ filter: String, line: UInt = #line) {
      let list = runtime.model.eventList
      let events = runtime.model.checkout.events
      let found = events.indices.filter { EventLog.event(events[$0], matches: filter) }
      XCTAssertEqual(list.filter, filter, line: line)
      XCTAssertEqual(events.keptMatches.filter, filter, "the log keeps the pane's filter", line: line)
      XCTAssertEqual(events.keptMatches.indices, filter.isEmpty ? [] : found, "read up to date", line: line)
      XCTAssertEqual(Array(list.shown(events)), filter.isEmpty ? Array(events.indices) : found, line: line)
    }
    func type(_ keys: String) {
      for key in keys { runtime.press(.character(key)) }
    }
    runtime.start()
    runtime.settle()
    type("/card")
    runtime.press(.enter)
    check("card")
    let before = runtime.model.checkout.events.count
    // A card payment while the filter stays: its events are read as they arrive.
    runtime.send(.checkout(.selectMethod(.card)))
    for (text, field) in [
      ("4242424242424242", CardField.number), ("1234", .expiry), ("123", .securityCode),
      ("Jane Doe", .holderName),
    ] {
      for character in text { runtime.send(.checkout(.type(String(character), into: field))) }
    }
    runtime.send(.checkout(.submitCard))
    runtime.settle()
    XCTAssertGreaterThan(runtime.model.checkout.events.count, before)
    XCTAssertGreaterThan(runtime.model.checkout.events.keptMatches.indices.count, 0)
    check("card")
    // A changed filter is read again over the whole log.
    type("/")
    runtime.press(.backspace)
    runtime.press(.backspace)
    type("sh")
    check("cash")
    XCTAssertTrue(runtime.model.checkout.events.keptMatches.indices.isEmpty)
    runtime.press(.backspace)
    runtime.press(.backspace)
    type("rd")
    runtime.press(.enter)
    check("card")
    // Esc clears the filter and gives the keys back: every event is shown, nothing kept.
    runtime.press(.escape)
    check("")
  }

  /// The log reads each new event into the kept matches; a changed log (a new run's) finds them again; and
  /// what it kept is not part of what a log is: two logs of the same events are equal.
  func testTheLogKeepsItsFiltersMatchesAndTheyAreNotPartOfWhatItIs() {
    let card = CallbackEvent(sequence: 1, time: Fixture.now, name: .onSubmit, method: .card, details: [])
    let other = CallbackEvent(sequence: 1, time: Fixture.now, name: .onSubmit, method: .applePay, details: [])
    var log: EventLog = [other]
    log.keepMatches(of: "card")
    log.append(card)
    log.append(card)
    XCTAssertEqual(log.keptMatches.indices, [1, 2])
    XCTAssertEqual(log.indices(matching: "card"), [1, 2])
    XCTAssertEqual(log.indices(matching: "apple"), [0], "another filter is found over the whole log")
    XCTAssertEqual(log, [other, card, card], "the matches are not part of what a log is")
    log.removeFirst()
    XCTAssertEqual(log.keptMatches.indices, [0, 1], "found again after a change that is not an append")
    log = []
    log.keepMatches(of: "card")
    log.append(card)
    XCTAssertEqual(log.keptMatches.indices, [0])
    var list = EventList(filter: "card")
    list.isFocused = true
    XCTAssertEqual(list, EventList(isFocused: true, filter: "card"), "a list's == is synthesised")
  }

  func testHidingThePaneGivesTheKeysBack() {
    let store = AppTestStore(scenario: Fixture.cardOnly, latency: 0)
    store.send(.checkout(.createCheckout))
    store.send(.key(.character("v"))) { $0.eventList.isFocused = true }
    store.send(.key(.character("e"))) {
      $0.showsEventPane = false
      $0.eventList = EventList()
    }
    // Without the pane, `v` does nothing and the checkout has the keys.
    store.send(.key(.character("v")))
    store.send(.key(.character("1"))) {
      $0.checkout.screen = .cardForm
      $0.controls = .cardForm(.field(.number))
    }
    store.finish()
  }

  /// The interpreter sends the text to the terminal and saves it in the clipboard's folder, named with its
  /// clock and the request; it answers what it did, a folder it cannot write included.
  func testTheInterpreterSendsAndSavesACopyAndAnswersWhatItDid() throws {
    final class Copies: @unchecked Sendable { var texts: [String] = [] }
    let copies = Copies()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    func runtime(_ clipboard: Clipboard?) -> CheckoutRuntime {
      CheckoutRuntime(
        scenario: Fixture.cardOnly, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0,
        clock: .virtual(startingAt: Fixture.now), clipboard: clipboard)
    }
    let copiesFolder = folder.appendingPathComponent("copies").path
    let clipboard = Clipboard(
      folder: copiesFolder, shownFolder: "~/copies", timeZone: TimeZone(identifier: "UTC")!
    ) { copies.texts.append($0) }
    XCTAssertEqual(
      runtime(clipboard).interpreter.perform(.copyToClipboard(RequestID(3), "tx-1")),
      [.copied(RequestID(3), CopyOutcome(sentToTerminal: true, file: "~/copies/copy-20261201-155638-3.txt"))])
    XCTAssertEqual(copies.texts, ["tx-1"])
    XCTAssertEqual(
      try String(contentsOfFile: copiesFolder + "/copy-20261201-155638-3.txt", encoding: .utf8), "tx-1")

    try FileManager.default.removeItem(atPath: copiesFolder)
    try Data().write(to: URL(fileURLWithPath: copiesFolder))
    let refused = runtime(clipboard).interpreter.perform(.copyToClipboard(RequestID(4), "tx-2"))
    XCTAssertEqual(
      refused,
      [
        .copied(
          RequestID(4), CopyOutcome(sentToTerminal: true, problem: "\(copiesFolder) is a file, not a folder"))
      ]
    )
    if case .copied(_, let outcome) = refused.first {
      XCTAssertTrue(outcome.isFailure)
      XCTAssertTrue(outcome.notice().hasPrefix("Only sent to the terminal's clipboard (OSC 52): not saved"))
    }
    XCTAssertEqual(
      runtime(nil).interpreter.perform(.copyToClipboard(RequestID(5), "tx-3")),
      [.copied(RequestID(5), .nowhere)],
      "a headless run has nowhere to copy to, and says so")
  }
}
