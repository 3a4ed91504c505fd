import Foundation
import XCTest

@testable import GatewaySimulator

/// The log's budget of refusals, on a clock the test moves: a refusal past 100 in a minute is counted, not
/// logged, and the next minute's first line says how many were not; answers that are not refusals are all
/// logged.
final class RefusalBudgetTests: XCTestCase {
  private let start = Date(timeIntervalSince1970: 1_754_701_373)
  private let refusal = ServedExchange(method: "GET", path: "/x", status: 401, field: "X-PayDrill-Token-Id")
  private let session = ServedExchange(method: "POST", path: "/api/v1/sessions", status: 200)

  func testRefusalsPastTheBudgetAreCountedAndSaidOnceAMinute() {
    let budget = RefusalBudget(perMinute: 3)
    let first = (0..<5).flatMap { budget.log(refusal, at: start.addingTimeInterval(Double($0))) }
    XCTAssertEqual(first, [refusal, refusal, refusal], "three a minute")
    XCTAssertEqual(budget.log(session, at: start.addingTimeInterval(10)), [session], "not a refusal: logged")
    let next = budget.log(refusal, at: start.addingTimeInterval(60))
    XCTAssertEqual(next.count, 2)
    XCTAssertEqual(next.first?.status, 429)
    XCTAssertEqual(
      next.first?.logLine,
      "- - 429 log: 2 more refusals in a minute were answered but not logged (the log keeps 3 a minute)")
    XCTAssertEqual(next.last, refusal, "a new minute: logged again")
    XCTAssertEqual(budget.finish(), [], "none left unsaid")
    _ = (0..<4).map { _ in budget.log(refusal, at: start.addingTimeInterval(61)) }
    XCTAssertEqual(budget.finish().first?.message?.hasPrefix("2 more refusals"), true, "said when it stops")
  }
}
