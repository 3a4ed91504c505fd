import CheckoutEngine
import Foundation

/// `paydrill play TAPE…`: replays tapes headlessly, each with its header's options under the command line's,
/// checks their `Wait` and `Expect` lines, and reports: a readable report for each failure, a line per tape
/// for a suite, and JUnit XML with `--junit`.
enum PlayCommand {
  /// Runs the tapes; returns the exit status (0 all passed, 1 one failed, 2 bad input).
  static func run(_ paths: [String], arguments: [String], options: CommandLineOptions) -> Int32 {
    var tapes: [(Tape, CommandLineOptions, Scenario)] = []
    do {
      for path in paths {
        let tape = try Tape.load(path: path)
        let tapeOptions: CommandLineOptions
        do {
          // The header first, so that the command line overrides it.
          tapeOptions = try CommandLineOptions.parse(tape.headerArguments + arguments)
        } catch {
          throw ConfigurationError(file: path, problem: "header: \(error)")
        }
        _ = try ThemeLocator.theme(named: tapeOptions.theme)
        tapes.append((tape, tapeOptions, try PayDrillCommand.loadScenario(tapeOptions)))
      }
    } catch {
      return PayDrillCommand.fail("\(error)")
    }
    let isSuite = tapes.count > 1 || options.junitPath != nil
    var runs: [TapeRun] = []
    for (tape, tapeOptions, scenario) in tapes {
      let (run, screen) = play(tape, options: tapeOptions, scenario: scenario)
      runs.append(run)
      if let failure = write(screen: screen, events: run.events, options: tapeOptions) {
        return PayDrillCommand.fail(failure)
      }
      if isSuite { print(run.summary) }
      if let report = run.failureReport {
        FileHandle.standardError.write(Data("paydrill: \(report)\n".utf8))
      }
    }
    if let path = options.junitPath {
      do {
        try JUnitReport.xml(runs).write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        return PayDrillCommand.fail("\(path): cannot be written")
      }
    }
    if isSuite {
      let failed = runs.filter { !$0.passed }.count
      print("\(runs.count - failed) passed, \(failed) failed")
    }
    return runs.allSatisfy(\.passed) ? 0 : 1
  }

  /// Plays one tape in a fresh checkout; returns the run and its final screen.
  static func play(_ tape: Tape, options: CommandLineOptions, scenario: Scenario) -> (TapeRun, String) {
    let plugin = PayDrillCommand.gatewayPlugin(options)
    defer { PayDrillCommand.shutDown(plugin) }
    let runtime = CheckoutRuntime(
      scenario: scenario, size: options.size,
      latencyMilliseconds: PayDrillCommand.latency(options, scenario: scenario), seed: options.seed,
      gateway: plugin)
    runtime.prepare { $0.gatewayPlugin = plugin?.command }
    let started = ContinuousClock.now
    let outcome = TapePlayer(runtime: runtime).play(tape)
    let run = TapeRun(
      tape: tape, outcome: outcome, duration: ContinuousClock.now - started,
      events: runtime.model.checkout.events)
    return (run, runtime.render().text)
  }

  /// Writes `--screen` and `--events`; returns an error message when a file cannot be written.
  private static func write(screen: String, events: [CallbackEvent], options: CommandLineOptions) -> String? {
    if let path = options.screenPath {
      do {
        try (screen + "\n").write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        return "\(path): cannot be written"
      }
    }
    if let path = options.eventsPath { return PayDrillCommand.writeEvents(events, to: path) }
    return nil
  }
}
