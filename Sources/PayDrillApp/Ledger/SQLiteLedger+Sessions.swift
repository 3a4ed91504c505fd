import CheckoutEngine
import Foundation
import GatewaySimulator

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
        guard let currency = row.text(5).flatMap(Currency.init(code:)),
          let created = row.text(14).flatMap(Self.date(from:)),
          let funding = try? JSONDecoder().decode(
            AllowedFundingTypes.self, from: Data((row.text(12) ?? "").utf8))
        else {
          throw LedgerError(location: location, problem: "session \(row.text(0) ?? "") cannot be read")
        }
        return ServerSession(
          data: SessionData(
            sessionId: row.text(0) ?? "", hmacKey: row.text(9) ?? "", encryptionKey: row.text(10) ?? "",
            sessionExpiry: row.text(11) ?? "", allowedFundingTypes: funding),
          merchant: row.text(1) ?? "", site: row.text(2) ?? "", merchantTransactionId: row.text(3) ?? "",
          amount: Money(minorUnits: row.integer(4), currency: currency), cardIntent: row.text(6) ?? "",
          paypalIntent: row.text(7) ?? "", allowTransaction: row.integer(8) != 0, tokenId: row.text(13) ?? "",
          createdAt: created)
      }
    }
  }

  /// The attempts matching a condition on one column, oldest first, as the lookups show them.
  func transactions(where column: String, is value: String) throws -> [ServerTransaction] {
    try read(
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
  }

  /// Whether a payment succeeded in a session (the gateway then refuses another: `SESSION_SPENT`).
  func isPaid(sessionId: String) throws -> Bool {
    try reading {
      try database.integer(
        "SELECT count(*) FROM attempts WHERE session_id = ? AND outcome = 'succeeded'", [.text(sessionId)])
    } ?? 0 > 0
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
      throw LedgerError(location: location, problem: "cannot be written: \(error.message)")
    }
  }

  private func reading<Value>(_ work: () throws -> Value) throws -> Value {
    do {
      return try work()
    } catch let error as SQLiteError {
      throw LedgerError(location: location, problem: "cannot be read: \(error.message)")
    }
  }
}
