import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillFiles
import PaymentHistory

/// The sessions of `paydrill serve` in the ledger (schema version 5): the sessions it created, the request
/// ids its API took, and the attempts checkouts made in them, as the lookups read them.
extension SQLiteLedger {
  /// Takes a request id for good; false when the ledger already holds it.
  func claim(requestId: String, at time: Date) throws -> Bool {
    try writing { try takeRequestId(requestId, at: time) }
  }

  /// Takes the request id and stores the session it created in one transaction (one commit, where the
  /// two apart took two): false, with nothing stored, when the id was taken.
  func insert(_ session: ServerSession, claiming requestId: String, at time: Date) throws -> Bool {
    let funding = try Self.text(of: session.data.allowedFundingTypes)
    return try writing {
      try database.transaction {
        guard try takeRequestId(requestId, at: time) else { return false }
        try database.statement(
          """
          INSERT INTO sessions (session_id, merchant, site, merchant_transaction_id, amount_minor, currency,
            card_intent, paypal_intent, allow_transaction, hmac_key, encryption_key, session_expiry,
            allowed_funding_types, token_id, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """
        ).run([
          .text(session.sessionId), .text(session.merchant), .text(session.site),
          .text(session.merchantTransactionId), .integer(session.amount.minorUnits),
          .text(session.amount.currency.code), .text(session.cardIntent), .text(session.paypalIntent),
          .integer(session.allowTransaction ? 1 : 0), .text(session.data.hmacKey),
          .text(session.data.encryptionKey), .text(session.data.sessionExpiry), .text(funding),
          .text(session.tokenId), .text(Self.timestamp(session.createdAt)),
        ])
        return true
      }
    }
  }

  /// Lets go of the request ids taken before `time` (`SessionsAPI.requestIdMemory` ago: a request that
  /// carries one is stale anyway), so that the table stays as small as a few minutes of requests.
  func forgetRequestIds(takenBefore time: Date) throws {
    try writing {
      try database.statement("DELETE FROM api_requests WHERE received_at < ?").run([
        .text(Self.timestamp(time))
      ])
    }
  }

  private func takeRequestId(_ requestId: String, at time: Date) throws -> Bool {
    try database.statement("INSERT OR IGNORE INTO api_requests (request_id, received_at) VALUES (?, ?)")
      .run([.text(requestId), .text(Self.timestamp(time))])
    return database.changes == 1
  }

  /// The sessions matching a condition on one column, oldest first.
  func sessions(where column: String, is value: String) throws -> [ServerSession] {
    try reading {
      try database.prepare(
        """
        SELECT session_id, merchant, site, merchant_transaction_id, amount_minor, currency, card_intent,
          paypal_intent, allow_transaction, hmac_key, encryption_key, session_expiry, allowed_funding_types,
          token_id, created_at
        FROM sessions WHERE \(column) = ? ORDER BY created_at, session_id
        """
      ).rows([.text(value)]) { row in
        let row = LedgerRow(
          statement: row, name: "session \(PrintableText.visible(row.text(0) ?? ""))", location: location)
        let funding = try row.decoded(12, "allowed_funding_types") {
          try? JSONDecoder().decode(AllowedFundingTypes.self, from: Data($0.utf8))
        }
        let allowTransaction = try row.decoded(8, "allow_transaction") { ["0": false, "1": true][$0] }
        let created = try row.decoded(14, "created_at", Self.date(from:))
        return ServerSession(
          data: SessionData(
            sessionId: row.text(0) ?? "", hmacKey: row.text(9) ?? "", encryptionKey: row.text(10) ?? "",
            sessionExpiry: row.text(11) ?? "", allowedFundingTypes: funding),
          merchant: row.text(1) ?? "", site: row.text(2) ?? "", merchantTransactionId: row.text(3) ?? "",
          amount: try row.amount(4, currency: 5), cardIntent: row.text(6) ?? "",
          paypalIntent: row.text(7) ?? "", allowTransaction: allowTransaction, tokenId: row.text(13) ?? "",
          createdAt: created)
      }
    }
  }

  /// The attempts matching a condition on one column, oldest first, as the lookups show them; a session's
  /// payment whose attempt was never written (the disk filled between the charge and the attempt's end) is
  /// shown from its `session_payments` row, so that a payment the checkout reported is never missing.
  func transactions(where column: String, is value: String) throws -> [ServerTransaction] {
    let recorded = try read(
      "SELECT \(Self.columns) FROM attempts WHERE \(column) = ? ORDER BY started_at, id", [.text(value)]
    )
    .map { attempt in
      ServerTransaction(
        status: attempt.outcome.rawValue, systemTransactionId: attempt.systemTransactionId,
        merchantTransactionId: attempt.merchantTransactionId, sessionId: attempt.sessionId,
        amount: attempt.amount, method: attempt.method.rawValue, paidWith: attempt.card,
        errorCode: attempt.errorCode, resultCode: attempt.resultCode, startedAt: attempt.startedAt,
        endedAt: attempt.endedAt)
    }
    let unrecorded = try reading {
      try database.prepare(
        """
        SELECT session_id, system_transaction_id, merchant_transaction_id, amount_minor, currency, method, paid_at
        FROM session_payments AS payment WHERE \(column) = ? AND NOT EXISTS
          (SELECT 1 FROM attempts WHERE attempts.system_transaction_id = payment.system_transaction_id)
        """
      ).rows([.text(value)]) { row in
        let row = LedgerRow(
          statement: row, name: "payment of session \(PrintableText.visible(row.text(0) ?? ""))",
          location: location)
        let paidAt = try row.decoded(6, "paid_at", Self.date(from:))
        return ServerTransaction(
          status: PaymentAttempt.Outcome.succeeded.rawValue, systemTransactionId: row.text(1),
          merchantTransactionId: row.text(2), sessionId: row.text(0), amount: try row.amount(3, currency: 4),
          method: try row.decoded(5, "method") { DropInPaymentMethod(rawValue: $0)?.rawValue }, paidWith: nil,
          errorCode: nil, resultCode: nil, startedAt: paidAt, endedAt: paidAt)
      }
    }
    guard !unrecorded.isEmpty else { return recorded }
    return (recorded + unrecorded).sorted { $0.startedAt < $1.startedAt }
  }

  /// Whether a payment succeeded in a session (the gateway then refuses another: `SESSION_SPENT`).
  func isPaid(sessionId: String) throws -> Bool {
    try reading { try paid(sessionId) }
  }

  /// Takes a served session's payment, in one transaction that holds the write lock: false when the
  /// session was paid already (in another process too) by another payment; true, with the payment stored,
  /// when it is the session's first (or is that one again); true, storing nothing, when the session is not one of the ledger's (a scenario's own).
  /// Throws a `LedgerError` when the payment cannot be stored: the payment must then be refused.
  func take(_ payment: SessionPayment, at time: Date) throws -> Bool {
    try writing {
      try database.transaction {
        let served = try database.integer(
          "SELECT count(*) FROM sessions WHERE session_id = ?", [.text(payment.sessionId)])
        guard served ?? 0 > 0 else { return true }
        if try paid(payment.sessionId) {
          // The same payment again (a gateway replaying its approval) is still the session's payment.
          return try database.integer(
            "SELECT count(*) FROM session_payments WHERE session_id = ? AND system_transaction_id = ?",
            [.text(payment.sessionId), .text(payment.systemTransactionId)]) ?? 0 > 0
        }
        try database.run(
          """
          INSERT INTO session_payments (session_id, system_transaction_id, merchant_transaction_id,
            amount_minor, currency, method, paid_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .text(payment.sessionId), .text(payment.systemTransactionId),
            .text(payment.merchantTransactionId),
            .integer(payment.amount.minorUnits), .text(payment.amount.currency.code), .text(payment.method),
            .text(Self.timestamp(time)),
          ])
        return true
      }
    }
  }

  /// Whether the session has its payment: taken as part of a charge, or an attempt that succeeded in it
  /// (what ledgers before version 6 kept).
  private func paid(_ sessionId: String) throws -> Bool {
    try database.integer(
      """
      SELECT EXISTS (SELECT 1 FROM session_payments WHERE session_id = ?1)
        OR EXISTS (SELECT 1 FROM attempts WHERE session_id = ?1 AND outcome = 'succeeded')
      """, [.text(sessionId)]) ?? 0 != 0
  }

  /// The funding types as the ledger keeps them, JSON; the API gives every session the same, so the last
  /// text is kept.
  private static func text(of funding: AllowedFundingTypes) throws -> String {
    try fundingTexts.value(for: funding) {
      String(decoding: try JSONEncoder().encode(funding), as: UTF8.self)
    }
  }

  private static let fundingTexts = Memo<AllowedFundingTypes, String>(limit: 1)

  private func writing<Value>(_ work: () throws -> Value) throws -> Value {
    do {
      return try work()
    } catch let error as SQLiteError {
      throw LedgerError(location: location, doing: "cannot be written", error)
    }
  }

  private func reading<Value>(_ work: () throws -> Value) throws -> Value {
    do {
      return try work()
    } catch let error as SQLiteError {
      throw LedgerError(location: location, doing: "cannot be read", error)
    }
  }
}
