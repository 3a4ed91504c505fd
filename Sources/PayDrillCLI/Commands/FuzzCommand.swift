import CheckoutEngine
import Foundation
import PayDrillCommandLine
import PayDrillFiles
import PayDrillTools

/// `paydrill fuzz [--seed N] [--actions N] [--scenario NAME|PATH]`: drives the engine and the views with
/// random but valid-shaped input and checks the invariants after every step (see `Fuzzer`). Exit status 0
/// with a summary line, 1 when an invariant broke (the report names the seed, the step and the invariant and
/// prints a minimal tape), 2 for bad options.
public enum FuzzCommand {
  /// Its options, which the command line reads (`FuzzOptions`, in `PayDrillCommandLine`).
  public typealias Options = FuzzOptions

  /// How `play` reads a tape's header and what `paydrill check` says of a file, for the fuzzer's files.
  public static let readers = FuzzFiles.Readers(
    tapeHeader: { _ = try CommandLineOptions.parse(header: $0, arguments: []) },
    check: { CheckCommand.check(file: $0).problems },
    laterRefusals: { CheckCommand.laterRefusals(of: $0, file: $1) })

  /// Runs the fuzzer; returns the exit status.
  static func run(_ options: Options) -> Int32 {
    let scenarios: [Scenario]
    do {
      scenarios = try options.scenario.map { [try ScenarioLocator.scenario(named: $0)] } ?? Scenario.builtIn
    } catch {
      return PayDrillCommand.fail("\(error)")
    }
    let seed = options.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = Fuzzer(
      options: Fuzzer.Options(seed: seed, actions: options.actions, scenarios: scenarios, readers: readers)
    )
    .run()
    let elapsed = clock.now - start
    if let failure = outcome.failure {
      print(FuzzReport.failure(failure, seed: seed, scenarioOption: options.scenario))
      return 1
    }
    print(FuzzReport.summary(outcome, seed: seed, seconds: elapsed.inSeconds))
    return 0
  }
}
