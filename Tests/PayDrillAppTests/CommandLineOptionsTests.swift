import TerminalUI
import XCTest

@testable import PayDrillCLI
@testable import PayDrillCommandLine

final class CommandLineOptionsTests: XCTestCase {
  func testDefaultsRunTheDemo() throws {
    let options = try CommandLineOptions.parse([])
    XCTAssertEqual(options.command, .run)
    XCTAssertNil(options.scenarioPath)
    XCTAssertEqual(options.theme, "dark")
  }

  func testPlayWithEveryOption() throws {
    let options = try CommandLineOptions.parse(
      [
        "play", "a.tape", "--size", "80x24", "--screen", "s.txt", "--events", "e.jsonl", "--latency", "0",
        "--scenario", "x.json", "--theme", "light",
      ])
    XCTAssertEqual(options.command, .play(tapes: ["a.tape"]))
    XCTAssertEqual(options.size, Size(columns: 80, rows: 24))
    XCTAssertEqual(options.screenPath, "s.txt")
    XCTAssertEqual(options.eventsPath, "e.jsonl")
    XCTAssertEqual(options.latencyMilliseconds, 0)
    XCTAssertEqual(options.scenarioPath, "x.json")
    XCTAssertEqual(options.theme, "light")
  }

  func testUsageErrors() {
    let cases: [([String], String)] = [
      (["--latency", "-5"], "--latency takes milliseconds from 0 to 600000, not \"-5\""),
      (["--latency", "soon"], "--latency takes milliseconds"),
      (["play", "a.tape", "--size", "big"], "--size takes COLUMNSxROWS"),
      (["--size", "80x24"], "the checkout does not take --size (an option of play)"),
      (["--frobnicate"], "unknown option --frobnicate"),
      (["dance"], "unknown command \"dance\""),
      (["play"], "play takes one or more tapes"),
      (["play", "a.tape", "b.tape", "--screen", "s.txt"], "--screen and --events take one tape"),
      (["--scenario"], "--scenario needs a value"),
    ]
    for (arguments, message) in cases {
      XCTAssertThrowsError(try CommandLineOptions.parse(arguments)) { error in
        XCTAssertTrue("\(error)".hasPrefix(message), "\(arguments): \(error)")
      }
    }
  }

  func testMerchantHookAndItsTimeout() throws {
    let options = try CommandLineOptions.parse(
      ["--merchant-hook", "python3 Examples/merchant-hook.py", "--hook-timeout", "0.5"])
    XCTAssertEqual(options.merchantHook, "python3 Examples/merchant-hook.py")
    XCTAssertEqual(options.hookTimeoutSeconds, 0.5)
    XCTAssertEqual(try CommandLineOptions.parse([]).hookTimeoutSeconds, 30, "PassKit's 30 seconds")
    for (arguments, message) in [
      (["--merchant-hook", " "], "--merchant-hook needs a command"),
      (["--hook-timeout", "0"], "--hook-timeout takes seconds from 0.1 to 600, not \"0\""),
    ] {
      XCTAssertThrowsError(try CommandLineOptions.parse(arguments)) { error in
        XCTAssertTrue("\(error)".hasPrefix(message), "\(error)")
      }
    }
    XCTAssertTrue(HelpText.usage.contains("--merchant-hook \"CMD ARGS\""))
  }

  func testHelpAndVersionWin() throws {
    XCTAssertEqual(try CommandLineOptions.parse(["play", "--help"]).command, .help(.play))
    XCTAssertEqual(try CommandLineOptions.parse(["play", "--zoom", "-h"]).command, .help(.play))
    XCTAssertEqual(try CommandLineOptions.parse(["--version"]).command, .version)
    XCTAssertEqual(try CommandLineOptions.parse(["-V"]).command, .version)
  }

  /// Issue 28: `--record TAPE` records the checkout as `paydrill record TAPE` does; only the checkout takes it.
  func testRecordOptionRecordsTheCheckout() throws {
    XCTAssertEqual(
      try CommandLineOptions.parse(["--record", "t.tape", "--scenario", "harbour-books"]).command,
      .record(tape: "t.tape"))
    XCTAssertEqual(try CommandLineOptions.parse(["record", "t.tape"]).command, .record(tape: "t.tape"))
    XCTAssertThrowsError(
      try CommandLineOptions.parse(["play", "Tapes/pay-with-visa.tape", "--record", "t.tape"]))
  }

  func testGatewayProfileOverridesTheScenariosAndApplePaysVariant() throws {
    let options = try CommandLineOptions.parse(["--gateway", "worldline"])
    XCTAssertEqual(options.gatewayProfile, .worldline)
    let scenario = try PayDrillCommand.loadScenario(options)
    XCTAssertEqual(scenario.gateway.profile, .worldline)
    XCTAssertEqual(scenario.applePay?.device.gatewayProfile, "worldline")
    XCTAssertEqual(try PayDrillCommand.loadScenario(CommandLineOptions.parse([])).gateway.profile, .default)
    XCTAssertThrowsError(try CommandLineOptions.parse(["--gateway", "stripe"])) { error in
      XCTAssertEqual("\(error)", "--gateway takes one of default, adyen, worldline, not \"stripe\"")
    }
  }
}
