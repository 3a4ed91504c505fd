import CheckoutTestSupport
import Foundation
import XCTest

/// What a user sends to someone without PayDrill, read by readers that are not PayDrill's own: a cast
/// (`--cast`, asciicast v2) replayed through pyte, an independent terminal emulator, and played by
/// `asciinema`; the screenshot's SVG and HTML opened in headless Chromium and looked at pixel by pixel
/// (Tools/evidence-check.py).
final class ShareEndToEndTests: XCTestCase {
  private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "paydrill-share-\(UUID().uuidString)")
  private let checker = PayDrillBinary.packageRoot.appendingPathComponent("Tools/evidence-check.py").path

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Skips without python3 and pyte, except under CI, where that is a failure: `make deps` installs them.
  private func requirePyte(file: StaticString = #filePath, line: UInt = #line) throws {
    try PayDrillBinary.requirePython(file: file, line: line)
    if let message = PayDrillBinary.missingPythonModules(
      ["pyte", "wcwidth"], "python3's package pyte is missing", file: file, line: line)
    {
      throw XCTSkip(message)
    }
  }

  /// The path of the first of `programs` on the PATH (or of `elsewhere`), or a skip (a failure under CI:
  /// `make deps` installs it).
  private func require(
    _ programs: [String], elsewhere: [String] = [], for purpose: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> String {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    let candidates = programs.flatMap { program in folders.map { "\($0)/\(program)" } } + elsewhere
    if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) { return found }
    throw Requirement.missing(
      "\(programs[0]) is not installed: \(purpose) (make deps installs it)", file: file, line: line)
  }

  private func check(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
    let result = try PayDrillBinary.launch("/usr/bin/env", ["python3", checker] + arguments)
    XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError, file: file, line: line)
  }

  private func bundleFile(in shots: String, step: String, suffix: String) throws -> String {
    let names = try FileManager.default.contentsOfDirectory(atPath: shots)
    let name = try XCTUnwrap(
      names.first { $0.contains(step) && $0.hasSuffix(suffix) }, "no \(step)…\(suffix) in \(names)")
    return shots + "/" + name
  }

  func testACastOfPlayEndsOnTheScreenPlayWritesCellByCellInPyte() throws {
    try requirePyte()
    let result = try PayDrillBinary.run([
      "play", "Tapes/pay-with-visa.tape", "--latency", "20", "--no-ledger", "--cast", path("visa.cast"),
      "--screen", path("visa.txt"), "--screens", path("shots"),
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    // The characters against --screen, the colours against the end's screenshot (.ans).
    try check([
      "cast", path("visa.cast"), path("visa.txt"),
      try bundleFile(in: path("shots"), step: "-end-", suffix: ".ans"),
    ])
    let cast = try String(contentsOfFile: path("visa.cast"), encoding: .utf8)
    let header = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(cast.prefix { $0 != "\n" }.utf8)) as? [String: Any])
    XCTAssertEqual(header["title"] as? String, "PayDrill · Tapes/pay-with-visa.tape")
    XCTAssertEqual(header["width"] as? Int, 100)
    XCTAssertEqual(header["height"] as? Int, 32)
  }

  func testACastShowsNoDigitOfACardNumberBeingTypedEvenForAFrame() throws {
    try requirePyte()
    // The card payment with its number typed in steps a virtual second apart: each step a frame of the cast.
    let whole = "Type \"4242 4242 4242 4242\"\n"
    let steps = "Type \"4242 4\"\nSleep 1s\nType \"242 4242 42\"\nSleep 1s\nType \"42\"\nSleep 1s\n"
    XCTAssertTrue(PaymentTapes.card().contains(whole))
    let tape =
      "# paydrill: --latency 20\n"
      + PaymentTapes.card().replacingOccurrences(of: whole, with: steps)
    try tape.write(toFile: path("typed.tape"), atomically: true, encoding: .utf8)
    let result = try PayDrillBinary.run([
      "play", path("typed.tape"), "--no-ledger", "--cast", path("typed.cast"), "--screen", path("typed.txt"),
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    try check(["cast", path("typed.cast"), path("typed.txt"), "--never", #"4242 4|\d{4} \d{4} \d"#])
    let cast = try String(contentsOfFile: path("typed.cast"), encoding: .utf8)
    XCTAssertTrue(cast.contains("[1,\"o\","), "a frame a virtual second after the first: \(cast.prefix(400))")
  }

  func testTheInteractiveCheckoutsCastEndsOnTheTerminalsScreen() throws {
    try requirePyte()
    try TmuxSession.requireTmux()
    let binary = try PayDrillBinary.path()
    let session = try TmuxSession(
      command: "\(binary) --no-ledger --latency 0 --cast \(path("live.cast")); echo DONE; sleep 30")
    try session.waitFor("Choose a payment method")
    try session.press("Down")
    try session.press("Down")
    try session.waitFor("? all keys")
    // Settled (the same screen twice, half a second apart): the screen the cast must end on (q quits
    // without drawing).
    var screen = try session.capture()
    var settled = false
    for _ in 0..<20 where !settled {
      Thread.sleep(forTimeInterval: 0.5)
      let again = try session.capture()
      settled = again == screen
      screen = again
    }
    // A screen that never settles is not one the cast can be compared with: say so, rather than compare.
    guard settled else { return XCTFail("the screen still changed after 10 s:\n\(screen)") }
    try screen.write(toFile: path("live.txt"), atomically: true, encoding: .utf8)
    try session.press("q")
    try session.waitFor("DONE")
    try check(["cast", path("live.cast"), path("live.txt")])
  }

  func testAsciinemaPlaysTheCastToTheScreenPlayWrites() throws {
    let asciinema = try require(["asciinema"], for: "the casts are played with asciinema play")
    try TmuxSession.requireTmux()
    let result = try PayDrillBinary.run([
      "play", "Tapes/declined-card.tape", "--latency", "0", "--no-ledger", "--cast", path("declined.cast"),
      "--screen", path("declined.txt"),
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    // Played in a terminal of the cast's size; its status goes to a file, so that nothing is printed over
    // the screen it ends on.
    let session = try TmuxSession(
      command: "\(asciinema) play -i 0.2 \(path("declined.cast")); echo $? > \(path("status")); sleep 30")
    _ = try session.waitUntil("asciinema play did not end", timeout: 20) { _ in
      FileManager.default.fileExists(atPath: self.path("status"))
    }
    XCTAssertEqual(try String(contentsOfFile: path("status"), encoding: .utf8), "0\n")
    let trimmed = { (text: String) in
      text.split(separator: "\n", omittingEmptySubsequences: false).map {
        String($0.reversed().drop { $0 == " " }.reversed())
      }.reversed().drop { $0.isEmpty }.reversed()
    }
    XCTAssertEqual(
      Array(trimmed(try session.capture())),
      Array(trimmed(try String(contentsOfFile: path("declined.txt"), encoding: .utf8))))
  }

  func testACastPathThatCannotBeWrittenIsRefusedBeforeTheRun() throws {
    let result = try PayDrillBinary.run([
      "play", "Tapes/pay-with-visa.tape", "--no-ledger", "--cast", path("missing/run.cast"), "--screen",
      path("screen.txt"),
    ])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(
      result.standardError,
      "paydrill: \(path("missing/run.cast")): cannot be written (its folder \(path("missing")) does not exist)\n"
    )
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("screen.txt")), "no tape ran")
  }

  /// Opens a page in headless Chromium: its DOM (after scripts, as the browser parsed it), what Chromium
  /// logged (console messages among it), and a PNG of the window.
  private func open(_ page: String, png: String, window: (Int, Int), chromium: String) throws -> (
    dom: String, log: String
  ) {
    let common = [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
      "--window-size=\(window.0),\(window.1)", "--user-data-dir=\(path("chromium-profile"))",
    ]
    let url = URL(fileURLWithPath: page).absoluteString
    let dom = try PayDrillBinary.launch(chromium, common + ["--dump-dom", url])
    XCTAssertEqual(dom.status, 0, dom.standardError)
    let shot = try PayDrillBinary.launch(chromium, common + ["--screenshot=\(png)", url])
    XCTAssertEqual(shot.status, 0, shot.standardError)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: png), "no screenshot of \(page): \(shot.standardError)")
    return (dom.standardOutput, dom.standardError + shot.standardError)
  }

  /// The most rows a vertical line of box drawing takes in one column of a plain screen (corners
  /// included): how long a frame's side is.
  private func longestSide(_ screen: String) -> Int {
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    let vertical: Set<Character> = ["│", "╭", "╮", "╰", "╯", "┌", "┐", "└", "┘", "├", "┤", "┼"]
    var longest = 0
    for column in 0..<(rows.map(\.count).max() ?? 0) {
      var run = 0
      for row in rows {
        run = column < row.count && vertical.contains(row[column]) ? run + 1 : 0
        longest = max(longest, run)
      }
    }
    return longest
  }

  func testTheScreenshotsSVGAndHTMLLoadInChromiumWithTheFramesBordersUnbroken() throws {
    // Debian's chromium; Google Chrome where a CI runner has it instead (macOS: `make deps` installs it).
    let chromium = try require(
      ["chromium", "chromium-browser", "google-chrome"],
      elsewhere: ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"],
      for: "the screenshots are opened in headless Chromium")
    try PayDrillBinary.requirePython()
    let result = try PayDrillBinary.run([
      "play", "Tapes/pay-with-visa.tape", "--latency", "20", "--no-ledger", "--screens", path("shots"),
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    let text = try String(
      contentsOfFile: try bundleFile(in: path("shots"), step: "-end-", suffix: ".txt"), encoding: .utf8)
    XCTAssertFalse(text.contains("4242 4242"))
    let side = longestSide(text)
    XCTAssertGreaterThan(side, 20, "the paid screen's frame: \(text)")
    // The dark theme: the border's colour 244 on the page's near-black.
    let (border, page) = ("#808080", "#121212")
    // The SVG: 18 pixels a row, its window the picture's size (100x32 cells of 9x18, a margin of 16).
    let svg = try bundleFile(in: path("shots"), step: "-end-", suffix: ".svg")
    let picture = try open(svg, png: path("svg.png"), window: (932, 608), chromium: chromium)
    XCTAssertTrue(picture.dom.contains("<svg"), picture.dom)
    XCTAssertFalse(picture.dom.contains("parsererror"), "the SVG is well-formed: \(picture.dom)")
    XCTAssertFalse(picture.log.contains("CONSOLE"), "no console message: \(picture.log)")
    try check(["borders", path("svg.png"), border, page, String((side - 1) * 18 * 95 / 100)])
    // The HTML: a row is the font's size, 14 pixels.
    let html = try bundleFile(in: path("shots"), step: "-end-", suffix: ".html")
    let document = try open(html, png: path("html.png"), window: (1000, 560), chromium: chromium)
    XCTAssertTrue(document.dom.contains("class=\"screen\""), document.dom)
    XCTAssertFalse(document.log.contains("CONSOLE"), "no console message: \(document.log)")
    try check(["borders", path("html.png"), border, page, String((side - 1) * 14 * 95 / 100)])
  }
}
