import Foundation
import XCTest

/// The binary without a terminal: tapes, bad input, no TTY, help.
final class HeadlessCommandTests: XCTestCase {
  private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "paydrill-cli-\(UUID().uuidString)")

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private func events(_ path: URL) throws -> [[String: Any]] {
    try String(contentsOf: path, encoding: .utf8).split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  func testPlayReplaysTheVisaTapeAndWritesScreenAndEvents() throws {
    let screen = folder.appendingPathComponent("screen.txt")
    let jsonl = folder.appendingPathComponent("events.jsonl")
    let result = try PayDrillBinary.run([
      "play", "Tapes/pay-with-visa.tape", "--latency", "50", "--screen", screen.path, "--events", jsonl.path,
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(try String(contentsOf: screen, encoding: .utf8).contains("Payment successful"))
    let lines = try events(jsonl).filter { ($0["event"] as? String)?.hasPrefix("on") == true }
    XCTAssertEqual(lines.compactMap { $0["event"] as? String }, ["onBeforeSubmit", "onSubmit", "onSuccess"])
    XCTAssertEqual(lines[1]["method"] as? String, "card")
    XCTAssertEqual(lines[1]["last4"] as? String, "4242")
    XCTAssertEqual(lines[2]["merchantTransactionId"] as? String, "0ce72cfd-014d-4256-a006-a56601b2ffc4")
  }

  /// Hardening: without `--seed`, each run's payment gets ids of its own; with it, the same ones; the ledger
  /// and the events file keep the seed (the events file's first line, `"event":"run"`), so a run can be
  /// repeated from either.
  func testIdsAreNewEachRunUnlessASeedIsGiven() throws {
    let ledger = folder.appendingPathComponent("ledger.sqlite3").path
    func payment(_ extra: [String]) throws -> (id: String, seed: String) {
      let events = folder.appendingPathComponent("ids-\(UUID().uuidString).jsonl")
      let run = try PayDrillBinary.run(
        ["play", "Tapes/pay-with-visa.tape", "--latency", "0", "--ledger", ledger, "--events", events.path]
          + extra)
      XCTAssertEqual(run.status, 0, run.standardError)
      let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").compactMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
      let header = try XCTUnwrap(lines.first)
      XCTAssertEqual(header["event"] as? String, "run")
      XCTAssertEqual(header["seq"] as? Int, 0)
      XCTAssertEqual(header["scenario"] as? String, "acme-electronics")
      XCTAssertEqual(lines.dropFirst().first?["seq"] as? Int, 1, "the callbacks keep their numbers")
      let success = lines.first { $0["event"] as? String == "onSuccess" }
      return (
        try XCTUnwrap(success?["systemTransactionId"] as? String), try XCTUnwrap(header["seed"] as? String)
      )
    }
    let first = try payment([])
    XCTAssertNotEqual(first.id, try payment([]).id, "two runs, two ids")
    XCTAssertEqual(try payment(["--seed", "7"]).seed, "7")
    XCTAssertEqual(try payment(["--seed", first.seed]).id, first.id, "the header's seed repeats the run")
    let listed = try PayDrillBinary.run(["history", "--ledger", ledger, "--json", "--replays"])
    let seeds = try listed.standardOutput.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["seed"]
        as? String
    }
    XCTAssertEqual(seeds.count, 4)
    XCTAssertEqual(seeds, [first.seed, "7", seeds[2], first.seed], "the newest first")
    XCTAssertNotEqual(seeds[2], first.seed)
  }

  func testPlayReplaysTheDeclineTape() throws {
    let jsonl = folder.appendingPathComponent("events.jsonl")
    let screen = folder.appendingPathComponent("screen.txt")
    let result = try PayDrillBinary.run([
      "play", "Tapes/declined-card.tape", "--latency", "0", "--size", "60x20", "--events", jsonl.path,
      "--screen", screen.path,
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    let last = try XCTUnwrap(try events(jsonl).last)
    XCTAssertEqual(last["event"] as? String, "onError")
    XCTAssertEqual(last["errorCode"] as? String, "CARD_DECLINED")
    let text = try String(contentsOf: screen, encoding: .utf8)
    XCTAssertEqual(
      text.split(separator: "\n", omittingEmptySubsequences: false).count, 21, "20 rows and a newline")
  }

  /// The tapes' lines without their durations, which vary from run to run.
  private func tapeLines(_ output: String) -> [String] {
    output.split(separator: "\n").map { line in
      line.replacingOccurrences(of: #", [0-9.]+ s\)"#, with: ")", options: .regularExpression)
    }
  }

  func testSchemaPrintsTheCommittedFileByteForByte() throws {
    for name in ["scenario", "theme"] {
      let result = try PayDrillBinary.run(["schema", name])
      XCTAssertEqual(result.status, 0, result.standardError)
      let committed = try String(
        contentsOf: PayDrillBinary.packageRoot.appendingPathComponent("docs/schema/\(name).schema.json"),
        encoding: .utf8)
      XCTAssertEqual(result.standardOutput, committed)
    }
  }

  func testJobsRunTheSuiteAtOnceAndReportItInTheSameOrder() throws {
    let tapes = try FileManager.default.contentsOfDirectory(
      atPath: PayDrillBinary.packageRoot.appendingPathComponent("Tapes").path
    ).filter { $0.hasSuffix(".tape") }.map { "Tapes/" + $0 }
    let one = try PayDrillBinary.run(["play", "--no-ledger", "--jobs", "1"] + tapes)
    let two = try PayDrillBinary.run(["play", "--no-ledger", "--jobs", "2"] + tapes)
    XCTAssertEqual(one.status, 0, one.standardError)
    XCTAssertEqual(two.status, 0, two.standardError)
    XCTAssertEqual(tapeLines(two.standardOutput), tapeLines(one.standardOutput))
    XCTAssertEqual(
      tapeLines(one.standardOutput).last, "\(tapes.count) passed, 0 failed (\(tapes.count) tapes)")
    // The shards of a matrix run every tape once, each shard the same tapes on every run.
    var sharded: [String] = []
    for index in 1...3 {
      let shard = try PayDrillBinary.run(["play", "--no-ledger", "--shard", "\(index)/3"] + tapes)
      XCTAssertEqual(shard.status, 0, shard.standardError)
      sharded += tapeLines(shard.standardOutput).filter { $0.hasPrefix("✔") }
    }
    XCTAssertEqual(sharded.sorted(), tapeLines(one.standardOutput).filter { $0.hasPrefix("✔") }.sorted())
    let bad = try PayDrillBinary.run(["play", "--shard", "4/3"] + tapes)
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.standardError.contains("--shard takes K/N with 1 ≤ K ≤ N"), bad.standardError)
  }

  func testWaitTimeoutExitsOneWithTheScreen() throws {
    let tape = folder.appendingPathComponent("never.tape")
    try "Wait@200ms /Payment successful/\n".write(to: tape, atomically: true, encoding: .utf8)
    let result = try PayDrillBinary.run(["play", tape.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.standardError.contains("never.tape:1: Wait /Payment successful/ timed out"), result.standardError
    )
    XCTAssertTrue(result.standardError.contains("Choose a payment method"))
  }

  /// Hardening: a tape that fails on the card form leaves no full card number in `--screen`, the JUnit file
  /// or the report on stderr (they go to CI artefacts), as screenshot bundles already masked it.
  func testAFailureOnTheCardFormLeavesNoCardNumberInTheArtefacts() throws {
    let tape = folder.appendingPathComponent("card-form.tape")
    try """
    Wait /Choose a payment method/
    Enter
    Type "4242 4242 4242 4242"
    Tab
    Type "12/34"
    Wait@300ms /Never shown/

    """.write(to: tape, atomically: true, encoding: .utf8)
    let screen = folder.appendingPathComponent("screen.txt")
    let junit = folder.appendingPathComponent("report.xml")
    let result = try PayDrillBinary.run([
      "play", tape.path, "--no-ledger", "--screen", screen.path, "--junit", junit.path,
    ])
    XCTAssertEqual(result.status, 1, result.standardError)
    let artefacts = [
      ("stderr", result.standardError), ("--screen", try String(contentsOf: screen, encoding: .utf8)),
      ("--junit", try String(contentsOf: junit, encoding: .utf8)),
    ]
    for (name, text) in artefacts {
      XCTAssertFalse(text.contains("4242 4242 4242 4242"), "\(name): \(text)")
      XCTAssertFalse(text.contains("4242424242424242"), name)
      XCTAssertTrue(text.contains("•••• •••• •••• 4242"), "\(name) shows the last four: \(text)")
    }
  }

  func testBadTapeExitsTwoNamingFileAndLine() throws {
    let tape = folder.appendingPathComponent("bad.tape")
    try "Enter\nTypo \"x\"\n".write(to: tape, atomically: true, encoding: .utf8)
    let result = try PayDrillBinary.run(["play", tape.path])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(
      result.standardError.hasPrefix("paydrill: \(tape.path):2: unknown command \"Typo\""),
      result.standardError)
  }

  func testBrokenScenarioExitsTwoWithOneLineEvenWithoutATerminal() throws {
    let scenario = folder.appendingPathComponent("broken.json")
    try """
    {"merchant": {"name": "M"}, "transaction": {"currency": "GBP", "merchantTransactionId": "t", "merchantShopperId": "s-1"},
     "items": [{"name": "A", "unitPrice": "1.234"}]}
    """.write(to: scenario, atomically: true, encoding: .utf8)
    let result = try PayDrillBinary.run(["--scenario", scenario.path])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(
      result.standardError,
      "paydrill: \(scenario.path): at items[0].unitPrice: GBP 1.234 has more decimals than GBP allows (2)\n")
    XCTAssertEqual(result.standardOutput, "", "the terminal is not touched")
  }

  func testBrokenThemeExitsTwo() throws {
    let theme = folder.appendingPathComponent("theme.json")
    try "{\"name\": \"t\", \"roles\": {\"error\": {\"fg\": \"#zz0000\"}}}".write(
      to: theme, atomically: true, encoding: .utf8)
    let result = try PayDrillBinary.run(["--theme", theme.path])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(
      result.standardError.hasPrefix("paydrill: \(theme.path): at roles.error.fg: unknown colour"),
      result.standardError)
  }

  func testWithoutATerminalSaysSoInOneLine() throws {
    let result = try PayDrillBinary.run([])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(
      result.standardError,
      "paydrill: not a terminal: run paydrill in a terminal, or replay a tape with `paydrill play TAPE`\n")
  }

  /// Issue 28: a tape's path that cannot be written was found when the session ended, and the recording
  /// was lost. `record TAPE` and `--record TAPE` check it first (exit 2, naming it), before the terminal.
  func testARecordingsTapePathIsCheckedBeforeTheSession() throws {
    let tape = folder.appendingPathComponent("missing/my.tape").path
    for arguments in [["record", tape], ["--record", tape]] {
      let result = try PayDrillBinary.run(arguments)
      XCTAssertEqual(result.status, 2)
      XCTAssertEqual(
        result.standardError,
        "paydrill: \(tape): cannot be written (its folder \(folder.appendingPathComponent("missing").path) "
          + "does not exist)\n", "\(arguments)")
    }
  }

  func testButtonsPrintWithoutATerminal() throws {
    let result = try PayDrillBinary.run([
      "buttons", "--type", "buy", "--style", "whiteOutline", "--radius", "8", "--print",
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(
      result.standardOutput.contains("│        Buy with Apple Pay        │"), result.standardOutput)
    XCTAssertTrue(result.standardOutput.hasSuffix("config.buttonRadius = 8.0\n"), result.standardOutput)
    let scenarios = try PayDrillBinary.run(["scenarios"])
    XCTAssertTrue(scenarios.standardOutput.contains("streammax-subscription"))
    let unknown = try PayDrillBinary.run(["--scenario", "nope"])
    XCTAssertEqual(unknown.status, 2)
    XCTAssertTrue(unknown.standardError.hasPrefix("paydrill: nope: no such scenario"), unknown.standardError)
  }

  /// Hardening: a body piped in (`--body /dev/stdin`) is read; it said "no such file".
  func testSignReadsABodyPipedInThroughDevStdin() throws {
    let binary = try PayDrillBinary.path()
    let result = try PayDrillBinary.launch(
      "/bin/sh",
      [
        "-c",
        "printf '{\"merchant\": \"M-1\"}' | '\(binary)' sign --token-id t --token-key k --body /dev/stdin "
          + "--timestamp 1754701373845 --request-id ce244054-b372-42c2-9102-f0d976db69f6",
      ])
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(
      result.standardOutput.contains(
        "t:1754701373845:ce244054-b372-42c2-9102-f0d976db69f6:api/v1/sessions:{\"merchant\":\"M-1\"}"),
      result.standardOutput)
  }

  func testSignPrintsTheSignatureAndNeverTheKey() throws {
    let body = folder.appendingPathComponent("body.json")
    try
      "{ \"merchant\": \"MERCHANT-1\", \"amounts\": { \"currencyCode\": \"USD\", \"transactionValue\": 25.00 } }"
      .write(to: body, atomically: true, encoding: .utf8)
    let result = try PayDrillBinary.run([
      "sign", "--token-id", "token-1", "--token-key", "s3cret-token-value", "--body", body.path,
      "--timestamp",
      "1754701373845", "--request-id", "req-1",
    ])
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(
      result.standardOutput.contains(
        "token-1:1754701373845:req-1:api/v1/sessions:{\"merchant\":\"MERCHANT-1\",\"amounts\":{\"currencyCode\":\"USD\",\"transactionValue\":25.00}}"
      ),
      result.standardOutput)
    XCTAssertTrue(result.standardOutput.contains("HMAC-SHA256 signature (hex): "))
    XCTAssertFalse(result.standardOutput.contains("s3cret-token-value"), "the token's value is never printed")
    // drop-in-implementation.md, Create an HMAC signature: a request id is "a unique UUID", a timestamp
    // "Unix milliseconds"; other values are signed with a warning.
    XCTAssertTrue(
      result.standardOutput.contains("Warning: the request id \"req-1\" is not a UUID"), result.standardOutput
    )
    let seconds = try PayDrillBinary.run([
      "sign", "--token-id", "token-1", "--token-key", "k", "--body", body.path, "--timestamp", "1754701373",
      "--request-id", "ce244054-b372-42c2-9102-f0d976db69f6",
    ])
    XCTAssertEqual(seconds.status, 0, seconds.standardError)
    XCTAssertTrue(
      seconds.standardOutput.contains("Warning: the timestamp 1754701373 looks like Unix seconds"),
      seconds.standardOutput)
    XCTAssertFalse(seconds.standardOutput.contains("request id"), seconds.standardOutput)
    let missing = try PayDrillBinary.run(["sign", "--token-id", "t"])
    XCTAssertEqual(missing.status, 2)
  }

  func testSessionRequestThroughTheSimulatedAPI() throws {
    let request = folder.appendingPathComponent("request.json")
    let body =
      #"{"merchant":"MERCHANT-1","site":"SITE-1","sessionTimeout":120,"merchantTransactionId":"m-1","#
      + #""transactionMethod":{"intent":{"card":"Authorisation","paypal":"Purchase"}},"#
      + #""amounts":{"currencyCode":"GBP","transactionValue":1.10},"allowTransaction":true,"serviceType":"CheckoutDropIn"}"#
    try body.write(to: request, atomically: true, encoding: .utf8)
    let created = try PayDrillBinary.run(["session", "--request", request.path])
    XCTAssertEqual(created.status, 0, created.standardError)
    XCTAssertTrue(created.standardOutput.contains("\"sessionId\""))
    XCTAssertTrue(created.standardOutput.contains("(redacted)"), "keys are never printed whole")
    try body.replacingOccurrences(of: "1.10", with: "1.234").write(
      to: request, atomically: true, encoding: .utf8)
    let refused = try PayDrillBinary.run(["session", "--request", request.path])
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(
      refused.standardError,
      "paydrill: the sessions API refused the request: 400 amounts.transactionValue: GBP 1.234 has more decimals than GBP allows (2)\n"
    )
    let signed = try PayDrillBinary.run([
      "session", "--request", request.path, "--signature", "00", "--token-id", "t", "--token-key", "k",
      "--timestamp", "1754701373", "--request-id", "r-1",
    ])
    XCTAssertEqual(signed.status, 1)
    let lines = signed.standardError.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3, signed.standardError)
    XCTAssertTrue(lines[0].hasPrefix("paydrill: warning: the timestamp 1754701373 looks like Unix seconds"))
    XCTAssertTrue(lines[1].hasPrefix("paydrill: warning: the request id \"r-1\" is not a UUID"))
    // The headers are checked before the signature (issue 25): the stale timestamp is what is refused.
    XCTAssertTrue(
      lines[2].hasPrefix("paydrill: the sessions API refused the request: 401 timestamp: stale"), lines[2])
  }

  func testSessionThroughTheExampleGatewayPlugin() throws {
    try PayDrillBinary.requirePython()
    let plugin =
      "python3 " + PayDrillBinary.packageRoot.appendingPathComponent("Examples/gateway-plugin.py").path
    let request = folder.appendingPathComponent("request.json")
    try #"{"merchant":"MERCHANT-1","site":"SITE-1"}"#.write(to: request, atomically: true, encoding: .utf8)
    let created = try PayDrillBinary.run(["session", "--request", request.path, "--gateway-plugin", plugin])
    XCTAssertEqual(created.status, 0, created.standardError)
    XCTAssertTrue(created.standardOutput.contains("\"sessionId\""), created.standardOutput)
    XCTAssertTrue(created.standardOutput.contains("(redacted)"), "the plugin's keys are redacted too")
    try #"{"site":"SITE-1"}"#.write(to: request, atomically: true, encoding: .utf8)
    let refused = try PayDrillBinary.run(["session", "--request", request.path, "--gateway-plugin", plugin])
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(
      refused.standardError,
      "paydrill: the sessions API refused the request: SESSION_REFUSED: 400 merchant: expected a string of 1 to 20 characters\n"
    )
  }

  /// Issue 25: what a plugin (or a hook) started outlived paydrill: it ran in paydrill's process group and
  /// only the plugin itself was ended. It now leads a group of its own, which paydrill ends whole.
  func testWhatAPluginStartedEndsWithPayDrill() throws {
    try PayDrillBinary.requirePython()
    let pidFile = folder.appendingPathComponent("grandchild.pid").path
    let wrapper = folder.appendingPathComponent("plugin.sh")
    try """
    sleep 300 &
    echo $! > '\(pidFile)'
    exec python3 '\(PayDrillBinary.packageRoot.appendingPathComponent("Examples/gateway-plugin.py").path)'
    """.write(to: wrapper, atomically: true, encoding: .utf8)
    let request = folder.appendingPathComponent("request.json")
    try #"{"merchant":"MERCHANT-1","site":"SITE-1"}"#.write(to: request, atomically: true, encoding: .utf8)
    let created = try PayDrillBinary.run([
      "session", "--request", request.path, "--gateway-plugin", "sh '\(wrapper.path)'",
    ])
    XCTAssertEqual(created.status, 0, created.standardError)
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let grandchild = try XCTUnwrap(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), text)
    defer { kill(grandchild, SIGKILL) }
    // Reaped by init or left a zombie for a moment: either way it no longer runs.
    func runs() -> Bool {
      guard kill(grandchild, 0) == 0 else { return false }
      // `ps` reads a process's state on Linux and macOS alike; Z is a zombie.
      let state =
        (try? PayDrillBinary.launch("/usr/bin/env", ["ps", "-o", "stat=", "-p", "\(grandchild)"]))?
        .standardOutput ?? ""
      return !state.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("Z")
    }
    let deadline = Date().addingTimeInterval(3)
    while runs(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    XCTAssertFalse(runs(), "the plugin's `sleep 300 &` (pid \(grandchild)) outlived paydrill")
  }

  /// Issue 25: under `ulimit -f`, `paydrill serve` died of SIGXFSZ (status 153) writing its ledger, without a
  /// word. The write fails instead, and the server says what it could not do: status 2.
  func testServeUnderAFileSizeLimitSaysWhyInsteadOfDying() throws {
    let ledger = folder.appendingPathComponent("ledger.sqlite3").path
    let result = try PayDrillBinary.run(
      ["serve", "--listen", "127.0.0.1:0", "--ledger", ledger],
      launcher: ["/bin/sh", "-c", #"ulimit -f 0; "$@""#, "sh"])
    XCTAssertEqual(result.status, 2, result.standardError)
    XCTAssertTrue(result.standardError.hasPrefix("paydrill: ledger \(ledger): "), result.standardError)
  }

  func testAPluginThatCannotStartIsReportedByPlay() throws {
    let events = folder.appendingPathComponent("events.jsonl").path
    let result = try PayDrillBinary.run([
      "play", PayDrillBinary.packageRoot.appendingPathComponent("Tapes/declined-card.tape").path,
      "--gateway-plugin", "no-such-plugin-command", "--events", events,
    ])
    XCTAssertEqual(result.status, 1, "the tape waits for a decline that never shows")
    let log = try String(contentsOfFile: events, encoding: .utf8)
    XCTAssertTrue(log.contains(#""errorCode":"PLUGIN_UNAVAILABLE""#), log)
  }

  /// Every output's path is checked before the first tape runs: a typo in `--junit` or `--screens` fails at
  /// once (exit 2, naming the path) and no tape is played, so nothing else is written either.
  func testEveryOutputPathIsCheckedBeforeTheFirstTapeRuns() throws {
    let tape = PayDrillBinary.packageRoot.appendingPathComponent("Tapes/pay-with-visa.tape").path
    let events = folder.appendingPathComponent("events.jsonl")
    let file = folder.appendingPathComponent("a-file")
    try "x".write(to: file, atomically: true, encoding: .utf8)
    let badPaths: [(option: String, path: String)] = [
      ("--junit", folder.appendingPathComponent("missing/report.xml").path),
      ("--screen", folder.appendingPathComponent("missing/screen.txt").path),
      ("--screens", file.appendingPathComponent("shots").path),
      ("--screens", file.path),
    ]
    for (option, path) in badPaths {
      let result = try PayDrillBinary.run([
        "play", tape, "--no-ledger", "--latency", "0", "--events", events.path, option, path,
      ])
      XCTAssertEqual(result.status, 2, "\(option) \(path): \(result.standardError)")
      XCTAssertTrue(result.standardError.contains(path), result.standardError)
      XCTAssertFalse(result.standardOutput.contains("✔"), "no tape ran: \(result.standardOutput)")
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: events.path), "\(option): no tape ran, so no events file")
    }
    let single = try PayDrillBinary.run(["play", tape, "--no-ledger", "--latency", "0"])
    XCTAssertEqual(single.status, 0, single.standardError)
    let lines = single.standardOutput.split(separator: "\n").map(String.init)
    guard lines.count == 2 else {
      return XCTFail("one line for the tape and the total, even for one tape: \(single.standardOutput)")
    }
    XCTAssertTrue(lines[0].hasPrefix("✔ \(tape) ("), lines[0])
    XCTAssertTrue(lines[1].hasPrefix("1 passed, 0 failed (1 tape, "), lines[1])
  }

  func testASuiteOfTapesWithJUnitAndTheHeadersScenario() throws {
    let tapes = PayDrillBinary.packageRoot.appendingPathComponent("Tapes")
    let failing = folder.appendingPathComponent("failing.tape")
    try """
    # paydrill: --scenario tokyo-yen --size 80x24
    Wait /お支払い方法を選択/
    Expect total "¥1,235"
    Expect@200ms event onSuccess
    """.write(to: failing, atomically: true, encoding: .utf8)
    let junit = folder.appendingPathComponent("report.xml")
    let result = try PayDrillBinary.run([
      "play", tapes.appendingPathComponent("pay-with-visa.tape").path,
      tapes.appendingPathComponent("avs-declined.tape").path, failing.path, "--latency", "0", "--junit",
      junit.path,
    ])
    XCTAssertEqual(result.status, 1, "one tape failed")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 4, result.standardOutput)
    XCTAssertTrue(lines[0].hasPrefix("✔ ") && lines[0].contains("pay-with-visa.tape"), lines[0])
    XCTAssertTrue(
      lines[1].hasPrefix("✔ ") && lines[1].contains("avs-declined.tape"), "its header's scenario")
    XCTAssertTrue(lines[2].hasPrefix("✘ \(failing.path):4 ("), lines[2])
    XCTAssertTrue(lines[2].hasSuffix(" s)"), "the tape's time: \(lines[2])")
    XCTAssertTrue(lines[3].hasPrefix("2 passed, 1 failed (3 tapes, "), lines[3])
    XCTAssertTrue(
      result.standardError.contains("failing.tape:4: Expect event onSuccess did not hold within 0.2 seconds"),
      result.standardError)
    XCTAssertTrue(result.standardError.contains("Shibuya Records"), "the header's scenario, on the screen")
    let xml = try String(contentsOf: junit, encoding: .utf8)
    XCTAssertTrue(xml.contains(#"<testsuite name="paydrill tapes" tests="3" failures="1""#), xml)
  }

  func testHelpVersionAndCards() throws {
    let help = try PayDrillBinary.run(["--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.standardOutput.contains("\n  play TAPE…  "), help.standardOutput)
    XCTAssertTrue(try PayDrillBinary.run(["--version"]).standardOutput.hasPrefix("paydrill "))
    let cards = try PayDrillBinary.run(["cards"])
    XCTAssertTrue(cards.standardOutput.contains("4000 0000 0000 9995  Visa              Insufficient funds"))
    let usage = try PayDrillBinary.run(["--nope"])
    XCTAssertEqual(usage.status, 2)
    XCTAssertEqual(
      usage.standardError,
      "paydrill: unknown option --nope\nusage: paydrill [options]  (see paydrill --help)\n")
  }
}
