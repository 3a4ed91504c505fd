import Dispatch
import Synchronization

/// Runs the tapes of a suite on `jobs` threads at once (`--jobs N`): each tape in a checkout of its own, on its
/// own clock, so they cannot meet; the results come back in the suite's order, as one job gives them.
public enum TapeSuiteRunner {
  /// The result of each input, in order, computed `jobs` at a time.
  public static func map<Input: Sendable, Output: Sendable>(
    _ inputs: [Input], jobs: Int, _ run: @Sendable (Input) -> Output
  ) -> [Output] {
    guard jobs > 1, inputs.count > 1 else { return inputs.map(run) }
    let results = Mutex<[Int: Output]>([:])
    let next = Atomic<Int>(0)
    // `jobs` workers take the next input in turn: a slow tape does not hold back the others.
    DispatchQueue.concurrentPerform(iterations: min(jobs, inputs.count)) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < inputs.count else { return }
        let output = run(inputs[index])
        results.withLock { $0[index] = output }
      }
    }
    return results.withLock { outputs in inputs.indices.map { outputs[$0]! } }
  }
}
