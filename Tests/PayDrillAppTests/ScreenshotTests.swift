import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillCLI
@testable import PayDrillCommandLine
@testable import PayDrillLoop
@testable import PayDrillTools

/// Screenshot bundles: their files and names, the keys that ask for one, the runtime that saves it, and the
/// footer's notice.
final class ScreenshotTests: XCTestCase {
  private let size = Size(columns: 100, rows: 32)
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-shots-\(UUID().uuidString)")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The card form with a number typed and the Pay button focused: not typing, so `s` is free.
  private func cardFormOnPayButton() -> AppModel {
    var model = Fixture.model(size)
    Fixture.send(Fixture.fillCard(number: "4242 4242 4242 4242"), to: &model)
    XCTAssertEqual(model.focus, .payButton)
    return model
  }

  /// A plain file where a folder would go: nothing can be made inside it, even by root.
  private func blockerFile() throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let blocker = folder.appendingPathComponent("blocker")
    try Data("a file".utf8).write(to: blocker)
    return blocker
  }

  private func runtime(writer: ScreenshotWriter?) -> CheckoutRuntime {
    CheckoutRuntime(
      scenario: .acmeElectronics, size: size, latencyMilliseconds: 0, screenshots: writer,
      clock: .virtual(startingAt: Fixture.now), timeZone: TimeZone(identifier: "UTC")!)
  }

  func testNamesCarryTheTimeTheStepAndTheScreen() {
    let utc = TimeZone(identifier: "UTC")!
    XCTAssertEqual(
      ScreenshotBundle.name(time: Fixture.now, timeZone: utc, step: 7, screen: "card-form"),
      "paydrill-20261201-155638-step07-card-form")
    XCTAssertEqual(
      ScreenshotBundle.name(
        time: Fixture.now, timeZone: TimeZone(identifier: "Asia/Tokyo")!, step: 123, label: "line12",
        screen: "paid"),
      "paydrill-20261202-005638-step123-line12-paid")
    var model = Fixture.model(size)
    XCTAssertEqual(model.screenName, "method-list")
    Fixture.send([.key(.enter)], to: &model)
    XCTAssertEqual(model.screenName, "card-form")
  }

  func testTheBundleHoldsTheScreenInFourFormsTheEventsAndTheRedactedScenario() throws {
    let model = cardFormOnPayButton()
    let bundle = ScreenshotBundle(name: "shot", model: model, theme: .dark)
    XCTAssertEqual(
      bundle.files.map(\.name),
      ["shot.txt", "shot.ans", "shot.html", "shot.svg", "shot.events.jsonl", "shot.scenario.json"])
    let screen = RootView.render(model)
    XCTAssertTrue(screen.text.contains("4242 4242 4242 4242"), "the form shows what is typed")
    XCTAssertEqual(
      bundle.files[0].contents,
      screen.text.replacingOccurrences(of: "4242 4242 4242 4242", with: "•••• •••• •••• 4242") + "\n",
      "the saved screen is the screen, its card number masked")
    XCTAssertEqual(
      bundle.files[1].contents, AnsiExport.text(of: SecretRedaction.masking(screen), theme: .dark))
    XCTAssertTrue(bundle.files[2].contents.contains("<title>PayDrill · shot</title>"))
    XCTAssertEqual(
      bundle.files[3].contents,
      SvgExport.document(of: SecretRedaction.masking(screen), theme: .dark, title: "PayDrill · shot"))
    XCTAssertEqual(
      bundle.files[4].contents, model.checkout.events.map { $0.jsonLine() + "\n" }.joined())
    // With the run's header (as the interpreter saves it), the events start with the seed that repeats the run.
    let header = RunHeader(seed: 42, scenario: "acme-electronics", start: Fixture.now)
    XCTAssertEqual(
      ScreenshotBundle(name: "shot", model: model, theme: .dark, header: header).files[4].contents,
      #"{"event":"run","seq":0,"time":"2026-12-01T15:56:38.250Z","seed":"42","scenario":"acme-electronics"}"#
        + "\n" + bundle.files[4].contents)
    let scenario = bundle.files[5].contents
    let session = Scenario.acmeElectronics.session
    XCTAssertFalse(scenario.contains(session.hmacKey), "never the key whole")
    XCTAssertFalse(scenario.contains(session.encryptionKey))
    XCTAssertTrue(scenario.contains("\"hmacKey\" : \"904b…a7bb (redacted)\""), scenario)
    XCTAssertFalse(scenario.contains("4242424242424242"), "the Wallet's card numbers are masked")
    XCTAssertTrue(scenario.contains("•••• 4242"))
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(scenario.utf8)) as? [String: Any])
    XCTAssertEqual((object["merchant"] as? [String: Any])?["name"] as? String, "Acme Electronics Store")
    for file in bundle.files {
      XCTAssertFalse(file.contents.contains("4242 4242 4242 4242"), file.name)
    }
  }

  func testRedactionReachesEveryDepthAndLeavesOtherNumbersAlone() throws {
    let json = """
      {"session": {"hmacKey": "0123456789abcdef", "sessionId": "42"}, "cards": [{"number": "5555555555554444"}],
       "merchantTransactionId": "1234567890123", "count": 3}
      """
    let text = try XCTUnwrap(SecretRedaction.prettyJSON(Data(json.utf8)))
    XCTAssertTrue(text.contains("\"hmacKey\" : \"0123…cdef (redacted)\""), text)
    XCTAssertTrue(text.contains("\"number\" : \"•••• 4444\""), text)
    XCTAssertTrue(text.contains("\"merchantTransactionId\" : \"1234567890123\""), "fails the Luhn check")
    XCTAssertTrue(text.contains("\"sessionId\" : \"42\""))
  }

  func testOnlyRunsOfTwelveDigitsOrMoreAreMasked() {
    var screen = ScreenBuffer(width: 60, height: 3)
    screen.write("Card number  3782 822463 10005  Visa", x: 0, y: 0, role: .input)
    screen.write("order 12345678901 at 18:45:20 amount 4999", x: 0, y: 1, role: .normal)
    screen.write("4242424242424242", x: 2, y: 2, role: .normal)
    XCTAssertEqual(
      SecretRedaction.masking(screen).lines,
      [
        "Card number  •••• •••••• •0005  Visa", "order 12345678901 at 18:45:20 amount 4999",
        "  ••••••••••••4242",
      ])
    XCTAssertEqual(SecretRedaction.masking(screen)[0, 0].role, .input)
  }

  /// Issue 29, seen on the way: a configuration error was saved as "a total of ••••••••••9999.96 USD, more
  /// than ••••••••••••0000 minor units". An amount of 13 to 19 digits stays as it is: with decimals (Luhn or
  /// not), or named by a currency or as minor units when it fails the Luhn check; a card number of as many
  /// digits, or one being typed, is still masked.
  func testAmountsOfThirteenToNineteenDigitsAreNotMaskedAsCardNumbers() {
    /// `prefix` and the digit that makes it pass the Luhn check.
    func luhn(_ prefix: String) -> String {
      (0...9).map { prefix + String($0) }.first { CardNumber(digits: $0).passesLuhnCheck }!
    }
    let error =
      "Configuration error: onShippingMethodSelected returned a total of 99999999999999.96 USD, more than "
      + "1000000000000000 minor units"
    for digits in 13...19 {
      let nines = String(repeating: "9", count: digits)
      let minor = "1" + String(repeating: "0", count: digits - 1)
      let valid = luhn(String(repeating: "4", count: digits - 1))
      let invalid = String(valid.dropLast()) + String((Int(String(valid.last!))! + 1) % 10)
      XCTAssertFalse(CardNumber(digits: minor).passesLuhnCheck)
      XCTAssertFalse(CardNumber(digits: invalid).passesLuhnCheck)
      let amounts = [
        "a total of \(nines).96 USD", "\(minor) minor units", "USD \(invalid)", "\(invalid) EUR",
        "$\(invalid)", "€ \(invalid)", "a total of $\(valid).00", "0.\(valid)",
      ]
      let cards = ["Card \(valid)", "number \(invalid)", "USD \(valid)", "\(valid) minor units"]
      let lastFours = [valid, invalid, valid, valid].map { String($0.suffix(4)) }
      var screen = ScreenBuffer(width: 160, height: amounts.count + cards.count + 1)
      for (row, text) in (amounts + cards + [error]).enumerated() {
        screen.write(text, x: 1, y: row, role: .normal)
      }
      let lines = SecretRedaction.masking(screen).lines
      for (row, amount) in amounts.enumerated() {
        XCTAssertEqual(lines[row], " " + amount, "\(digits) digits")
      }
      for (offset, card) in cards.enumerated() {
        let masked = lines[amounts.count + offset]
        XCTAssertNotEqual(masked, " " + card, "\(digits) digits")
        XCTAssertTrue(masked.contains("•" + lastFours[offset]), masked)
      }
      XCTAssertEqual(lines.last, " " + error)
    }
  }

  func testTheWriterSavesFiveFilesAndCountsTheSteps() throws {
    let writer = ScreenshotWriter(folder: folder.appendingPathComponent("a/b").path, theme: .light)
    let model = cardFormOnPayButton()
    let first = writer.save(model, at: Fixture.now)
    XCTAssertEqual(
      first,
      .saved(
        folder: folder.appendingPathComponent("a/b").path, name: "paydrill-20261201-155638-step01-card-form"))
    XCTAssertEqual(
      writer.save(model, at: Fixture.now, label: "line9"),
      .saved(
        folder: writer.folder, name: "paydrill-20261201-155638-step02-line9-card-form"))
    let names = try FileManager.default.contentsOfDirectory(atPath: writer.folder).sorted()
    XCTAssertEqual(
      names,
      ScreenshotBundle.suffixes.map { "paydrill-20261201-155638-step01-card-form" + $0 }.sorted()
        + ScreenshotBundle.suffixes.map { "paydrill-20261201-155638-step02-line9-card-form" + $0 }.sorted())
    let text = try String(
      contentsOfFile: writer.folder + "/paydrill-20261201-155638-step01-card-form.txt", encoding: .utf8)
    XCTAssertEqual(text, SecretRedaction.masking(RootView.render(model)).text + "\n")
    XCTAssertTrue(text.contains("•••• •••• •••• 4242"))
    XCTAssertEqual(writer.count, 2)
  }

  func testAFolderThatCannotBeMadeIsANoticeAndUsesNoStep() throws {
    let blocker = try blockerFile()
    let model = cardFormOnPayButton()
    let below = ScreenshotWriter(folder: blocker.appendingPathComponent("shots").path, theme: .dark)
    XCTAssertEqual(
      below.save(model, at: Fixture.now), .failed(folder: below.folder, reason: "cannot be created"))
    XCTAssertEqual(below.count, 0)
    let onFile = ScreenshotWriter(folder: blocker.path, theme: .dark)
    let outcome = onFile.save(model, at: Fixture.now)
    XCTAssertEqual(outcome, .failed(folder: blocker.path, reason: "is a file, not a folder"))
    XCTAssertEqual(outcome.notice, "Screenshot not saved: \(blocker.path) is a file, not a folder")
    XCTAssertTrue(outcome.isFailure)
    XCTAssertEqual(
      ScreenshotOutcome.saved(folder: "shots/", name: "paydrill-x").notice,
      "Screenshot saved: shots/paydrill-x.*")
  }

  /// Sends `key` through the test store and asserts that it asked for a screenshot of the model as it was
  /// then, under the request id it took.
  private func assertAsksForScreenshot(
    _ store: AppTestStore, with key: Character, _ message: String, line: UInt = #line
  ) {
    let asked = store.performed.count
    store.send(.key(.character(key)), line: line) { $0.awaiting[RequestID($0.lastAppRequest)] = .screenshot }
    XCTAssertEqual(
      Array(store.performed[asked...]), [.saveScreenshot(RequestID(store.model.lastAppRequest), store.model)],
      message, line: line)
  }

  func testSAsksForAScreenshotUnlessLettersAreBeingTyped() {
    let onTheList = AppTestStore(size: size, exhaustivity: .off)
    assertAsksForScreenshot(onTheList, with: "s", "on the method list")
    XCTAssertEqual(onTheList.model.awaiting, [RequestID(1): .screenshot])
    let typing = AppTestStore(size: size, exhaustivity: .off)
    typing.send([.key(.enter), .key(.character("4"))])
    typing.send(.key(.character("s")), effects: []) { $0.checkout.cardForm.number = "4" }
    assertAsksForScreenshot(typing, with: AppReducer.screenshotKey, "Ctrl-S works while typing")
    XCTAssertEqual(typing.model.checkout.cardForm.number, "4")
    let onPay = AppTestStore(size: size, exhaustivity: .off)
    onPay.send(Fixture.fillCard(number: "4242 4242 4242 4242"))
    assertAsksForScreenshot(onPay, with: "s", "on the Pay button nothing is typed")
  }

  func testTheRuntimeSavesTheBundleAndTheFooterShowsWhereUntilTheNextKey() throws {
    let writer = ScreenshotWriter(folder: folder.path, theme: .dark)
    let runtime = runtime(writer: writer)
    runtime.start()
    runtime.send(.key(.character("s")))
    XCTAssertEqual(runtime.model.awaiting, [:], "answered")
    let name = "paydrill-20261201-155638-step01-method-list"
    XCTAssertEqual(runtime.model.footerNotice, .screenshot(.saved(folder: folder.path, name: name)))
    let saved = try String(contentsOf: folder.appendingPathComponent(name + ".txt"), encoding: .utf8)
    var shown = runtime.model
    shown.footerNotice = nil
    shown.awaiting[RequestID(1)] = .screenshot
    XCTAssertEqual(saved, RootView.render(shown).text + "\n", "exactly the screen, without its own notice")
    let footer = runtime.render().lines[31]
    XCTAssertTrue(footer.hasPrefix(" Screenshot saved: \(folder.path)/paydrill-"), footer)
    runtime.send(.key(.down))
    XCTAssertNil(runtime.model.footerNotice)
    XCTAssertTrue(runtime.render().lines[31].hasPrefix(" Enter choose"), runtime.render().lines[31])
  }

  func testWithoutAWriterTheFooterSaysScreenshotsAreOff() {
    let runtime = runtime(writer: nil)
    runtime.start()
    runtime.send(.key(.character("s")))
    XCTAssertEqual(runtime.model.footerNotice, .screenshot(.off))
    XCTAssertEqual(runtime.model.awaiting, [:])
  }

  func testAnUnwritableFolderShowsAnErrorNoticeAndTheCheckoutGoesOn() throws {
    let blocker = try blockerFile()
    let runtime = runtime(writer: ScreenshotWriter(folder: blocker.path + "/shots", theme: .dark))
    runtime.start()
    runtime.send(.key(.character("s")))
    let screen = runtime.render()
    XCTAssertEqual(
      runtime.model.footerNotice,
      .screenshot(.failed(folder: blocker.path + "/shots", reason: "cannot be created")))
    XCTAssertTrue(screen.lines[31].hasPrefix(" Screenshot not saved: /"), screen.lines[31])
    XCTAssertEqual(screen[1, 31].role, .error)
    runtime.send(.key(.enter))
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm, "keys go on working")
  }

  func testTheKeysHelpListsTheScreenshotKey() {
    XCTAssertTrue(KeyHelp.entries(for: .methodList).contains(KeyHelp.screenshot))
    XCTAssertTrue(
      KeyHelp.entries(for: .cardForm).contains { $0.keys == "Ctrl-S" && $0.action == "screenshot" })
    var model = Fixture.model(size)
    Fixture.send([.key(.character("?"))], to: &model)
    XCTAssertTrue(RootView.render(model).text.contains("screenshot"))
  }

  func testTheTapePlayerCallsBackAfterEveryWait() throws {
    let runtime = runtime(writer: nil)
    let tape = try Tape.parse(
      "Wait /Choose a payment method/\nEnter\nWait@2s /Card number/\n", file: "t.tape")
    var lines: [Int] = []
    XCTAssertEqual(TapePlayer(runtime: runtime) { lines.append($0.line) }.play(tape), .completed)
    XCTAssertEqual(lines, [1, 3])
  }

  func testBundlesAreNamedFromTheInterpretersClock() throws {
    let runtime = runtime(writer: ScreenshotWriter(folder: folder.path, theme: .dark))
    runtime.start()
    runtime.advance(by: .seconds(90))
    runtime.send(.key(.character("s")))
    XCTAssertEqual(
      runtime.model.footerNotice,
      .screenshot(.saved(folder: folder.path, name: "paydrill-20261201-155808-step01-method-list")),
      "90 s after the clock's start, not the machine's date")
  }

  func testACaptureGoesThroughTheScreenshotEffectAndLeavesTheFooterAlone() throws {
    let runtime = runtime(writer: ScreenshotWriter(folder: folder.path, theme: .dark))
    var performed: [AppEffect] = []
    runtime.observer = { if case .performed(let effect) = $0 { performed.append(effect) } }
    runtime.start()
    let before = runtime.render().text
    performed = []
    runtime.send(.captureScreen(label: "line3"))
    let asked = runtime.model
    var saved = asked
    saved.awaiting[RequestID(1)] = .capture
    XCTAssertTrue(
      performed == [.saveScreenshot(RequestID(1), saved, label: "line3")], "one effect: the screenshot")
    XCTAssertNil(asked.footerNotice, "no notice: a replay's screen stays as it was")
    XCTAssertEqual(asked.awaiting, [:], "answered")
    XCTAssertNil(asked.captureFailure)
    XCTAssertEqual(runtime.render().text, before)
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("paydrill-20261201-155638-step01-line3-method-list.txt").path))
  }

  /// One table of the app's requests: an answer is taken only by a request of its own kind and id; any
  /// other is dropped and leaves what is awaited as it was.
  func testAnAnswerIsTakenOnlyByTheRequestOfItsKind() {
    var model = Fixture.model(size)
    let copy = model.issueAppRequest(for: .copy)
    let screenshot = model.issueAppRequest(for: .screenshot)
    XCTAssertEqual(model.awaiting, [copy: .copy, screenshot: .screenshot])
    _ = AppReducer.reduce(&model, .screenshotTaken(copy, .off), context: Fixture.context)
    _ = AppReducer.reduce(
      &model, .copied(screenshot, CopyOutcome(sentToTerminal: true)), context: Fixture.context)
    _ = AppReducer.reduce(&model, .screenshotTaken(RequestID(99), .off), context: Fixture.context)
    XCTAssertEqual(
      model.awaiting, [copy: .copy, screenshot: .screenshot], "nothing taken by the wrong answer")
    XCTAssertNil(model.footerNotice)
    _ = AppReducer.reduce(&model, .screenshotTaken(screenshot, .off), context: Fixture.context)
    XCTAssertEqual(model.awaiting, [copy: .copy])
    XCTAssertEqual(model.footerNotice, .screenshot(.off))
  }

  func testACaptureThatCannotBeSavedIsKeptForThePlayer() throws {
    let blocker = try blockerFile()
    let runtime = runtime(writer: ScreenshotWriter(folder: blocker.path + "/shots", theme: .dark))
    runtime.start()
    runtime.send(.captureScreen(label: "line3"))
    runtime.send(.captureScreen(label: "end"))
    XCTAssertEqual(
      runtime.model.captureFailure, .failed(folder: blocker.path + "/shots", reason: "cannot be created"))
    XCTAssertNil(runtime.model.footerNotice)
  }

  func testPlayWithScreensNamesItsBundlesFromTheClockStart() throws {
    let options = try CommandLineOptions.parse([
      "play", "t.tape", "--screens", folder.path, "--clock-start", "2026-12-01T15:56:38.000Z", "--latency",
      "0",
      "--no-ledger",
    ])
    let tape = try Tape.parse("Wait /Choose a payment method/\nSleep 2s\nWait /Choose/\n", file: "t.tape")
    let (run, _, _, failure) = PlayCommand.play(
      tape, options: options, scenario: .acmeElectronics, theme: .dark)
    XCTAssertTrue(run.passed)
    XCTAssertNil(failure)
    let start = try XCTUnwrap(options.clockStart)
    let zone = CheckoutRun(options: options, scenario: .acmeElectronics, live: false).runtime.model.timeZone
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".txt")
    }
    XCTAssertEqual(
      names.sorted(),
      [
        ScreenshotBundle.name(time: start, timeZone: zone, step: 1, label: "line1", screen: "method-list"),
        ScreenshotBundle.name(
          time: start + 2, timeZone: zone, step: 2, label: "line3", screen: "method-list"),
        ScreenshotBundle.name(time: start + 2, timeZone: zone, step: 3, label: "end", screen: "method-list"),
      ].map { $0 + ".txt" })
  }
}
