import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillLedger

/// `paydrill fuzz`: runs checkouts one after another, each on the next scenario with its own seed derived
/// from the run's, for a random number of steps from `FuzzInput`, through a `FuzzHarness` that checks the
/// invariants after every step. The first broken invariant stops the run; its checkout's steps are replayed
/// and shrunk to a minimal sequence that still breaks the same invariant.
public struct Fuzzer {
  /// What to fuzz, and how much.
  public struct Options: Sendable {
    public var seed: UInt64
    /// How many steps in all.
    public var actions: Int
    /// The scenarios, taken in turn.
    public var scenarios: [Scenario]
    /// How many steps may pass between two renders of a changing screen.
    public var renderInterval: Int
    /// The most steps one checkout takes before the next begins.
    public var checkoutLength: Int
    /// How the command line reads the hostile files the fuzzer writes.
    public var readers: FuzzFiles.Readers

    public init(
      seed: UInt64, actions: Int, scenarios: [Scenario] = Scenario.builtIn, renderInterval: Int = 1,
      checkoutLength: Int = 400, readers: FuzzFiles.Readers
    ) {
      self.readers = readers
      self.seed = seed
      self.actions = actions
      self.scenarios = scenarios
      self.renderInterval = renderInterval
      self.checkoutLength = checkoutLength
    }
  }

  /// A broken invariant and how to see it again.
  public struct Failure: Sendable {
    public var violation: FuzzViolation
    public var scenario: Scenario
    /// The checkout's own seed (its gateway's and its input's).
    public var checkoutSeed: UInt64
    /// Which checkout of the run (1 for the first).
    public var checkout: Int
    /// The step of the whole run at which the invariant broke (1 for the first).
    public var step: Int
    /// The checkout's steps up to the failure.
    public var steps: [FuzzStep]
    /// The shrunk steps, and the violation they give.
    public var minimalSteps: [FuzzStep]
    public var minimalViolation: FuzzViolation
  }

  /// What a run did.
  public struct Outcome: Sendable {
    public var actions = 0
    public var checkouts = 0
    public var scenarioNames: [String] = []
    public var checks = 0
    public var eventsChecked = 0
    public var renders = 0
    /// How many hostile scenario and tape files were made and read.
    public var files = 0
    /// How many requests the fuzzer's plugin and hook processes were sent.
    public var processRequests = 0
    public var failure: Failure?
  }

  public let options: Options

  public init(options: Options) {
    self.options = options
  }

  /// Runs until `actions` steps are done or an invariant breaks.
  public func run() -> Outcome {
    var outcome = Outcome()
    var seeds = SeededRandom(seed: options.seed)
    // Where the hostile files are written; a file that broke the invariant stays, for `paydrill check`.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("paydrill-fuzz-files-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for name in names where !name.hasPrefix("kept-") {
        try? FileManager.default.removeItem(atPath: folder + "/" + name)
      }
      if !names.contains(where: { $0.hasPrefix("kept-") }) {
        try? FileManager.default.removeItem(atPath: folder)
      }
    }
    // An empty ledger, migrated once: each checkout's ledger is a copy of it.
    let ledgerTemplate = try? SQLiteLedger(path: ":memory:")
    // Each scenario's JSON, made once: the hostile scenario files of its checkouts are made from it.
    var scenarioTexts: [Int: String] = [:]
    while outcome.actions < options.actions, !options.scenarios.isEmpty {
      let scenarioIndex = outcome.checkouts % options.scenarios.count
      let scenario = options.scenarios[scenarioIndex]
      // Nine digits at most: the gateway panel shows the seed, and a longer one could pass for a card number.
      let checkoutSeed = seeds.next() % 1_000_000_000
      outcome.checkouts += 1
      if !outcome.scenarioNames.contains(scenario.name) { outcome.scenarioNames.append(scenario.name) }
      var harness = FuzzHarness(
        scenario: scenario, seed: checkoutSeed, renderInterval: options.renderInterval,
        ledgerTemplate: ledgerTemplate)
      var input = FuzzInput(seed: checkoutSeed, scenario: scenario)
      var steps: [FuzzStep] = []
      var violation = harness.start()
      let length = 1 + input.number(options.checkoutLength)
      while violation == nil, steps.count < length, outcome.actions < options.actions, !harness.hasQuit {
        for step in input.next(pending: harness.pendingCount, delivered: harness.deliveredCount) {
          guard violation == nil, !harness.hasQuit, outcome.actions < options.actions else { break }
          steps.append(step)
          outcome.actions += 1
          violation = harness.apply(step)
        }
      }
      harness.close()
      outcome.processRequests += harness.processRequests
      outcome.checks += harness.checks
      outcome.eventsChecked += harness.eventsChecked
      outcome.renders += harness.renders
      if violation == nil {
        var files = FuzzFiles(seed: checkoutSeed, folder: folder, readers: options.readers)
        outcome.files += FuzzFiles.filesPerCall
        outcome.checks += FuzzFiles.filesPerCall
        let text = scenarioTexts[scenarioIndex] ?? FuzzFiles.json(of: scenario)
        scenarioTexts[scenarioIndex] = text
        if let broken = files.check(fromJSON: text) {
          outcome.failure = Failure(
            violation: broken, scenario: scenario, checkoutSeed: checkoutSeed, checkout: outcome.checkouts,
            step: outcome.actions, steps: [], minimalSteps: [], minimalViolation: broken)
          break
        }
      }
      if let violation {
        outcome.failure = shrink(
          Failure(
            violation: violation, scenario: scenario, checkoutSeed: checkoutSeed, checkout: outcome.checkouts,
            step: outcome.actions, steps: steps, minimalSteps: steps, minimalViolation: violation))
        break
      }
    }
    return outcome
  }

  /// The failure with its steps shrunk to a minimal sequence that breaks the same invariant.
  func shrink(_ failure: Failure) -> Failure {
    var failure = failure
    var shrinker = FuzzShrinker()
    failure.minimalSteps = shrinker.shrink(failure.steps) { steps in
      Self.replay(steps, scenario: failure.scenario, seed: failure.checkoutSeed, renderInterval: 1)?
        .invariant == failure.violation.invariant
    }
    failure.minimalViolation =
      Self.replay(
        failure.minimalSteps, scenario: failure.scenario, seed: failure.checkoutSeed, renderInterval: 1)
      ?? failure.violation
    return failure
  }

  /// Replays steps in a fresh checkout; the first violation, if any.
  public static func replay(_ steps: [FuzzStep], scenario: Scenario, seed: UInt64, renderInterval: Int = 1)
    -> FuzzViolation?
  {
    var harness = FuzzHarness(scenario: scenario, seed: seed, renderInterval: renderInterval)
    defer { harness.close() }
    if let violation = harness.start() { return violation }
    for step in steps {
      if harness.hasQuit { return nil }
      if let violation = harness.apply(step) { return violation }
    }
    return nil
  }
}
