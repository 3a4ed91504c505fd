import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The app as the program runs it (`AppReducer` and the one `EffectInterpreter`, on a virtual clock), asserted
/// exhaustively in the spirit of TCA's `TestStore`: `send` states the change an action makes and the effects
/// it asks for; time passes with `advance`; every action that comes back from the interpreter (an effect's
/// answer, a spinner tick) must then be `receive`d, with its change and its effects, in order. `finish` fails on
/// anything left unasserted.
final class AppTestStore {
  let runtime: CheckoutRuntime
  /// The model as the test last asserted it.
  private(set) var model: AppModel
  /// What came back from the interpreter and is not asserted yet: the action, the model after it, and the
  /// effects it asked for.
  private var received: [Step] = []
  /// Every action the runtime applied since the last look, as the observer saw it.
  private var log: [Step] = []

  private struct Step {
    var action: AppAction
    var model: AppModel
    var effects: [AppEffect] = []
  }

  init(
    scenario: Scenario = .acmeElectronics, size: Size = Size(columns: 100, rows: 32), latency: Int = 600,
    gateway: (any PaymentGateway)? = nil, hooks: (any MerchantHooks)? = nil
  ) {
    var scenario = scenario
    scenario.gateway.latency = [:]
    runtime = CheckoutRuntime(
      scenario: scenario, size: size, latencyMilliseconds: latency, gateway: gateway, hooks: hooks,
      clock: .virtual(startingAt: Fixture.now), timeZone: TimeZone(identifier: "UTC")!)
    model = runtime.model
    runtime.observer = { [unowned self] observation in
      switch observation {
      case .applied(let action): self.log.append(Step(action: action, model: self.runtime.model))
      case .performed(let effect): self.log[self.log.count - 1].effects.append(effect)
      }
    }
  }

  /// The clock's time since the start.
  var elapsed: Duration { runtime.clock.elapsed }

  /// Sends an action; `update` turns the model before it into the one expected after it, and `effects` are
  /// exactly the effects it asks for (in order). Answers that come back at once are to be `receive`d.
  func send(
    _ action: AppAction, effects expected: [AppEffect] = [], file: StaticString = #filePath,
    line: UInt = #line, _ update: (inout AppModel) -> Void = { _ in }
  ) {
    XCTAssertTrue(
      received.isEmpty, "unreceived before send: \(received.map(\.action))", file: file, line: line)
    log = []
    runtime.send(action)
    let sent = log.removeFirst()
    received += log
    log = []
    XCTAssertEqual(sent.effects, expected, "effects of \(action)", file: file, line: line)
    expect(sent.model, after: action, update, file: file, line: line)
  }

  /// Lets time pass on the virtual clock: answers due meanwhile come back, to be `receive`d.
  func advance(by duration: Duration) {
    log = []
    runtime.advance(by: duration)
    received += log
    log = []
  }

  /// Asserts the next action that came back from the interpreter, its change and its effects.
  func receive(
    _ action: AppAction, effects expected: [AppEffect] = [], file: StaticString = #filePath,
    line: UInt = #line, _ update: (inout AppModel) -> Void = { _ in }
  ) {
    guard !received.isEmpty else {
      return XCTFail("expected to receive \(action); nothing came back", file: file, line: line)
    }
    let next = received.removeFirst()
    XCTAssertEqual(next.action, action, "received", file: file, line: line)
    XCTAssertEqual(next.effects, expected, "effects of \(next.action)", file: file, line: line)
    expect(next.model, after: next.action, update, file: file, line: line)
  }

  /// Skips the spinner's ticks that came back (each asserted as a tick that changes only the frame).
  func receiveTicks(file: StaticString = #filePath, line: UInt = #line) {
    while let first = received.first, first.action == .tick {
      receive(.tick, file: file, line: line) { $0.spinnerFrame = first.model.spinnerFrame }
    }
  }

  /// Fails on anything that came back and was not received.
  func finish(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(
      received.isEmpty, "not received: \(received.map(\.action))", file: file, line: line)
  }

  private func expect(
    _ actual: AppModel, after action: AppAction, _ update: (inout AppModel) -> Void, file: StaticString,
    line: UInt
  ) {
    var expected = model
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
