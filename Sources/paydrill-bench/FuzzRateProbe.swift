/// The fuzzer's steps per CPU-second, every invariant checked after every step: `paydrill fuzz --seed 1
/// --actions N` as a child process, its user+system CPU time (start-up included, once).
enum FuzzRateProbe {
  struct Figures {
    var steps: Int
    var cpuSeconds: Double

    var stepsPerCPUSecond: Double { Double(steps) / cpuSeconds }
  }

  static func measure(_ executable: String, steps: Int = 20_000) throws(BenchError) -> Figures {
    let cpu = try ChildProcessRun(
      executable, ["fuzz", "--seed", "1", "--actions", "\(steps)"], name: "paydrill fuzz",
      failure: "an invariant broke"
    ).cpuSeconds
    return Figures(steps: steps, cpuSeconds: cpu)
  }

  /// The line `paydrill-bench` prints, with its goal.
  static func lines(paydrill executable: String) throws(BenchError) -> [String] {
    let figures = try measure(executable)
    return [
      "fuzzer: " + String(format: "%.0f steps per CPU-second", figures.stepsPerCPUSecond)
        + " (\(BenchGoal.atLeast(20_000, "steps/CPU-s").verdict(figures.stepsPerCPUSecond))), "
        + String(format: "paydrill fuzz --seed 1 --actions %d in %.2f s", figures.steps, figures.cpuSeconds)
        + " of the child's user+system CPU, every invariant after every step"
    ]
  }
}
