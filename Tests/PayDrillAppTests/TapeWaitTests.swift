import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop
@testable import PayDrillTools

/// How a tape's `Wait` and `Expect` let time pass: on the virtual clock, from one answer, timer or spinner
/// turn to the next, checked only after a change they can see; counted in frames drawn, never timed.
final class TapeWaitTests: XCTestCase {
  /// A runtime whose gateway answers an authorisation after `latency`.
  private func runtime(latency: Duration) -> CheckoutRuntime {
    let scenario = Scenario.acmeElectronics
    return CheckoutRuntime(
      model: AppModel(
        checkout: CheckoutState(scenario: scenario), size: Size(columns: 100, rows: 32),
        latencyMilliseconds: Int(latency.wholeMilliseconds)),
      dependencies: Dependencies(
        gateway: SimulatedGateway(latency: latency, makeTransactionId: { "tx-00000000-0001" }),
        hooks: ScenarioMerchantHooks(scenario: scenario), clock: .virtual(startingAt: Fixture.now)))
  }

  /// The Visa tape up to its Pay key, then `ending`.
  private func payByCard(then ending: String) throws -> Tape {
    let text = try String(
      contentsOf: TapeTests.root.appendingPathComponent("Tapes/pay-with-visa.tape"), encoding: .utf8)
    return try Tape.parse(
      text.components(separatedBy: "Wait@10s /Payment successful/")[0] + ending, file: "wait.tape")
  }

  func testAWaitOnATwoSecondAnswerDrawsTheScreenOnlyAfterChangesItCanSee() throws {
    let runtime = runtime(latency: .seconds(2))
    let tape = try payByCard(then: "Wait@10s /Payment successful/\nExpect event onSuccess\n")
    XCTAssertEqual(TapePlayer(runtime: runtime).play(tape), .completed)
    guard case .result(.success) = runtime.model.checkout.screen else { return XCTFail("not paid") }
    // Twenty spinner turns pass while the gateway works: the pattern cannot see them. The first Wait draws
    // once, the payment's Wait once as it starts and once after each answer; the Expect draws nothing.
    XCTAssertGreaterThanOrEqual(runtime.spinnerTurns, 19)
    XCTAssertLessThanOrEqual(runtime.renders, 6)
  }

  func testAPatternThatTellsTheSpinnersFramesApartIsCheckedAfterEveryTurn() throws {
    // The spinner's fifth frame, shown once every ten turns, long before the answer: as its literal text, and
    // as a regular expression (which may tell any frames apart, so it is checked after every turn too).
    let frame = ProcessingView.frames[4]
    for pattern in [frame, "[\(frame)]"] {
      let runtime = runtime(latency: .seconds(2))
      let tape = try payByCard(then: "Wait@10s /\(pattern)/\n")
      XCTAssertEqual(TapePlayer(runtime: runtime).play(tape), .completed, pattern)
      guard case .processing = runtime.model.checkout.screen else {
        return XCTFail("\(pattern): no longer processing")
      }
      XCTAssertLessThan(
        runtime.clock.elapsed, .seconds(2), "\(pattern): met at a spinner turn, before the answer")
    }
  }

  func testAWaitPastItsTimeoutFailsAtTheTimeoutInVirtualTime() throws {
    let runtime = runtime(latency: .seconds(2))
    let tape = try payByCard(then: "Wait@500ms /Payment successful/\n")
    var waitStarted: Duration?
    runtime.observer = { observation in
      if case .applied(.key(.enter)) = observation { waitStarted = runtime.clock.elapsed }
    }
    guard case .waitTimedOut(let step, let screen) = TapePlayer(runtime: runtime).play(tape) else {
      return XCTFail("the Wait should time out")
    }
    XCTAssertEqual(step.command, .wait(pattern: "Payment successful", timeout: .milliseconds(500)))
    XCTAssertEqual(runtime.clock.elapsed, try XCTUnwrap(waitStarted) + .milliseconds(500))
    XCTAssertTrue(screen.contains("Processing"), screen)
  }

  func testASpinnerTurnChangesOnlyTheSpinnersGlyphOnTheScreen() throws {
    // What lets a Wait skip the turns: a turn moves the spinner's frame and nothing else, and the frames
    // differ on screen only where the glyph is drawn.
    let runtime = runtime(latency: .seconds(2))
    XCTAssertEqual(TapePlayer(runtime: runtime).play(try payByCard(then: "")), .completed)
    var model = runtime.model
    model.spinnerFrame = 0
    for frame in 0..<ProcessingView.frames.count {
      var turned = model
      _ = AppReducer.reduce(&turned, .tick, context: Fixture.context)
      var expected = model
      expected.spinnerFrame += 1
      XCTAssertEqual(turned, expected, "frame \(frame)")
      let before = RootView.render(model).text.unicodeScalars.map { $0 }
      let after = RootView.render(turned).text.unicodeScalars.map { $0 }
      XCTAssertEqual(before.count, after.count)
      let glyphs = Set(ProcessingView.frames.flatMap(\.unicodeScalars))
      for (old, new) in zip(before, after) where old != new {
        XCTAssertTrue(glyphs.contains(old) && glyphs.contains(new), "\(old) became \(new)")
      }
      model = turned
    }
  }
}
