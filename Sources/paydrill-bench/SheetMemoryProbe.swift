import CheckoutEngine
import Foundation
import PayDrillApp
import Platform

/// Memory over many rounds of the Apple Pay sheet (`SheetCycle`) through one runtime: what stays behind once
/// each sheet is gone. The events each round records stay in the log; nothing else should (its answers,
/// timers and requests die with the sheet).
enum SheetMemoryProbe {
  struct Figures {
    var cycles: Int
    /// Resident memory after the rounds less before them, in bytes.
    var residentGrowth: Int
    /// The heap in use after less before (`ProcessMemory.heapInUse`); nil where malloc does not say.
    var heapGrowth: Int?
    /// The events the rounds added to the log.
    var eventsAdded: Int
    /// Timers and answers still waiting on the interpreter's clock afterwards.
    var timerCount: Int
    var scheduledCount: Int
  }

  static func measure(cycles: Int) throws(BenchError) -> Figures {
    let runtime = ApplePayFlow().runtime()
    // One round first, so code and data touched the first time are not counted as growth.
    try SheetCycle.run(on: runtime)
    let eventsBefore = runtime.model.checkout.events.count
    guard let residentBefore = ProcessMemory.resident() else {
      throw BenchError("the system does not tell this process's resident memory")
    }
    let heapBefore = ProcessMemory.heapInUse()
    for _ in 0..<cycles {
      try SheetCycle.run(on: runtime)
    }
    let heapAfter = ProcessMemory.heapInUse()
    let residentAfter = ProcessMemory.resident() ?? residentBefore
    return Figures(
      cycles: cycles, residentGrowth: residentAfter - residentBefore,
      heapGrowth: heapBefore.flatMap { before in heapAfter.map { $0 - before } },
      eventsAdded: runtime.model.checkout.events.count - eventsBefore,
      timerCount: runtime.interpreter.timerCount, scheduledCount: runtime.interpreter.scheduledCount)
  }
}
