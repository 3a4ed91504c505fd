import CheckoutEngine
import GatewaySimulator
import StrictJSON
import XCTest

@testable import PayDrillCLI
@testable import PayDrillCommandLine
@testable import PayDrillTools

/// The command table: each command's options and help, the refusal of an option a command does not take,
/// "did you mean", `help COMMAND`, tape headers and `--version`.
final class CommandTableTests: XCTestCase {
  /// A value each placeholder accepts.
  private func sample(_ option: OptionSpec) -> String? {
    guard let placeholder = option.value else { return nil }
    if let first = option.choices.first { return first }
    let samples = [
      "NAME|PATH": "acme-electronics", "NAME": "tokyo-yen", "MS": "5", "N": "3", "S": "1", "X": "1",
      "\"CMD ARGS\"": "true", "PATH": "/tmp/x", "FILE": "f", "DIR": "d", "COLSxROWS": "80x24",
      "TIME": "2026-12-01T09:30:00.250Z", "POINTS": "4", "ID": "id", "KEY": "k", "UUID": "u", "HEX": "ab",
      "DAY": "2026-11-01", "K/N": "2/4", "ADDR": "127.0.0.1:0", "ID:KEY": "id:key", "BYTES": "1024",
      "TAPE": "t.tape",
    ]
    return samples[placeholder]
  }

  /// The words a command needs besides options.
  private func arguments(of name: CommandSpec.Name) -> [String] {
    switch name {
    case .checkout: []
    case .play, .record, .demo: [name.rawValue, "t.tape"]
    case .check: ["check", "f.json"]
    case .mergeJUnit: ["merge-junit", "tapes-1.xml"]
    default: [name.rawValue]
    }
  }

  private func usageError(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line)
    -> CommandLineOptions.UsageError?
  {
    do {
      let options = try CommandLineOptions.parse(arguments)
      XCTFail("\(arguments) parsed: \(options.command)", file: file, line: line)
    } catch let error as CommandLineOptions.UsageError {
      return error
    } catch {
      XCTFail("\(arguments): \(error)", file: file, line: line)
    }
    return nil
  }

  /// Whether a help lists an option: its synopsis at the start of a row, its summary beside it or under it.
  private func listed(_ option: OptionSpec, in help: String) -> Bool {
    help.contains("\n  \(option.synopsis) ") || help.contains("\n  \(option.synopsis)\n")
  }

  func testEveryCommandTakesEachOfItsOptionsAndRefusesTheOthersWithItsUsage() throws {
    for command in CommandTable.commands {
      for option in CommandTable.options where option.section != .global {
        // The checkout takes the server's options with --serve.
        let serving =
          command.name == .checkout && option.commands == CommandTable.serves ? ["--serve"] : []
        let typed =
          arguments(of: command.name) + serving + [option.name] + (sample(option).map { [$0] } ?? [])
        if option.commands.contains(command.name) {
          XCTAssertNoThrow(try CommandLineOptions.parse(typed), "\(typed)")
        } else if CommandTable.option(option.name, of: command.name) == nil {
          let error = usageError(typed)
          let name = command.name == .checkout ? "the checkout" : command.name.rawValue
          XCTAssertEqual(
            error?.message.hasPrefix("\(name) does not take \(option.name) (an option of "), true,
            "\(typed): \(error?.message ?? "")")
          XCTAssertEqual(error?.usage, command.usageHint)
        }
      }
    }
  }

  func testAnOptionSpeltTheSameTakesAValueEverywhereOrNowhere() {
    let options = CommandTable.options
    for (index, option) in options.enumerated() {
      for other in options[(index + 1)...] where other.name == option.name {
        XCTAssertEqual(option.value == nil, other.value == nil, option.name)
        XCTAssertTrue(
          option.commands.isDisjoint(with: other.commands), "\(option.name) twice for one command")
      }
    }
  }

  func testPlayRefusesZoomWithItsUsage() {
    let error = usageError(["play", "Tapes/pay-with-visa.tape", "--zoom"])
    XCTAssertEqual(error?.message, "play does not take --zoom (an option of the checkout, record and demo)")
    XCTAssertEqual(error?.usage, "usage: paydrill play TAPE… [options]  (see paydrill play --help)")
    XCTAssertEqual(
      error?.text,
      """
      play does not take --zoom (an option of the checkout, record and demo)
      usage: paydrill play TAPE… [options]  (see paydrill play --help)
      """)
    XCTAssertEqual(
      usageError(["--print"])?.message, "the checkout does not take --print (an option of buttons)")
    XCTAssertEqual(usageError(["history", "--no-ledger"])?.usage, CommandTable.command(.history).usageHint)
    XCTAssertEqual(
      usageError(["--typing-speed", "5", "play", "t.tape"])?.message,
      "play does not take --typing-speed (an option of demo)", "an option before the command is the command's"
    )
  }

  func testAnOptionWithoutItsValueShowsTheUsage() {
    let error = usageError(["play", "t.tape", "--screen"])
    XCTAssertEqual(error?.message, "--screen needs a value")
    XCTAssertEqual(error?.usage, "usage: paydrill play TAPE… [options]  (see paydrill play --help)")
    XCTAssertEqual(usageError(["--latency", "--seed", "3"])?.message, "--latency needs a value")
  }

  func testDidYouMeanACommand() {
    XCTAssertEqual(usageError(["plya"])?.message, "unknown command \"plya\"; did you mean \"play\"?")
    XCTAssertEqual(usageError(["histroy"])?.message, "unknown command \"histroy\"; did you mean \"history\"?")
    XCTAssertEqual(
      usageError(["scenario"])?.message, "unknown command \"scenario\"; did you mean \"scenarios\"?")
    XCTAssertEqual(
      usageError(["help", "chekc"])?.message, "unknown command \"chekc\"; did you mean \"check\"?")
    XCTAssertEqual(
      usageError(["Tapes/pay-with-visa.tape"])?.message,
      "unknown command \"Tapes/pay-with-visa.tape\"; did you mean paydrill play Tapes/pay-with-visa.tape?")
    let far = usageError(["dance"])
    XCTAssertEqual(
      far?.message,
      "unknown command \"dance\" (the commands: play, merge-junit, record, demo, check, schema, buttons, "
        + "scenarios, cards, sign, session, serve, history, fuzz, completions, man, help)")
    XCTAssertEqual(far?.usage, "usage: paydrill [COMMAND] [options]  (see paydrill --help)")
  }

  func testDidYouMeanAnOption() {
    XCTAssertEqual(
      usageError(["play", "t.tape", "--sead", "3"])?.message,
      "unknown option --sead of play; did you mean --seed?")
    XCTAssertEqual(
      usageError(["--scenaro", "x"])?.message, "unknown option --scenaro; did you mean --scenario?")
    XCTAssertEqual(usageError(["--laten", "0"])?.message, "unknown option --laten; did you mean --latency?")
    XCTAssertEqual(
      usageError(["history", "--jsno"])?.message, "unknown option --jsno of history; did you mean --json?")
    XCTAssertEqual(
      usageError(["demo", "t.tape", "-zoom"])?.message, "unknown option -zoom of demo; did you mean --zoom?")
    XCTAssertEqual(usageError(["--frobnicate"])?.message, "unknown option --frobnicate", "nothing near")
    XCTAssertEqual(usageError(["--frobnicate"])?.usage, "usage: paydrill [options]  (see paydrill --help)")
    XCTAssertEqual(
      usageError(["--frobnicate", "x"])?.message, "unknown option --frobnicate",
      "the option is what is wrong, not a command x")
    XCTAssertEqual(
      usageError(["history", "shwo", "3"])?.message,
      "history takes options, or show ID; did you mean \"show\"?")
  }

  func testSuggestionsAreNearOnly() {
    XCTAssertEqual(Suggestion.distance(Array("plya"), Array("play")), 1, "a swap is one edit")
    XCTAssertEqual(Suggestion.distance(Array("kitten"), Array("sitting")), 3)
    XCTAssertNil(Suggestion.nearest(to: "zzz", among: ["play", "demo"]))
    XCTAssertEqual(Suggestion.nearest(to: "dem", among: ["play", "demo"]), "demo")
    XCTAssertEqual(Suggestion.nearest(to: "--scen", among: ["--scenario", "--seed"]), "--scenario")
    XCTAssertNil(Suggestion.nearest(to: "--s", among: ["--scenario", "--seed"]), "too short to guess")
  }

  func testHelpCommandAndDashDashHelpAreTheSame() throws {
    for command in CommandTable.commands where command.name != .checkout {
      XCTAssertEqual(
        try CommandLineOptions.parse(["help", command.name.rawValue]).command, .help(command.name))
      XCTAssertEqual(
        try CommandLineOptions.parse([command.name.rawValue, "--help"]).command, .help(command.name))
    }
    XCTAssertEqual(try CommandLineOptions.parse(["help"]).command, .help(nil))
    XCTAssertEqual(try CommandLineOptions.parse(["--help"]).command, .help(nil))
    XCTAssertEqual(try CommandLineOptions.parse(["-h"]).command, .help(nil))
    XCTAssertEqual(try CommandLineOptions.parse(["help", "play", "--help"]).command, .help(.play))
    XCTAssertEqual(usageError(["help", "play", "demo"])?.message, "help takes one command, not 2")
    XCTAssertEqual(
      try CommandLineOptions.parse(["sign", "--token-key", "-h"]).sign.tokenKey, "-h", "a value is no option")
  }

  func testEachCommandsHelpHasItsUsageOptionsExampleAndExitStatus() {
    for command in CommandTable.commands where command.name != .checkout {
      let help = HelpText.help(for: command.name)
      XCTAssertTrue(help.hasPrefix("paydrill \(command.name.rawValue): \(command.summary)\n"), help)
      XCTAssertTrue(help.contains("Usage: \(command.usage)\n"), help)
      for option in command.options {
        XCTAssertTrue(listed(option, in: help), "\(command.name): \(option.name)")
      }
      for option in CommandTable.options where !option.commands.contains(command.name) {
        if CommandTable.option(option.name, of: command.name) == nil {
          XCTAssertFalse(help.contains("  \(option.name) "), "\(command.name) lists \(option.name)")
        }
      }
      XCTAssertTrue(help.contains("\n  " + (command.examples.first ?? "?") + "\n"), help)
      XCTAssertTrue(help.contains("Exit status: 0 "), help)
      XCTAssertTrue(help.hasSuffix("Docs: docs/reference/cli.md"), help)
      for line in help.split(separator: "\n") {
        XCTAssertLessThanOrEqual(line.count, HelpText.width, "\(command.name): \(line)")
      }
    }
    XCTAssertEqual(HelpText.help(for: nil), HelpText.usage)
    XCTAssertEqual(HelpText.help(for: .checkout), HelpText.usage)
  }

  func testPlaysHelp() {
    let help = HelpText.help(for: .play)
    XCTAssertTrue(help.contains("Usage: paydrill play TAPE… [options]"), help)
    XCTAssertTrue(help.contains("  --junit FILE          write a JUnit XML report of the tapes"), help)
    XCTAssertTrue(help.contains("  --scenario NAME|PATH  a built-in scenario"), help)
    XCTAssertFalse(help.contains("--zoom"), help)
    XCTAssertTrue(
      help.contains("paydrill play Tapes/*.tape --latency 50 --no-ledger --junit report.xml"), help)
    XCTAssertTrue(help.contains("Exit status: 0 every tape passed; 1 a tape failed"), help)
  }

  func testTheOverviewListsTheCommandsTheCheckoutsOptionsAndTheExitStatus() {
    let help = HelpText.usage
    for command in CommandTable.commands where command.name != .checkout {
      XCTAssertTrue(help.contains("\n  \(command.name.rawValue)"), "\(command.name)")
    }
    for option in CommandTable.command(.checkout).options {
      XCTAssertTrue(listed(option, in: help), option.name)
    }
    XCTAssertFalse(help.contains("--junit"), "play's own options are in paydrill help play")
    XCTAssertTrue(help.contains("\n  0       done\n"), help)
    XCTAssertTrue(help.contains("\n  1       a failure: a tape failed"), help)
    XCTAssertTrue(help.contains("\n  2       usage or bad input"), help)
    XCTAssertTrue(help.contains("\n  128+N   "), help)
    XCTAssertTrue(help.contains("Docs: docs/reference/cli.md"), help)
    for line in help.split(separator: "\n") {
      XCTAssertLessThanOrEqual(line.count, HelpText.width, String(line))
    }
  }

  func testTheVersionLineNamesTheCommit() {
    let pattern = #"^paydrill \d+\.\d+\.\d+ \(commit ([0-9a-f]{7,}|unknown)\)$"#
    for commit in ["abc1234", "unknown"] {
      let line = HelpText.versionLine(commit: commit)
      XCTAssertNotNil(line.range(of: pattern, options: .regularExpression), line)
    }
    XCTAssertEqual(HelpText.versionLine(commit: "abc1234"), "paydrill \(HelpText.version) (commit abc1234)")
  }

  func testATapeHeaderTakesTheOptionsThatSetUpTheCheckout() throws {
    let tape = Tape(
      file: "t.tape", steps: [],
      headerArguments: [
        "--scenario", "harbour-books", "--size", "80x24", "--clock-start", "2026-12-01T09:30:00.250Z",
      ])
    let demo = try CommandLineOptions.parse(header: tape, arguments: ["demo", "t.tape", "--zoom"])
    XCTAssertEqual(demo.command, .demo(tape: "t.tape"))
    XCTAssertEqual(demo.scenarioPath, "harbour-books")
    XCTAssertEqual(demo.size.columns, 80, "demo takes --size from a header only")
    XCTAssertThrowsError(
      try CommandLineOptions.parse(header: tape, arguments: ["demo", "t.tape", "--size", "60x20"]))
    XCTAssertTrue(demo.zoom)
    let play = try CommandLineOptions.parse(header: tape, arguments: ["play", "t.tape", "--size", "60x20"])
    XCTAssertEqual(play.size.columns, 60, "the command line wins")
    for (header, problem) in [
      (["--events", "e.jsonl"], "t.tape: header: a tape's header does not take --events"),
      (["--sede", "3"], "t.tape: header: unknown option --sede; did you mean --seed?"),
      (["harbour-books"], "t.tape: header: a tape's header takes options only, not \"harbour-books\""),
    ] {
      XCTAssertThrowsError(
        try CommandLineOptions.parse(
          header: Tape(file: "t.tape", steps: [], headerArguments: header), arguments: ["play", "t.tape"])
      ) { error in
        XCTAssertTrue("\(error)".hasPrefix(problem), "\(error)")
      }
    }
  }

  func testFuzzAndHistoryKeepTheirOwnSeedScenarioAndLedger() throws {
    let fuzz = try CommandLineOptions.parse(["fuzz", "--seed", "9", "--scenario", "tokyo-yen"])
    XCTAssertEqual(fuzz.command, .fuzz(FuzzCommand.Options(seed: 9, actions: 100_000, scenario: "tokyo-yen")))
    XCTAssertNil(fuzz.seed, "not the gateway's seed")
    XCTAssertNil(fuzz.scenarioPath)
    let history = try CommandLineOptions.parse([
      "--ledger", "l.sqlite3", "history", "--scenario", "tokyo-yen",
    ])
    guard case .history(let options) = history.command else { return XCTFail("\(history.command)") }
    XCTAssertEqual(options.ledger, .file("l.sqlite3"))
    XCTAssertEqual(options.filter.scenario, "tokyo-yen")
    XCTAssertNil(history.scenarioPath)
  }

  func testCompletionsTakeOneKnownShellAndManNone() throws {
    for shell in CompletionScript.Shell.allCases {
      XCTAssertEqual(
        try CommandLineOptions.parse(["completions", shell.rawValue]).command, .completions(shell: shell))
    }
    let misspelt = usageError(["completions", "bsh"])
    XCTAssertEqual(misspelt?.message, "there is no completion script for \"bsh\"; did you mean \"bash\"?")
    XCTAssertEqual(
      misspelt?.usage, "usage: paydrill completions bash|zsh|fish  (see paydrill completions --help)")
    XCTAssertEqual(
      usageError(["completions", "tcsh"])?.message,
      "there is no completion script for \"tcsh\"; the shells are bash, zsh and fish")
    XCTAssertEqual(usageError(["completions"])?.message, "completions takes one shell: bash, zsh or fish")
    XCTAssertEqual(try CommandLineOptions.parse(["man"]).command, .man)
    XCTAssertEqual(usageError(["man", "1"])?.message, "man takes no argument, not \"1\"")
  }

  func testMergeJUnitTakesReportsAndHandsThemToItsProgramAfterDashDash() throws {
    let options = try CommandLineOptions.parse([
      "merge-junit", "a.xml", "--output", "all.xml", "--", "-odd.xml",
    ])
    XCTAssertEqual(
      options.command,
      .mergeJUnit(MergeJUnitCommand.Options(reports: ["a.xml", "-odd.xml"], output: "all.xml")))
    guard case .mergeJUnit(let merge) = options.command else { return }
    XCTAssertEqual(merge.programArguments, ["--output", "all.xml", "--", "a.xml", "-odd.xml"])
    XCTAssertEqual(
      MergeJUnitCommand.Options(reports: ["a.xml"]).programArguments, ["--", "a.xml"], "standard output")
    XCTAssertEqual(
      MergeJUnitCommand.candidates(besides: URL(fileURLWithPath: "/opt/pd/bin/paydrill")).map(\.path),
      ["/opt/pd/bin/paydrill-merge-junit", "/opt/pd/libexec/paydrill/paydrill-merge-junit"])
    XCTAssertEqual(usageError(["merge-junit"])?.message, "merge-junit takes the JUnit reports to merge")
    XCTAssertEqual(
      usageError(["merge-junit", "a.xml", "--junit", "b.xml"])?.message,
      "merge-junit does not take --junit (an option of play)")
  }

  func testSchemaTakesOneKnownName() throws {
    XCTAssertEqual(try CommandLineOptions.parse(["schema", "scenario"]).command, .schema(name: "scenario"))
    XCTAssertEqual(try CommandLineOptions.parse(["schema", "theme"]).command, .schema(name: "theme"))
    let misspelt = usageError(["schema", "theem"])
    XCTAssertEqual(misspelt?.message, "there is no schema \"theem\"; did you mean \"theme\"?")
    XCTAssertEqual(misspelt?.usage, "usage: paydrill schema scenario|theme  (see paydrill schema --help)")
    XCTAssertEqual(usageError(["schema"])?.message, "schema takes one name: scenario or theme")
    XCTAssertNotNil(usageError(["schema", "scenario", "--zoom"]), "schema takes no checkout option")
  }

  /// `paydrill --serve` starts paydrill-serve with a command line of its own: every limit given reaches it.
  func testTheCheckoutsServerGetsEveryLimitOfItsCommandLine() throws {
    let options = try CommandLineOptions.parse([
      "--serve", "--max-body", "2048", "--max-connections", "7", "--connection-timeout", "3",
      "--request-timeout", "9",
    ])
    XCTAssertEqual(options.serve.limits.requestTimeoutSeconds, 9)
    XCTAssertEqual(ServerLimits().requestTimeoutSeconds, 30, "the default")
    let server = try CommandLineOptions.parse(options.serve.arguments(ledger: .off))
    XCTAssertEqual(server.command, .serve)
    XCTAssertEqual(server.serve, options.serve)
    let refused = usageError(["serve", "--request-timeout", "0"])
    XCTAssertTrue(
      refused?.message.contains("seconds from 1 to 3600") == true, "\(String(describing: refused))")
  }
  /// Issue 25: `--token` put the key in the process list, the checkout's child's too. Tokens come from a file
  /// (`--token-file`) or the environment (`PAYDRILL_TOKEN`) as well, and the child gets them all in its
  /// environment, none on its command line.
  func testTokensComeFromAFileOrTheEnvironmentAndReachTheChildOutOfItsCommandLine() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID()).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    try "# the team's\nci:key-1\n\n  qa:key:2  \n".write(to: file, atomically: true, encoding: .utf8)
    let parsed = try CommandLineOptions.parse(["--serve", "--token-file", file.path, "--token", "cli:key-3"])
    let options = try ServeOptions.resolvingTokens(
      of: parsed, environment: [ServeOptions.tokenVariable: "env:key-4"])
    XCTAssertEqual(options.serve.tokens.map(\.id), ["cli", "ci", "qa", "env"])
    XCTAssertEqual(options.serve.tokens[2].key, "key:2", "a key may hold colons")
    XCTAssertTrue(options.serve.keyOnCommandLine, "--token warns")
    let arguments = options.serve.arguments(ledger: .off)
    XCTAssertFalse(arguments.joined(separator: " ").contains("key-"), "\(arguments)")
    let environment = options.serve.environment(over: ["PATH": "/bin"])
    XCTAssertEqual(environment[ServeOptions.tokenVariable], "cli:key-3\nci:key-1\nqa:key:2\nenv:key-4")
    let child = try ServeOptions.resolvingTokens(
      of: CommandLineOptions.parse(arguments), environment: environment)
    XCTAssertEqual(child.serve.acceptedTokens, options.serve.tokens)
    XCTAssertFalse(child.serve.keyOnCommandLine)

    try "ci:key-1\nno-colon-secret\n".write(to: file, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(
      try ServeOptions.resolvingTokens(of: CommandLineOptions.parse(["serve", "--token-file", file.path]))
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "--token-file \(file.path): line 2 is not ID:KEY (both parts non-empty)", "the line, never the key")
    }
    let play = try ServeOptions.resolvingTokens(
      of: CommandLineOptions.parse(["play", "t.tape"]), environment: [ServeOptions.tokenVariable: "x"])
    XCTAssertEqual(play.serve.tokens, [], "only serve and --serve read the variable")
  }
}
