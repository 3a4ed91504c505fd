import CheckoutEngine
import Foundation
import OutputFiles
import PayDrillCommandLine
import PayDrillFiles
import PayDrillLoop
import PayDrillTools
import TerminalUI

/// `paydrill play TAPE…`: replays tapes headlessly, each with its header's options under the command line's,
/// checks their `Wait` and `Expect` lines, and reports: a readable report for each failure, a line per tape
/// for a suite, and JUnit XML with `--junit`.
enum PlayCommand {
  /// Runs the tapes; returns the exit status (0 all passed, 1 one failed, 2 bad input).
  static func run(_ paths: [String], arguments: [String], options: CommandLineOptions) -> Int32 {
    var tapes: [(Tape, CommandLineOptions, Scenario, Theme)] = []
    // A suite's tapes mostly share a theme: each is read once.
    var themes: [String: Theme] = [:]
    // `--shard K/N`: this part of the suite only.
    let paths = options.shard?.select(paths) ?? paths
    do {
      for path in paths {
        let tape = try Tape.load(path: path)
        let tapeOptions = try CommandLineOptions.parse(header: tape, arguments: arguments)
        let theme = try themes[tapeOptions.theme] ?? ThemeLocator.theme(named: tapeOptions.theme)
        themes[tapeOptions.theme] = theme
        tapes.append((tape, tapeOptions, try PayDrillCommand.loadScenario(tapeOptions), theme))
      }
    } catch {
      return PayDrillCommand.fail("\(error)")
    }
    // Every output's path, before the first tape runs: a suite is not played to lose its report to a typo.
    if let problem = outputProblem([options] + tapes.map(\.1)) { return PayDrillCommand.fail(problem) }
    var runs: [TapeRun] = []
    let started = ContinuousClock.now
    // `--jobs N`: N tapes at once, each in a checkout of its own; reported in the suite's order.
    let played = TapeSuiteRunner.map(
      tapes, jobs: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    ) { tape, tapeOptions, scenario, theme in
      play(tape, options: tapeOptions, scenario: scenario, theme: theme)
    }
    for ((_, tapeOptions, _, _), (run, screen, header, screenshotFailure)) in zip(tapes, played) {
      runs.append(run)
      if let failure = write(screen: screen, events: { header.eventsText(run.events) }, options: tapeOptions)
        ?? screenshotFailure
      {
        return PayDrillCommand.fail(failure)
      }
      print(run.summary)
      if let report = run.failureReport {
        FileHandle.standardError.write(Data("paydrill: \(report)\n".utf8))
      }
    }
    if let path = options.junitPath {
      do {
        try OutputFile.write(JUnitReport.xml(runs), to: path)
      } catch {
        return PayDrillCommand.fail(error.description)
      }
    }
    print(TapeRun.total(runs, duration: ContinuousClock.now - started))
    return runs.allSatisfy(\.passed) ? 0 : 1
  }

  /// Why one of the outputs the options name (`--junit`, `--screen`, `--events`, `--cast`, the `--screens`
  /// folder) could not be written when the run ends, if one could not (`OutputFile.check`).
  static func outputProblem(_ options: [CommandLineOptions]) -> String? {
    outputProblem(
      files: options.flatMap {
        [$0.junitPath, $0.screenPath, $0.eventsPath, $0.castPath].compactMap(\.self)
      },
      folders: options.compactMap { $0.screensFolder ?? $0.screenshotFolder })
  }

  /// Why one of these files or folders could not be written when the run ends, if one could not.
  static func outputProblem(files: [String], folders: [String] = []) -> String? {
    do {
      for file in files { try OutputFile.check(file) }
      for folder in folders { try OutputFile.checkFolder(folder) }
      return nil
    } catch {
      return error.description
    }
  }

  /// Plays one tape in a fresh checkout (with its theme, read once for the suite); returns the run, its final
  /// screen when `--screen` asks for it, the header of its events file (its seed), and why a `--screens`
  /// bundle or the `--cast` file could not be written, if one could not.
  static func play(_ tape: Tape, options: CommandLineOptions, scenario: Scenario, theme: Theme) -> (
    TapeRun, String?, RunHeader, String?
  ) {
    // `--screens DIR`: a screenshot bundle after every Wait and Expect, and at the end.
    let screenshots = (options.screensFolder ?? options.screenshotFolder).map {
      ScreenshotWriter(folder: $0, theme: theme)
    }
    // Its attempts are marked as the tape's replay in the ledger: they carry the tape's times.
    let checkout = CheckoutRun(
      options: options, scenario: scenario, screenshots: screenshots, live: false, replayOf: tape.file)
    defer { checkout.close() }
    let runtime = checkout.runtime
    let cast = options.castPath.map {
      ScreenCast(path: $0, runtime: runtime, theme: theme, title: ScreenCast.title(tape.file))
    }
    // Through the screenshot effect, as `s` saves one: the interpreter names it from the clock.
    func save(_ label: String) {
      if options.screensFolder != nil { runtime.send(.captureScreen(label: label)) }
    }
    let started = ContinuousClock.now
    let outcome = TapePlayer(runtime: runtime) { save("line\($0.line)") }.play(tape)
    let duration = ContinuousClock.now - started
    checkout.finishAttempts()
    save("end")
    let run = TapeRun(
      tape: tape, outcome: outcome, duration: duration, events: Array(runtime.model.checkout.events))
    let screen = options.screenPath.map { _ in TapePlayer.reportedScreen(runtime) }
    return (run, screen, RunHeader(runtime: runtime), cast?.write() ?? runtime.model.captureFailure?.notice)
  }

  /// Writes `--screen` and `--events` (each made only when asked for); returns an error message when a file
  /// cannot be written.
  private static func write(screen: String?, events: () -> String, options: CommandLineOptions) -> String? {
    if let path = options.screenPath, let screen {
      do {
        try OutputFile.write(screen + "\n", to: path)
      } catch {
        return error.description
      }
    }
    if let path = options.eventsPath { return PayDrillCommand.writeEvents(events(), to: path) }
    return nil
  }
}
