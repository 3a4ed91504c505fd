import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport
@testable import PayDrillApp
@testable import PayDrillLoop

/// The one test store: the app as the program runs it (`AppReducer` and the one `EffectInterpreter`, on a
/// virtual clock), asserted exhaustively in the spirit of TCA's `TestStore`: `send` states the change an
/// action makes and the effects it asks for; time passes with `advance`; every action that comes back from the
/// interpreter (an effect's answer, a spinner tick) must then be `receive`d, with its change and its effects,
/// in order. `finish` fails on anything left unasserted.
///
/// The request book is part of the state asserted: a test says which ids an action issued and which it
/// answered with the book's helpers (`$0.checkout.requests.issued(RequestID(1), .beforeSubmit(.card))`,
/// `.answered(RequestID(1))`), and `assertDrops` checks that an answer nothing waits for is dropped. The book
/// is never copied from the actual model.
///
/// A test that only cares about part of the flow says so with `exhaustivity: .off`: then `update` states
/// only what it checks (the rest may change), effects are checked only when given, `receive` skips the
/// actions before the one it names, and what came back unasserted is not a failure.
final class AppTestStore {
  /// Whether every change, effect and action that comes back must be asserted (`.on`, the default), or only
  /// those a test names (`.off`).
  enum Exhaustivity { case on, off }

  let runtime: CheckoutRuntime
  var exhaustivity: Exhaustivity
  /// The model as the test last asserted it.
  private(set) var model: AppModel
  /// What came back from the interpreter and is not asserted yet: the action, the model after it, and the
  /// effects it asked for.
  private var received: [Step] = []
  /// Every action the runtime applied since the last look, as the observer saw it.
  private var log: [Step] = []
  /// Every effect the interpreter performed since the start, in order: what a test that is not exhaustive
  /// reads the effects it cares about from (the attempts the ledger stores, say).
  private(set) var performed: [AppEffect] = []

  private struct Step {
    var action: AppAction
    var model: AppModel
    var effects: [AppEffect] = []
  }

  convenience init(
    scenario: Scenario = .acmeElectronics, size: Size = Size(columns: 100, rows: 32), latency: Int = 600,
    gateway: (any PaymentGateway)? = nil, hooks: (any MerchantHooks)? = nil, exhaustivity: Exhaustivity = .on
  ) {
    var scenario = scenario
    scenario.gateway.latency = [:]
    self.init(
      runtime: CheckoutRuntime(
        scenario: scenario, size: size, latencyMilliseconds: latency, gateway: gateway, hooks: hooks,
        clock: .virtual(startingAt: Fixture.now), timeZone: TimeZone(identifier: "UTC")!),
      exhaustivity: exhaustivity)
  }

  /// A store over a model built elsewhere (a fixture's), with `gateway` and the scenario's merchant rules,
  /// on a virtual clock that starts at `Fixture.now`.
  convenience init(model: AppModel, gateway: any PaymentGateway, exhaustivity: Exhaustivity = .on) {
    self.init(
      runtime: CheckoutRuntime(
        model: model,
        dependencies: Dependencies(
          gateway: gateway, hooks: ScenarioMerchantHooks(scenario: model.checkout.scenario),
          clock: .virtual(startingAt: Fixture.now))),
      exhaustivity: exhaustivity)
  }

  /// A store over a runtime built for the test (its own ledger, its own clipboard).
  init(runtime: CheckoutRuntime, exhaustivity: Exhaustivity) {
    self.runtime = runtime
    self.exhaustivity = exhaustivity
    model = runtime.model
    runtime.observer = { [unowned self] observation in
      switch observation {
      case .applied(let action): self.log.append(Step(action: action, model: self.runtime.model))
      case .performed(let effect):
        self.log[self.log.count - 1].effects.append(effect)
        self.performed.append(effect)
      }
    }
  }

  /// The clock's time since the start.
  var elapsed: Duration { runtime.clock.elapsed }

  /// Sends an action; `update` turns the model before it into the one expected after it, and `effects` are
  /// exactly the effects it asks for (in order; none when not given, unchecked when not given and not
  /// exhaustive). Answers that come back at once are to be `receive`d.
  func send(
    _ action: AppAction, effects expected: [AppEffect]? = nil, file: StaticString = #filePath,
    line: UInt = #line, _ update: (inout AppModel) -> Void = { _ in }
  ) {
    if exhaustivity == .on {
      XCTAssertTrue(
        received.isEmpty, "unreceived before send: \(received.map(\.action))", file: file, line: line)
    }
    received = []
    log = []
    runtime.send(action)
    let sent = log.removeFirst()
    received += log
    log = []
    check(sent.effects, expected, of: action, file: file, line: line)
    expect(sent.model, after: action, update, file: file, line: line)
  }

  /// Sends actions in order without asserting their changes or effects: for a test that is not exhaustive,
  /// the keys that lead to what it checks.
  func send(_ actions: [AppAction], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(
      exhaustivity, .off, "a sequence of actions is sent without assertions", file: file, line: line)
    for action in actions { send(action, file: file, line: line) }
  }

  /// Sends an answer under an id nothing waits for (it came late, twice, or for a sheet that closed) and
  /// asserts that it is dropped: the book is left as it was, and the only change is the `answerDropped` event,
  /// told to the merchant's hooks.
  func assertDrops(
    _ answer: CheckoutAnswer, for id: RequestID, file: StaticString = #filePath, line: UInt = #line
  ) {
    let dropped = CallbackEvent(
      sequence: model.checkout.events.count + 1, time: runtime.clock.now, name: .answerDropped, method: nil,
      details: [
        EventDetail("request", .string(id.description)), EventDetail("answer", .string(answer.label)),
      ])
    let book = model.checkout.requests
    send(.checkout(.answered(id, answer)), effects: [.notifyHooks([dropped])], file: file, line: line) {
      $0.checkout.events.append(dropped)
      $0.eventsNotified += 1
    }
    XCTAssertEqual(
      model.checkout.requests, book, "a dropped answer settles no request", file: file, line: line)
  }

  /// Lets time pass on the virtual clock: answers due meanwhile come back, to be `receive`d.
  func advance(by duration: Duration) {
    log = []
    runtime.advance(by: duration)
    received += log
    log = []
  }

  /// Asserts the next action that came back from the interpreter, its change and its effects (when not
  /// exhaustive: the first that matches, skipping those before it).
  func receive(
    _ action: AppAction, effects expected: [AppEffect]? = nil, file: StaticString = #filePath,
    line: UInt = #line, _ update: (inout AppModel) -> Void = { _ in }
  ) {
    if exhaustivity == .off, let index = received.firstIndex(where: { $0.action == action }) {
      received.removeFirst(index)
    }
    guard !received.isEmpty else {
      return XCTFail("expected to receive \(action); nothing came back", file: file, line: line)
    }
    let next = received.removeFirst()
    XCTAssertEqual(next.action, action, "received", file: file, line: line)
    check(next.effects, expected, of: next.action, file: file, line: line)
    expect(next.model, after: next.action, update, file: file, line: line)
  }

  /// Skips the spinner's ticks that came back (each asserted as a tick that changes only the frame).
  func receiveTicks(file: StaticString = #filePath, line: UInt = #line) {
    while let first = received.first, first.action == .tick {
      receive(.tick, file: file, line: line) { $0.spinnerFrame = first.model.spinnerFrame }
    }
  }

  /// Asserts what the request book waits for, oldest first: for a test that is not exhaustive, where the
  /// book is not part of what `update` states.
  func assertWaiting(
    _ expected: [(RequestID, Awaited)], file: StaticString = #filePath, line: UInt = #line
  ) {
    let waiting = runtime.model.checkout.requests.waiting
    XCTAssertTrue(
      waiting.elementsEqual(expected) { $0.id == $1.0 && $0.awaited == $1.1 },
      "waiting for \(waiting.map { "\($0.id) \($0.awaited)" }), expected \(expected.map { "\($0.0) \($0.1)" })",
      file: file, line: line)
  }

  /// Fails on anything that came back and was not received (when exhaustive).
  func finish(file: StaticString = #filePath, line: UInt = #line) {
    if exhaustivity == .on {
      XCTAssertTrue(received.isEmpty, "not received: \(received.map(\.action))", file: file, line: line)
    }
    received = []
    model = runtime.model
  }

  private func check(
    _ actual: [AppEffect], _ expected: [AppEffect]?, of action: AppAction, file: StaticString, line: UInt
  ) {
    guard expected != nil || exhaustivity == .on else { return }
    XCTAssertEqual(actual, expected ?? [], "effects of \(action)", file: file, line: line)
  }

  private func expect(
    _ actual: AppModel, after action: AppAction, _ update: (inout AppModel) -> Void, file: StaticString,
    line: UInt
  ) {
    var expected = exhaustivity == .on ? model : actual
    update(&expected)
    if actual != expected {
      XCTFail(Self.difference(expected, actual, after: action), file: file, line: line)
    }
    model = actual
  }

  /// Names the parts of the model that differ, so a failure says more than "not equal".
  static func difference(_ expected: AppModel, _ actual: AppModel, after action: AppAction) -> String {
    var lines = ["the model after \(action) differs:"]
    func compare(_ prefix: String, _ expected: Any, _ actual: Any) {
      let left = Mirror(reflecting: expected).children
      let right = Array(Mirror(reflecting: actual).children)
      for (index, child) in left.enumerated() where index < right.count {
        let name = child.label ?? "\(index)"
        let want = String(describing: child.value)
        let got = String(describing: right[index].value)
        guard want != got else { continue }
        if name == "checkout" {
          compare("checkout.", child.value, right[index].value)
        } else {
          lines.append(
            "  \(prefix)\(name): expected \(want)\n  \(String(repeating: " ", count: prefix.count + name.count))     got \(got)"
          )
        }
      }
    }
    compare("", expected, actual)
    return lines.joined(separator: "\n")
  }
}
