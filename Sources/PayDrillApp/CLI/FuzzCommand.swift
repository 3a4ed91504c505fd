import CheckoutEngine
import Foundation

/// `paydrill fuzz [--seed N] [--actions N] [--scenario NAME|PATH]`: drives the engine and the views with
/// random but valid-shaped input and checks the invariants after every step (see `Fuzzer`). Exit status 0
/// with a summary line, 1 when an invariant broke (the report names the seed, the step and the invariant and
/// prints a minimal tape), 2 for bad options.
public enum FuzzCommand {
  /// What `paydrill fuzz …` asked for.
  public struct Options: Equatable, Sendable {
    /// nil: a random seed, printed with the summary.
    public var seed: UInt64?
    public var actions = 100_000
    /// nil: every built-in scenario in turn.
    public var scenario: String?
  }

  /// Parses the arguments after `fuzz`.
  static func parse(_ arguments: ArraySlice<String>) throws -> Options {
    typealias UsageError = CommandLineOptions.UsageError
    var options = Options()
    var queue = arguments
    func value(for option: String) throws -> String {
      guard let next = queue.popFirst(), !next.hasPrefix("--") else {
        throw UsageError(message: "\(option) needs a value (see paydrill --help)")
      }
      return next
    }
    while let argument = queue.popFirst() {
      switch argument {
      case "--seed":
        let text = try value(for: argument)
        guard let seed = UInt64(text) else {
          throw UsageError(message: "--seed takes a whole number, not \"\(text)\"")
        }
        options.seed = seed
      case "--actions":
        let text = try value(for: argument)
        guard let actions = Int(text), (1...1_000_000_000).contains(actions) else {
          throw UsageError(message: "--actions takes a number from 1 to 1000000000, not \"\(text)\"")
        }
        options.actions = actions
      case "--scenario": options.scenario = try value(for: argument)
      default:
        throw UsageError(message: "unknown argument \(argument) of fuzz (see paydrill --help)")
      }
    }
    return options
  }

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
    let outcome = Fuzzer(options: Fuzzer.Options(seed: seed, actions: options.actions, scenarios: scenarios))
      .run()
    let (whole, fraction) = (clock.now - start).components
    if let failure = outcome.failure {
      print(FuzzReport.failure(failure, seed: seed, scenarioOption: options.scenario))
      return 1
    }
    print(FuzzReport.summary(outcome, seed: seed, seconds: Double(whole) + Double(fraction) / 1e18))
    return 0
  }
}
