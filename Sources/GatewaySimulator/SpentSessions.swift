import CheckoutEngine
import Synchronization

/// The sessions whose payment succeeded. The simulated API refuses another payment in a spent session, as
/// the real one refuses a second `/validate`. A session of `paydrill serve` lives in the ledger, which other
/// processes share: `paidElsewhere` asks it whether another checkout paid, and `takePayment` writes the
/// payment into it as part of the charge. Both fail closed: a ledger that cannot answer or take the payment
/// throws, and the gateway refuses the payment rather than approve one nobody can see.
public final class SpentSessions: Sendable {
  private let spent = Mutex<Set<String>>([])
  private let paidElsewhere: @Sendable (String) throws -> Bool
  private let takePayment: @Sendable (SessionPayment) throws -> Bool

  /// `takePayment` stores the payment and returns true, or returns false when the session was paid
  /// already (another process got there first), or throws when it cannot be stored.
  public init(
    paidElsewhere: @escaping @Sendable (String) throws -> Bool = { _ in false },
    takePayment: @escaping @Sendable (SessionPayment) throws -> Bool = { _ in true }
  ) {
    self.paidElsewhere = paidElsewhere
    self.takePayment = takePayment
  }

  /// Whether a session's payment already succeeded; throws when the ledger cannot say.
  public func isSpent(_ sessionId: String) throws -> Bool {
    try spent.withLock { $0.contains(sessionId) } || paidElsewhere(sessionId)
  }

  /// Spends the session with this payment: true when it is the session's payment, false when another
  /// payment took the session first; throws when the payment cannot be recorded (it must then be refused).
  public func spend(_ payment: SessionPayment) throws -> Bool {
    guard try takePayment(payment) else { return false }
    spent.withLock { _ = $0.insert(payment.sessionId) }
    return true
  }

  /// Why a payment in the request's session may not be charged, or nil when it may: the session is spent
  /// (`SESSION_SPENT`), or the ledger cannot say (`LEDGER_WRITE_FAILED`).
  public func refusal(before request: AuthorisationRequest) -> SdkError? {
    guard !request.sessionId.isEmpty else { return nil }
    do {
      return try isSpent(request.sessionId) ? Self.spentRefusal(request) : nil
    } catch {
      return Self.ledgerRefusal(request, error)
    }
  }

  /// Spends the request's session with an approval, as part of the charge; returns the refusal that
  /// replaces the approval when another payment took the session first (`SESSION_SPENT`) or the ledger
  /// cannot take it (`LEDGER_WRITE_FAILED`: nothing is charged that nobody could look up, or charge again);
  /// nil when the outcome stands.
  public func refusal(spending outcome: AuthorisationOutcome, for request: AuthorisationRequest) -> SdkError?
  {
    guard let systemTransactionId = outcome.systemTransactionId, !request.sessionId.isEmpty else {
      return nil
    }
    let payment = SessionPayment(
      sessionId: request.sessionId, systemTransactionId: systemTransactionId,
      merchantTransactionId: request.merchantTransactionId, amount: request.amount,
      method: request.method.rawValue)
    do {
      return try spend(payment) ? nil : Self.spentRefusal(request)
    } catch {
      return Self.ledgerRefusal(request, error)
    }
  }

  private static func spentRefusal(_ request: AuthorisationRequest) -> SdkError {
    SdkError(
      errorCode: "SESSION_SPENT",
      errorMessage:
        "Session \(request.sessionId) was already used for a successful payment; /validate refused")
  }

  private static func ledgerRefusal(_ request: AuthorisationRequest, _ error: any Error) -> SdkError {
    SdkError(
      errorCode: "LEDGER_WRITE_FAILED",
      errorMessage:
        "Session \(request.sessionId): the payment was not taken, because the ledger could not record it: \(error)"
    )
  }
}
