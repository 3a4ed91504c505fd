import Foundation
import TerminalUI
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport
@testable import GatewaySimulator
@testable import PayDrillApp
@testable import PayDrillLedger
@testable import PayDrillLoop
@testable import PayDrillTools

/// A backend's session lives in the ledger (issue 25): its payment is taken by the ledger as part of the
/// charge, so a ledger that cannot write refuses the payment (never paid unrecorded, never paid twice), and
/// a payment the checkout reported is always found by the lookups.
final class ServedSessionLedgerTests: FolderTestCase {
  private var path: String { folder.appendingPathComponent("ledger.sqlite3").path }

  /// The served session the tests pay in: the Visa tape's order ($49.99).
  private static func session() -> ServerSession {
    var session = LedgerSessionStoreTests.session()
    session.amount = Money(minorUnits: 4999, currency: Currency(code: "USD")!)
    return session
  }

  private static let pay = PaymentTapes.card(waitingFor: "Payment successful|Payment failed")

  /// A checkout on the served session with the gateway's spent sessions as given, the tape played; returns
  /// the runtime and the error code of its payment's onError, if it failed.
  private func payOnce(_ spentSessions: SpentSessions, seed: UInt64 = 1) throws -> CheckoutRuntime {
    var scenario = Self.session().scenario(over: .acmeElectronics)
    scenario.gateway.latency = [:]
    let runtime = CheckoutRuntime(
      scenario: scenario, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0, seed: seed,
      spentSessions: spentSessions)
    XCTAssertEqual(TapePlayer(runtime: runtime).play(try Tape.parse(Self.pay, file: "pay.tape")), .completed)
    return runtime
  }

  private func errorCode(_ runtime: CheckoutRuntime) -> String? {
    runtime.model.checkout.events.last { $0.name == .onError }?.details.first { $0.key == "errorCode" }?.value
      .description
  }

  /// The spent sessions as `paydrill --session` wires them to a store.
  private func spentSessions(_ store: LedgerSessionStore) -> SpentSessions {
    SpentSessions(
      paidElsewhere: { try store.isPaid($0) }, takePayment: { try store.take($0, at: Fixture.now) })
  }

  /// The issue's high defect: a full disk let each payment succeed, unrecorded, again and again. A ledger
  /// that cannot take the payment refuses it (LEDGER_WRITE_FAILED, its reason in the message), each time.
  func testALedgerThatCannotWriteRefusesThePaymentEveryTime() throws {
    let full = LedgerError(
      location: path, problem: "cannot be written: the disk is full", cause: .noSpace)
    let failing = SpentSessions(paidElsewhere: { _ in false }, takePayment: { _ in throw full })
    for attempt in 1...2 {
      let runtime = try payOnce(failing)
      let screen = runtime.render().text
      XCTAssertFalse(screen.contains("Payment successful"), "attempt \(attempt): \(screen)")
      XCTAssertEqual(errorCode(runtime), "LEDGER_WRITE_FAILED", "attempt \(attempt)")
      let message = runtime.model.checkout.events.last { $0.name == .onError }?.details.first {
        $0.key == "errorMessage"
      }?.value.description
      XCTAssertTrue(message?.contains("the disk is full") ?? false, message ?? "no message")
      XCTAssertNil(runtime.model.checkout.events.last { $0.name == .onSuccess }, "never reported paid")
    }
    // `play` fails such a run, whatever its tape expects, and says why.
    let refused = try payOnce(failing)
    let run = TapeRun(
      tape: try Tape.parse("Enter", file: "pay.tape"), outcome: .completed, duration: .zero,
      events: Array(refused.model.checkout.events))
    XCTAssertFalse(run.passed)
    XCTAssertTrue(
      run.failureReport?.hasPrefix("pay.tape: a payment was refused (LEDGER_WRITE_FAILED): Session ")
        ?? false,
      run.failureReport ?? "no report")
    // A ledger that cannot even say whether the session was paid refuses it too.
    let unreadable = SpentSessions(paidElsewhere: { _ in throw full })
    XCTAssertEqual(errorCode(try payOnce(unreadable)), "LEDGER_WRITE_FAILED")
  }

  /// On a real ledger: the payment is taken once; a second checkout, in this process or another, is
  /// refused; the payment is found by every lookup even when its attempt's own row was never written.
  func testAServedSessionIsPaidOnceAndTheLookupsFindItsPayment() throws {
    let store = try LedgerSessionStore(path: path)
    XCTAssertTrue(try store.insert(Self.session(), claiming: "request-1", at: Fixture.now))
    let first = try payOnce(spentSessions(store))
    XCTAssertTrue(first.render().text.contains("Payment successful"))
    let paid = try XCTUnwrap(
      first.model.checkout.events.last { $0.name == .onSuccess }?.details.first {
        $0.key == "systemTransactionId"
      }?.value.description)
    // No attempt was recorded (no ledger for attempts in this runtime): the payment's row answers.
    let found = try XCTUnwrap(try store.attempt(systemTransactionId: paid))
    XCTAssertEqual(found.status, "succeeded")
    XCTAssertEqual(found.amount, Self.session().amount)
    XCTAssertEqual(found.sessionId, Self.session().sessionId)
    XCTAssertEqual(try store.attempts(inSession: Self.session().sessionId).map(\.systemTransactionId), [paid])
    XCTAssertEqual(
      try store.attempts(merchantTransactionId: Self.session().merchantTransactionId).count, 1)
    // Another process's checkout (a second store on the file) is refused, and the session is spent.
    let second = try payOnce(spentSessions(try LedgerSessionStore(path: path)), seed: 2)
    XCTAssertEqual(errorCode(second), "SESSION_SPENT")
    XCTAssertEqual(try SQLiteLedger(path: path).integer("SELECT count(*) FROM session_payments"), 1)
  }

  /// The ledger's part, directly: one transaction takes the payment or says the session was paid; a
  /// session that is not the ledger's is not recorded; a full file throws a write failure saying so.
  func testTakingAPaymentIsOneWriteThatFailsClosed() throws {
    let ledger = try SQLiteLedger(path: path)
    let store = try LedgerSessionStore(path: path)
    XCTAssertTrue(try store.insert(Self.session(), claiming: "request-1", at: Fixture.now))
    let payment = SessionPayment(
      sessionId: Self.session().sessionId, systemTransactionId: "tx-1", merchantTransactionId: "merchant-1",
      amount: Self.session().amount, method: "card")
    var other = payment
    other.sessionId = "not-served"
    XCTAssertTrue(try ledger.take(other, at: Fixture.now), "a scenario's own session pays")
    XCTAssertEqual(try ledger.integer("SELECT count(*) FROM session_payments"), 0)

    // The file may not grow, and this payment needs pages of its own (an id longer than a page).
    try ledger.execute("PRAGMA max_page_count = \(try XCTUnwrap(try ledger.integer("PRAGMA page_count")))")
    var large = payment
    large.systemTransactionId = String(repeating: "t", count: 20_000)
    XCTAssertThrowsError(try ledger.take(large, at: Fixture.now)) { error in
      let ledgerError = error as? LedgerError
      XCTAssertEqual(ledgerError?.cause, .noSpace, "\(error)")
      XCTAssertEqual(
        ledgerError?.problem,
        "cannot be written: the disk is full or the file reached its size limit (database or disk is full)")
    }
    XCTAssertFalse(try store.isPaid(payment.sessionId), "nothing half-written")
    try ledger.execute("PRAGMA max_page_count = 1000000")
    XCTAssertTrue(try ledger.take(payment, at: Fixture.now))
    var again = payment
    again.systemTransactionId = "tx-2"
    XCTAssertFalse(try ledger.take(again, at: Fixture.now), "a session takes one payment")
    XCTAssertTrue(try ledger.take(payment, at: Fixture.now), "the same payment replayed is still its payment")
    XCTAssertTrue(try store.isPaid(payment.sessionId))
  }

  /// A version 5 ledger gets `session_payments`; a session paid before (its succeeded attempt) stays paid.
  func testAVersion5LedgerMigratesAndASessionPaidBeforeStaysPaid() throws {
    let session = Self.session()
    do {
      let old = try SQLiteDatabase(path: path, access: .readWrite)
      try old.execute(LedgerSchema.version5)
      let funding = String(
        decoding: try JSONEncoder().encode(session.data.allowedFundingTypes), as: UTF8.self)
      try old.run(
        "INSERT INTO sessions VALUES (?, 'MERCHANT-1', 'SITE-1', 'merchant-1', 4999, 'USD', 'Purchase', "
          + "'Authorisation', 1, 'ab', 'cd', '2030-05-19T13:39:20.384Z', ?, 'paydrill-dev', ?)",
        [.text(session.sessionId), .text(funding), .text(SQLiteLedger.timestamp(Fixture.now))])
      try old.run(
        """
        INSERT INTO attempts (scenario, method, amount_minor, currency, outcome, started_at, ended_at,
          session_id, system_transaction_id)
        VALUES ('acme-electronics', 'card', 4999, 'USD', 'succeeded', '2026-11-01T10:00:00.000Z',
          '2026-11-01T10:00:01.000Z', ?, 'tx-old')
        """, [.text(session.sessionId)])
    }
    let store = try LedgerSessionStore(path: path)
    XCTAssertEqual(try SQLiteLedger(path: path).integer("PRAGMA user_version"), LedgerSchema.currentVersion)
    XCTAssertEqual(try store.session(id: session.sessionId)?.amount, session.amount)
    XCTAssertTrue(try store.isPaid(session.sessionId))
    XCTAssertEqual(errorCode(try payOnce(spentSessions(store))), "SESSION_SPENT")
  }

  /// SQLite's words for a disk that refuses a write (`EFBIG` under `ulimit -f` is an I/O error) become a
  /// write failure that says what to look at, typed for the server to answer 503.
  func testAnIOErrorIsAWriteFailureThatSaysWhy() {
    let error = LedgerError(
      location: "/l.sqlite3", doing: "cannot be written", SQLiteError(code: 10, message: "disk I/O error"))
    XCTAssertEqual(error.cause, .noSpace)
    XCTAssertEqual(
      error.description,
      "ledger /l.sqlite3: cannot be written: the disk refused the write or read (a full disk or a file size limit, ulimit -f, shows so) (disk I/O error)"
    )
    XCTAssertEqual(
      LedgerError(location: "l", doing: "cannot be read", SQLiteError(code: 5, message: "database is locked"))
        .cause, .busy)
  }

  /// Issue 25: the idempotency key repeated across runs (`merchantTransactionId-1`). It is drawn from the
  /// run's seed: two runs differ, a run repeated with its seed has the same.
  func testIdempotencyKeysAreARunsOwnUnlessItsSeedIsRepeated() throws {
    func key(seed: UInt64) throws -> String {
      var keys: [String] = []
      var scenario = Scenario.acmeElectronics
      scenario.gateway.latency = [:]
      let runtime = CheckoutRuntime(
        scenario: scenario, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0, seed: seed)
      runtime.observer = { observation in
        if case .performed(.checkout(.authorise(_, let request))) = observation {
          keys.append(request.idempotencyKey)
        }
      }
      _ = TapePlayer(runtime: runtime).play(try Tape.parse(Self.pay, file: "pay.tape"))
      return try XCTUnwrap(keys.first)
    }
    let first = try key(seed: 11)
    XCTAssertNotEqual(first, try key(seed: 12), "another run, another key")
    XCTAssertEqual(first, try key(seed: 11), "--seed repeats the run")
    XCTAssertTrue(first.hasPrefix(Scenario.acmeElectronics.merchantTransactionId + "-"), first)
  }
}
