import CheckoutEngine
import Foundation
import PayDrillApp
import PayDrillLoop
import TerminalUI

/// What a key costs as the event log grows: a `CheckoutRuntime` on a virtual clock (the app reducer and the
/// one interpreter) whose log was grown to some length by real rounds of the Apple Pay sheet (`SheetCycle`),
/// then Down and Up in turn on the method list through `press`, each followed by a frame (`render`), as the
/// terminal does. The log's length should not change what a key costs. Beside it, what one more round of the
/// sheet costs at that length.
enum KeyCostProbe {
  struct Figures {
    /// The log's length while the keys were timed.
    var events: Int
    /// One key and its frame: the fastest round's mean.
    var perKey: Duration
    /// One round of the sheet (open, settle, cancel, settle), after the keys: the mean of a few.
    var perSheetCycle: Duration
  }

  /// A runtime on the method list with at least `events` events in its log.
  static func runtime(withEvents events: Int) throws(BenchError) -> CheckoutRuntime {
    let runtime = ApplePayFlow().runtime()
    try SheetCycle.grow(runtime, toEvents: events)
    return runtime
  }

  /// The mean time of one key and its frame over `keys` presses.
  static func keyCost(_ runtime: CheckoutRuntime, keys: Int) throws(BenchError) -> Duration {
    let clock = ContinuousClock()
    let events = runtime.model.checkout.events.count
    var columns = 0
    let start = clock.now
    for index in 0..<keys {
      runtime.press(index.isMultiple(of: 2) ? .down : .up)
      columns &+= runtime.render().width
    }
    let elapsed = clock.now - start
    // Moving in the method list records nothing: the log is as long as it was.
    guard runtime.model.checkout.events.count == events, columns > 0 else {
      throw BenchError("the keys changed the event log (\(events) → \(runtime.model.checkout.events.count))")
    }
    return elapsed / keys
  }

  /// The figures at each length. The keys are timed at every length in turn, `rounds` times (so a busy
  /// moment of the machine falls on all of them alike), and the fastest round of each is kept, since what
  /// disturbs a measurement only adds time; then `cycles` rounds of the sheet at each length.
  static func measure(atEvents lengths: [Int], keys: Int, rounds: Int, cycles: Int) throws(BenchError)
    -> [Figures]
  {
    let runtimes = try lengths.map { (length) throws(BenchError) in try runtime(withEvents: length) }
    let events = runtimes.map { $0.model.checkout.events.count }
    var best = [Duration?](repeating: nil, count: lengths.count)
    for _ in 0..<rounds {
      for (index, runtime) in runtimes.enumerated() {
        let cost = try keyCost(runtime, keys: keys)
        best[index] = min(best[index] ?? cost, cost)
      }
    }
    let clock = ContinuousClock()
    var figures: [Figures] = []
    for (index, runtime) in runtimes.enumerated() {
      let start = clock.now
      for _ in 0..<cycles { try SheetCycle.run(on: runtime) }
      figures.append(
        Figures(
          events: events[index], perKey: best[index] ?? .zero, perSheetCycle: (clock.now - start) / cycles))
    }
    return figures
  }
}
