import CheckoutEngine
import Foundation
import XCTest

@testable import GatewaySimulator

/// A session's state as the lookups say it, whatever order its attempts were made in.
final class SessionStateTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_780_000_000)

  private var session: ServerSession {
    ServerSession(
      data: SessionData(
        sessionId: "s-1", hmacKey: "", encryptionKey: "", sessionExpiry: "2030-05-19T13:39:20.384Z",
        allowedFundingTypes: Scenario.acmeElectronics.session.allowedFundingTypes),
      merchant: "M", site: "S", merchantTransactionId: "m-1",
      amount: Money(minorUnits: 2500, currency: Currency(code: "USD")!), cardIntent: "Authorisation",
      paypalIntent: "Purchase", allowTransaction: true, tokenId: "t", createdAt: now)
  }

  private func attempt(_ status: String, errorCode: String? = nil, startedAt seconds: Double)
    -> ServerTransaction
  {
    ServerTransaction(
      status: status, systemTransactionId: status == "succeeded" ? "tx" : nil, merchantTransactionId: "m-1",
      sessionId: "s-1", amount: session.amount, method: "card", paidWith: nil, errorCode: errorCode,
      resultCode: nil, startedAt: now.addingTimeInterval(seconds),
      endedAt: now.addingTimeInterval(seconds + 5))
  }

  /// Issue 25: payments refused while the first was in flight (they started before it ended, here before
  /// it started) left the session `paid`; someone tried to pay twice, so it is `spent`.
  func testARefusalWhileTheFirstPaymentWasInFlightMakesTheSessionSpent() {
    let refusedFirst = attempt("failed", errorCode: "SESSION_SPENT", startedAt: 1)
    let paid = attempt("succeeded", startedAt: 2)
    XCTAssertEqual(SessionState.of(session, attempts: [refusedFirst, paid], at: now), .spent)
    XCTAssertEqual(SessionState.of(session, attempts: [paid, refusedFirst], at: now), .spent)
    XCTAssertEqual(SessionState.of(session, attempts: [paid], at: now), .paid)
    let declined = attempt("failed", errorCode: "CARD_DECLINED", startedAt: 0)
    XCTAssertEqual(SessionState.of(session, attempts: [declined, paid], at: now), .paid)
    XCTAssertEqual(SessionState.of(session, attempts: [declined], at: now), .open)
  }
}
