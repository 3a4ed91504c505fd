import Foundation
import XCTest

import CheckoutEngine

/// 2026-03-14 09:30:00 UTC: every reducer test runs at this time or a few seconds after it.
let fixedNow = Date(timeIntervalSince1970: 1_773_480_600)

/// `fixedNow` plus some seconds, so that each step of a flow has its own time.
func at(_ seconds: TimeInterval) -> Date { fixedNow.addingTimeInterval(seconds) }

/// Sends actions to a state and checks, after each one, the whole new state and the effects (in the spirit
/// of TCA's exhaustive `TestStore`): the test describes the change it expects, anything else fails.
///
/// The request book (`state.requests`) is compared like the rest: the test states what an action issued,
/// answered or abandoned with the book's helpers (`$0.requests.issued(RequestID(1), .beforeSubmit(.card))`,
/// `answered`, `abandoned`); `answer` answers by kind and states `answered` itself, and `assertDrops` checks
/// that the book is left as it was. A failure names the helper calls the test lacks.
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

  /// Answers the newest request waited for of the answer's kind, with its id, as the interpreter would:
  /// the test says what came back, and the effects it expects name the ids. Fails when nothing of that kind
  /// is waited for.
  func answer(
    _ answer: CheckoutAnswer, at time: Date = fixedNow, effects expectedEffects: [CheckoutEffect] = [],
    file: StaticString = #filePath, line: UInt = #line, _ expect: (inout CheckoutState) -> Void = { _ in }
  ) {
    guard let id = state.requests.waiting.last(where: { $0.awaited.isAnswered(by: answer) })?.id else {
      XCTFail("no request waits for a \(answer.label) answer", file: file, line: line)
      return
    }
    send(.answered(id, answer), at: time, effects: expectedEffects, file: file, line: line) {
      $0.requests.answered(id, file: file, line: line)
      expect(&$0)
    }
  }

  /// Sends an answer under an id nothing waits for (it came late, twice, or for a sheet that closed) and
  /// checks that it is dropped: no effects, no request settled, and the state unchanged but for the
  /// `answerDropped` event naming the request and the answer.
  func assertDrops(
    _ answer: CheckoutAnswer, for id: RequestID, at time: Date = fixedNow, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let book = state.requests
    let sequence = state.events.count + 1
    send(.answered(id, answer), at: time, file: file, line: line) {
      $0.events.append(
        CallbackEvent(
          sequence: sequence, time: time, name: .answerDropped, method: nil,
          details: [
            EventDetail("request", .string(id.description)), EventDetail("answer", .string(answer.label)),
          ]))
    }
    XCTAssertEqual(state.requests, book, "a dropped answer settles no request", file: file, line: line)
  }

  /// What the test should state of the book: the ids issued and settled that it did not say.
  static func bookDifference(expected: RequestBook, actual: RequestBook) -> String {
    let want = expected.waiting.map(\.id)
    let got = actual.waiting.map(\.id)
    var calls = actual.waiting.filter { !want.contains($0.id) }.map {
      "$0.requests.issued(RequestID(\($0.id.rawValue)), .\($0.awaited))"
    }
    calls += expected.waiting.filter { !got.contains($0.id) }.map {
      "$0.requests.answered(RequestID(\($0.id.rawValue)))  // or abandoned"
    }
    return "expected \(want), got \(got); state it: " + calls.joined(separator: "; ")
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
    if expected.requests != actual.requests {
      lines.append("  requests: " + bookDifference(expected: expected.requests, actual: actual.requests))
    }
    compare("screen", \.screen)
    compare("cardForm", \.cardForm)
    compare("notice", \.notice)
    compare("awaitingMerchant", \.awaitingMerchant)
    compare("events", \.events)
    compare("attempts", \.attempts)
    compare("payments", \.payments)
    compare("openPayment", \.openPayment)
    compare("attempt", \.attempt)
    compare("attemptNumber", \.attemptNumber)
    compare("attemptEventsStart", \.attemptEventsStart)
    compare("applePaySheet", \.applePaySheet)
    compare("applePayState", \.applePayState)
    compare("device", \.device)
    compare("applePayGeneration", \.applePayGeneration)
    compare("sessionNumber", \.sessionNumber)
    compare("scenario", \.scenario)
    return lines.joined(separator: "\n")
  }
}

extension Attempt {
  /// This attempt as the effect that says it began carries it: with its callbacks so far.
  func telling(_ events: [CallbackEvent]) -> Attempt {
    var told = self
    told.events = events
    return told
  }

  /// This attempt as the effect that says it ended carries it: how and when it ended, the gateway's result
  /// code if it reported one, and its callbacks.
  func ended(
    _ ending: Ending, at time: Date, resultCode: String? = nil, events: [CallbackEvent]
  ) -> Attempt {
    var ended = telling(events)
    ended.ending = ending
    ended.endedAt = time
    ended.resultCode = resultCode
    return ended
  }
}
