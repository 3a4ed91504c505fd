import Foundation
import XCTest

@testable import CheckoutEngine

/// 2026-03-14 09:30:00 UTC: every reducer test runs at this time or a few seconds after it.
let fixedNow = Date(timeIntervalSince1970: 1_773_480_600)

/// `fixedNow` plus some seconds, so that each step of a flow has its own time.
func at(_ seconds: TimeInterval) -> Date { fixedNow.addingTimeInterval(seconds) }

/// Sends actions to a state and checks, after each one, the whole new state and the effects (in the spirit
/// of TCA's exhaustive `TestStore`): the test describes the change it expects, anything else fails.
final class CheckoutTestStore {
  private(set) var state: CheckoutState

  init(scenario: Scenario = .acmeElectronics) {
    state = CheckoutState(scenario: scenario)
  }

  init(state: CheckoutState) {
    self.state = state
  }

  /// Sends `action` at `time`; `expect` turns the previous state into the one expected.
  func send(
    _ action: CheckoutAction, at time: Date = fixedNow, effects expectedEffects: [CheckoutEffect] = [],
    file: StaticString = #filePath, line: UInt = #line, _ expect: (inout CheckoutState) -> Void = { _ in }
  ) {
    var expected = state
    expect(&expected)
    let effects = CheckoutReducer.reduce(&state, action, context: ReduceContext(now: time))
    XCTAssertEqual(effects, expectedEffects, "effects of \(action)", file: file, line: line)
    if state != expected {
      XCTFail(Self.difference(expected: expected, actual: state, action: action), file: file, line: line)
    }
  }

  /// Names the parts of the state that differ, so a failure says more than "not equal".
  private static func difference(expected: CheckoutState, actual: CheckoutState, action: CheckoutAction)
    -> String
  {
    var lines = ["state after \(action) differs:"]
    func compare<T: Equatable>(_ name: String, _ path: KeyPath<CheckoutState, T>) {
      if expected[keyPath: path] != actual[keyPath: path] {
        lines.append("  \(name): expected \(expected[keyPath: path]), got \(actual[keyPath: path])")
      }
    }
    compare("screen", \.screen)
    compare("cardForm", \.cardForm)
    compare("notice", \.notice)
    compare("isAwaitingMerchant", \.isAwaitingMerchant)
    compare("events", \.events)
    compare("attempts", \.attempts)
    compare("processingSince", \.processingSince)
    compare("scenario", \.scenario)
    return lines.joined(separator: "\n")
  }
}
