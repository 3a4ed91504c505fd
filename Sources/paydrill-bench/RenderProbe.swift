import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import PayDrillLoop
import TerminalUI

/// What a whole 200×60 frame (`RootView.render`) costs in a realistic session, not on an empty one: the
/// models come from `CheckoutRuntime` on the virtual clock, as a tester makes them. An Apple Pay payment, a
/// new checkout, a card the gateway declines, then back to the method list: the event pane is full. The same
/// with the Apple Pay sheet open over it. And the same method list after a session whose log first grew to
/// 1,000 and 100,000 events (real rounds of the sheet, `SheetCycle`): the frame shows the same payments, so
/// its cost should not depend on the log's length.
enum RenderProbe {
  /// The frame measured: a large terminal, where the event pane has the most to draw.
  static let size = Size(columns: 200, rows: 60)

  /// What a frame of one model costs.
  struct Frame {
    /// The event log's length in the model drawn.
    var events: Int
    /// One frame: the median of the rounds' means.
    var perFrame: Duration
  }

  struct Figures {
    /// The method list after the payment and the decline, the pane full.
    var methodList: Frame
    /// The Apple Pay sheet open over the same session.
    var sheet: Frame
    /// The method list after the same payments, in sessions whose log first grew to each length asked.
    var grown: [Frame]
  }

  /// The card the gateway declines with `CARD_DECLINED` (the simulator's table).
  static var declinedCard: String {
    TestCard.all.first { $0.decline?.errorCode == "CARD_DECLINED" && $0.threeDS == nil }?.number
      ?? "4000000000000002"
  }

  /// A session on the method list after an Apple Pay payment and a declined card, its log first grown to at
  /// least `events` events by rounds of the sheet.
  static func methodListRuntime(grownTo events: Int = 0) throws(BenchError) -> CheckoutRuntime {
    let flow = ApplePayFlow()
    let runtime = flow.runtime(size: size)
    try SheetCycle.grow(runtime, toEvents: events)
    flow.pay(on: runtime)
    guard case .result(.success) = runtime.model.checkout.screen else {
      throw BenchError("the Apple Pay payment did not succeed (on \(runtime.model.checkout.screen))")
    }
    let steps: [CheckoutAction] =
      [.startNewCheckout, .selectMethod(.card)] + type(declinedCard, into: .number)
      + type("1234", into: .expiry)
      + type("123", into: .securityCode) + type("Jane Doe", into: .holderName) + [.submitCard]
    for step in steps {
      runtime.send(.checkout(step))
      runtime.settle()
    }
    guard case .result(.failure) = runtime.model.checkout.screen else {
      throw BenchError("the declined card did not fail (on \(runtime.model.checkout.screen))")
    }
    for step in [CheckoutAction.tryAgain, .backToMethods] {
      runtime.send(.checkout(step))
      runtime.settle()
    }
    guard case .methodList = runtime.model.checkout.screen else {
      throw BenchError("the declined card did not lead back to the method list")
    }
    return runtime
  }

  /// The same session with the Apple Pay sheet open.
  static func sheetRuntime() throws(BenchError) -> CheckoutRuntime {
    let runtime = try methodListRuntime()
    runtime.send(.checkout(.selectMethod(.applePay)))
    runtime.settle()
    guard runtime.model.checkout.applePaySheet != nil else {
      throw BenchError("the Apple Pay sheet did not open (on \(runtime.model.checkout.screen))")
    }
    return runtime
  }

  /// The figures: `frames` frames a round for each model in turn (so a busy moment of the machine falls on
  /// all of them alike), `rounds` rounds, the median round of each kept.
  static func measure(grownTo lengths: [Int], frames: Int, rounds: Int) throws(BenchError) -> Figures {
    let models =
      try [methodListRuntime().model, sheetRuntime().model]
      + lengths.map { (length) throws(BenchError) in try methodListRuntime(grownTo: length).model }
    var costs = [[Duration]](repeating: [], count: models.count)
    for _ in 0..<rounds {
      for (index, model) in models.enumerated() {
        costs[index].append(frameCost(model, frames: frames))
      }
    }
    let measured = zip(models, costs).map { model, costs in
      Frame(events: model.checkout.events.count, perFrame: costs.sorted()[costs.count / 2])
    }
    return Figures(methodList: measured[0], sheet: measured[1], grown: Array(measured.dropFirst(2)))
  }

  /// The mean time of one frame of `model` over `frames` frames, drawn into one buffer as the terminal does.
  static func frameCost(_ model: AppModel, frames: Int) -> Duration {
    var buffer = ScreenBuffer(size: model.size)
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<frames { RootView.render(model, into: &buffer) }
    return (clock.now - start) / max(1, frames)
  }

  private static func type(_ text: String, into field: CardField) -> [CheckoutAction] {
    text.map { .type(String($0), into: field) } + [.leaveField(field)]
  }
}
