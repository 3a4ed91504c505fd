import Foundation

/// Where a session stands, as the lookup says it (PayDrill's own terms; the seed names none).
public enum SessionState: String, Sendable, CaseIterable {
  /// No payment succeeded in it and it has not expired: a checkout can pay in it.
  case open
  /// Its payment succeeded; it takes no other.
  case paid
  /// Paid, and a later payment in it was refused (`SESSION_SPENT`): someone tried to pay twice.
  case spent
  /// Past its `sessionExpiry` without a payment: a checkout fails at submit (`SESSION_EXPIRED`).
  case expired

  /// The state of a session from its expiry and its attempts at `now`. A `SESSION_SPENT` refusal makes a
  /// paid session spent wherever it stands in the list: a payment refused while the first was in flight
  /// started before the first one ended, or even before it started.
  public static func of(
    _ session: ServerSession, attempts: [ServerTransaction], at now: Date
  ) -> SessionState {
    if attempts.contains(where: \.succeeded) {
      return attempts.contains { $0.errorCode == "SESSION_SPENT" } ? .spent : .paid
    }
    if let expiry = session.data.expiry, now >= expiry { return .expired }
    return .open
  }
}
