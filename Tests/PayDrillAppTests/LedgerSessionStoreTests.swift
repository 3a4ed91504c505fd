import CheckoutEngine
import Foundation
import GatewaySimulator
import XCTest

@testable import PayDrillApp
@testable import PayDrillLedger

/// The ledger as `paydrill serve`'s store: sessions read back whole, request ids taken once (also by a second
/// store on the same file, as after a restart), and the attempts of a session found by each of its ids.
final class LedgerSessionStoreTests: FolderTestCase {
  private var path: String { folder.appendingPathComponent("ledger.sqlite3").path }

  static func session(id: String = "c5f0799b-0839-43ce-abc5-5b462a98f250") -> ServerSession {
    ServerSession(
      data: SessionData(
        sessionId: id, hmacKey: String(repeating: "ab", count: 32),
        encryptionKey: String(repeating: "cd", count: 16),
        sessionExpiry: "2030-05-19T13:39:20.384Z",
        allowedFundingTypes: Scenario.acmeElectronics.session.allowedFundingTypes),
      merchant: "MERCHANT-1", site: "SITE-1", merchantTransactionId: "merchant-1",
      amount: Money(minorUnits: 1500, currency: Currency(code: "JPY")!), cardIntent: "Purchase",
      paypalIntent: "Authorisation", allowTransaction: true, tokenId: "paydrill-dev",
      createdAt: Fixture.now)
  }

  func testASessionReadsBackWhole() throws {
    let store = try LedgerSessionStore(path: path)
    XCTAssertTrue(try store.insert(Self.session(), claiming: "request-1", at: Fixture.now))
    XCTAssertEqual(try store.session(id: Self.session().sessionId), Self.session())
    XCTAssertNil(try store.session(id: "other"))
    XCTAssertEqual(try store.sessions(merchantTransactionId: "merchant-1"), [Self.session()])
    XCTAssertThrowsError(
      try store.insert(Self.session(), claiming: "request-2", at: Fixture.now), "a session id is stored once"
    ) { error in
      XCTAssertTrue("\(error)".contains("cannot be written"), "\(error)")
    }
    XCTAssertTrue(try store.claim("request-2", at: Fixture.now), "the failed insert took no request id")
  }

  /// The request id and its session go in one commit: a used id stores no session.
  func testASessionWithAUsedRequestIdIsNotStored() throws {
    let store = try LedgerSessionStore(path: path)
    XCTAssertTrue(try store.claim("request-1", at: Fixture.now))
    XCTAssertFalse(try store.insert(Self.session(), claiming: "request-1", at: Fixture.now))
    XCTAssertNil(try store.session(id: Self.session().sessionId))
    XCTAssertTrue(try store.insert(Self.session(), claiming: "request-2", at: Fixture.now))
    XCTAssertFalse(try store.claim("request-2", at: Fixture.now))
  }

  func testARequestIdIsTakenOnceEvenAcrossRestarts() throws {
    let store = try LedgerSessionStore(path: path)
    XCTAssertTrue(try store.claim("id-1", at: Fixture.now))
    XCTAssertFalse(try store.claim("id-1", at: Fixture.now))
    let restarted = try LedgerSessionStore(path: path)
    XCTAssertFalse(try restarted.claim("id-1", at: Fixture.now))
    XCTAssertTrue(try restarted.claim("id-2", at: Fixture.now))
  }

  /// Issue 25: request ids were kept for ever. One is refused for twice the timestamp window, 10 minutes (a
  /// request carrying it could still be in the window), then forgotten: the table holds minutes of requests.
  func testARequestIdIsForgottenAfterTwiceTheTimestampWindow() throws {
    let store = try LedgerSessionStore(path: path)
    XCTAssertTrue(try store.claim("id-1", at: Fixture.now))
    let withinMemory = Fixture.now.addingTimeInterval(10 * 60 - 1)
    XCTAssertFalse(try store.claim("id-1", at: withinMemory), "still remembered")
    let past = Fixture.now.addingTimeInterval(10 * 60 + 61)
    XCTAssertTrue(try store.claim("id-2", at: past))
    let ledger = try SQLiteLedger(path: path)
    XCTAssertEqual(
      try ledger.database.integer("SELECT count(*) FROM api_requests WHERE request_id = 'id-1'", []), 0,
      "forgotten")
    XCTAssertTrue(try store.claim("id-1", at: past), "a stale id is refused by its timestamp, not kept")
    XCTAssertFalse(try store.claim("id-2", at: past), "a recent one is still taken once")
  }

  func testTheAttemptsOfASessionAreFoundByEachId() throws {
    let store = try LedgerSessionStore(path: path)
    let ledger = try SQLiteLedger(path: path)
    XCTAssertTrue(try store.insert(Self.session(), claiming: "request-1", at: Fixture.now))
    var declined = SQLiteLedgerTests.attempt(.failed, minutes: 0, code: "CARD_DECLINED")
    declined.sessionId = Self.session().sessionId
    var paid = SQLiteLedgerTests.attempt(.succeeded, minutes: 1)
    paid.sessionId = Self.session().sessionId
    try ledger.record(declined)
    XCTAssertFalse(try store.isPaid(Self.session().sessionId))
    try ledger.record(paid)
    XCTAssertTrue(try store.isPaid(Self.session().sessionId))
    XCTAssertEqual(
      try store.attempts(inSession: Self.session().sessionId).map(\.status), ["failed", "succeeded"])
    let found = try XCTUnwrap(try store.attempt(systemTransactionId: "tx-1"))
    XCTAssertEqual(found.status, "succeeded")
    XCTAssertEqual(found.sessionId, Self.session().sessionId)
    XCTAssertEqual(found.amount, Money(minorUnits: 4999, currency: SQLiteLedgerTests.usd))
    XCTAssertEqual(found.paidWith, "Visa ••••4242")
    XCTAssertEqual(try store.attempts(merchantTransactionId: "merchant-1").count, 2)
  }
}
