import CheckoutEngine
import Foundation
import PayDrillApp
import PayDrillLoop

/// One real round of the Apple Pay sheet on the method list: the shopper opens it, then cancels it, each step
/// settled on the virtual clock (the merchant's answers and timers included). Each round records its
/// callbacks in the event log, so the figures that need a long log grow it the way a shopper would.
enum SheetCycle {
  /// Opens and cancels the sheet once; throws when the sheet did not open or did not close.
  static func run(on runtime: CheckoutRuntime) throws(BenchError) {
    runtime.send(.checkout(.selectMethod(.applePay)))
    runtime.settle()
    guard runtime.model.checkout.applePaySheet != nil else {
      throw BenchError("the Apple Pay sheet did not open (on \(runtime.model.checkout.screen))")
    }
    runtime.send(.checkout(.cancelSheet))
    runtime.settle()
    guard case .methodList = runtime.model.checkout.screen else {
      throw BenchError("cancelling the Apple Pay sheet did not go back to the method list")
    }
  }

  /// Runs rounds until the event log holds at least `events` events.
  static func grow(_ runtime: CheckoutRuntime, toEvents events: Int) throws(BenchError) {
    while runtime.model.checkout.events.count < events {
      try run(on: runtime)
    }
  }
}
