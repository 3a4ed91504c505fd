import CheckoutEngine

/// Follows the callbacks of a checkout, session by session, and reports the first that breaks the documented
/// order (the seed's "Callback timeline" and the Apple Pay events):
/// - card: `onBeforeSubmit(.card)` → `onSubmit(.card)` → `addressVerification`, `threeDSecure` →
///   `onSuccess` or `onError(.card)`;
/// - Apple Pay: `onBeforeSubmit(.applePay)` → the sheet's callbacks → `onSubmit(.applePay)` →
///   `onPreAuthorisation` → `addressVerification`, `threeDSecure` → `onPostAuthorisation` → `onSuccess` or
///   `onError(.applePay)`, or `onCancel` from the sheet;
/// - PayPal: `onBeforeSubmit(.paypal)` → `onPreAuthorisation` (the order) → `onSuccess` or `onError`, never
///   `onSubmit`; Paze: `onBeforeSubmit(.paze)` → `onSuccess` or `onError`.
///
/// `onError` may also come alone where Drop-in refuses before anything starts (an expired session, Apple Pay
/// not ready, Paze's rules). In one session: at most one `onSuccess`, no `onCancel` and no new payment after
/// it. And an `onBeforeSubmit` only answers a request the engine made for that method.
public struct FuzzCallbackOrder: Sendable {
  /// Where one method's payment is in its timeline.
  enum Phase: Equatable, Sendable {
    case idle
    /// `onBeforeSubmit` returned true.
    case allowed
    /// Card: `onSubmit` fired; the gateway (or the challenge) decides.
    case processing
    /// Apple Pay: the sheet is open.
    case sheet
    /// Apple Pay: `onSubmit` fired; `onPreAuthorisation` comes next.
    case preAuthorising
    /// Apple Pay: pre-authorised; the gateway decides, `onPostAuthorisation` comes next.
    case authorising
    /// Apple Pay: `onPostAuthorisation` fired.
    case postAuthorised
    /// PayPal: the order exists; the buyer approves or cancels.
    case approving
  }

  private var sessionNumber = 1
  private var phases: [DropInPaymentMethod: Phase] = [:]
  private var successes = 0
  /// `onBeforeSubmit` requests the engine made and that have not been answered, by method.
  private var asked: [DropInPaymentMethod: Int] = [:]
  private var checked = 0

  public init() {}

  /// How many events have been checked.
  public var eventsChecked: Int { checked }

  /// Notes the effects of a step: an `onBeforeSubmit` request waits for its answer.
  public mutating func requested(_ effects: [CheckoutEffect]) {
    for case .askBeforeSubmit(_, let method) in effects { asked[method, default: 0] += 1 }
  }

  /// Checks the events a step recorded, in the session the checkout is in after it.
  public mutating func observe(_ events: some Collection<CallbackEvent>, sessionNumber: Int) -> FuzzViolation?
  {
    if sessionNumber != self.sessionNumber {
      self.sessionNumber = sessionNumber
      phases = [:]
      successes = 0
      asked = [:]
    }
    for event in events {
      checked += 1
      if let violation = observe(event) {
        return FuzzViolation(
          violation.invariant, "event #\(event.sequence) in session \(sessionNumber): \(violation.message)")
      }
    }
    return nil
  }

  private mutating func observe(_ event: CallbackEvent) -> FuzzViolation? {
    guard let method = event.method else { return nil }
    if event.name == .clientError {
      // The sheet could not present: the Apple Pay payment ends there.
      phases[method] = .idle
      return nil
    }
    guard Self.followed.contains(event.name) else { return nil }
    // Closing Paze fires no callback: any other callback, or a new onBeforeSubmit(.paze), means it closed.
    if phases[.paze] == .allowed,
      method != .paze || event.name == .onBeforeSubmit || isBeforeSubmitFailure(event)
    {
      phases[.paze] = .idle
    }
    let phase = phases[method] ?? .idle
    let label = "\(event.name.rawValue)(\(method.rawValue))"
    if successes > 0, event.name == .onSuccess {
      return FuzzViolation(.oneSuccessPerSession, "a second onSuccess(\(method.rawValue))")
    }
    if successes > 0 {
      return FuzzViolation(.callbackOrder, "\(label) after onSuccess in the same session")
    }
    if event.name == .onBeforeSubmit || isBeforeSubmitFailure(event) {
      guard asked[method, default: 0] > 0 else {
        let pending = asked.filter { $0.value > 0 }.keys.map(\.rawValue).sorted()
        return FuzzViolation(
          .callbackOrder,
          "\(label) answered no request for \(method.rawValue) (pending: \(pending.isEmpty ? "none" : pending.joined(separator: ", ")))"
        )
      }
      asked[method, default: 0] -= 1
    }
    guard let next = Self.next(after: phase, event, method: method) else {
      return FuzzViolation(.callbackOrder, "\(label) while the \(method.rawValue) payment was \(phase)")
    }
    if let other = phases.first(where: { $0.key != method && $0.value != .idle }),
      next != .idle || phase != .idle
    {
      return FuzzViolation(
        .callbackOrder, "\(label) while a \(other.key.rawValue) payment was \(other.value)")
    }
    phases[method] = next
    if event.name == .onSuccess { successes += 1 }
    return nil
  }

  /// The events whose order is checked: the merchant's callbacks and the card timeline's updates.
  static let followed: Set<CallbackName> = Set(CallbackName.allCases.filter(\.isMerchantCallback)).union([
    .addressVerification, .threeDSecure, .merchantHookFailed,
  ])

  /// A merchant hook that failed to answer `onBeforeSubmit`.
  private func isBeforeSubmitFailure(_ event: CallbackEvent) -> Bool {
    event.name == .merchantHookFailed && event["callback"] == .string(CallbackName.onBeforeSubmit.rawValue)
  }

  /// The phase after an event, or nil when the event may not come now.
  static func next(after phase: Phase, _ event: CallbackEvent, method: DropInPaymentMethod) -> Phase? {
    switch (event.name, phase) {
    case (.onBeforeSubmit, .idle):
      guard event["returned"] == .bool(true) else { return .idle }
      return method == .applePay ? .sheet : .allowed
    case (.merchantHookFailed, .idle) where event["callback"] == .string(CallbackName.onBeforeSubmit.rawValue):
      return .idle
    case (.onSubmit, .allowed) where method == .card: return .processing
    case (.addressVerification, .processing), (.threeDSecure, .processing): return .processing
    case (.onSuccess, .processing), (.onError, .processing): return .idle
    case (.onShippingContactSelected, .sheet), (.onShippingMethodSelected, .sheet),
      (.onPaymentMethodSelected, .sheet), (.onCouponCodeChanged, .sheet):
      return .sheet
    case (.merchantHookFailed, .sheet): return .sheet
    case (.onError, .sheet)
    where event["errorCode"] == .string("APPLE_PAY_UPDATE_TIMEOUT")
      || event["errorCode"] == .string("MERCHANT_HOOK_PROTOCOL_ERROR"):
      // The sheet's update never came, or came unusable.
      return .idle
    case (.onCancel, .sheet): return .idle
    case (.onSubmit, .sheet): return .preAuthorising
    case (.onPreAuthorisation, .preAuthorising):
      return event["refused"] == nil ? .authorising : .sheet
    case (.merchantHookFailed, .preAuthorising): return .sheet
    case (.addressVerification, .authorising), (.threeDSecure, .authorising):
      // The gateway's report (AVS, then the merchant's own 3-D Secure) comes before onPostAuthorisation.
      return .authorising
    case (.onPostAuthorisation, .authorising): return .postAuthorised
    case (.onSuccess, .postAuthorised), (.onError, .postAuthorised): return .idle
    case (.onPreAuthorisation, .allowed) where method == .paypal: return .approving
    case (.onError, .allowed) where method == .paypal: return .idle
    case (.onSuccess, .approving), (.onError, .approving): return .idle
    case (.onSuccess, .allowed) where method == .paze, (.onError, .allowed) where method == .paze:
      return .idle
    case (.onError, .idle):
      // Refused before anything started: an expired session, Apple Pay not ready, Paze's rules.
      return .idle
    default:
      return nil
    }
  }
}
