import CheckoutEngine
import Foundation

/// The built-in gateway: answers from the test-card table after a simulated latency.
public struct SimulatedGateway: PaymentGateway {
  /// How long each authorisation takes.
  public var latency: Duration
  /// Makes the gateway's transaction ids; swapped for a counter in tests.
  public var makeTransactionId: @Sendable () -> String
  /// The sessions whose payment succeeded.
  public let spentSessions = SpentSessions()

  public init(
    latency: Duration = .milliseconds(600),
    makeTransactionId: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
  ) {
    self.latency = latency
    self.makeTransactionId = makeTransactionId
  }

  public func authorise(_ request: AuthorisationRequest) async -> AuthorisationOutcome {
    if latency > .zero {
      try? await Task.sleep(for: latency)
    }
    if !request.sessionId.isEmpty, spentSessions.isSpent(request.sessionId) {
      return .declined(
        SdkError(
          errorCode: "SESSION_SPENT",
          errorMessage:
            "Session \(request.sessionId) was already used for a successful payment; /validate refused"))
    }
    let outcome = decide(request)
    if outcome.systemTransactionId != nil, !request.sessionId.isEmpty {
      spentSessions.spend(request.sessionId)
    }
    return outcome
  }

  public func createPayPalOrder(_ request: PayPalOrderRequest) async -> PayPalOrder {
    if latency > .zero {
      try? await Task.sleep(for: latency)
    }
    let id = makeTransactionId().replacingOccurrences(of: "-", with: "").prefix(17).uppercased()
    return PayPalOrder(orderId: "PAYID-\(id)", intent: request.intent, amount: request.amount)
  }

  public func applePayInit(_ request: ApplePayInitRequest) async -> ApplePayInitResponse {
    if latency > .zero {
      try? await Task.sleep(for: latency)
    }
    return ApplePayInitEndpoint.answer(request)
  }

  /// The answer without the wait: what the tests and the benchmark call.
  public func decide(_ request: AuthorisationRequest) -> AuthorisationOutcome {
    if let pazeCard = request.paze {
      guard pazeCard != .failing else {
        return .declined(SdkError(errorCode: "SDK1123", errorMessage: "Paze could not complete the checkout"))
      }
      return .approved(systemTransactionId: makeTransactionId())
    }
    if let approval = request.payPal {
      guard approval.funding != .declinedSource else {
        return .declined(
          SdkError(
            errorCode: "PAYPAL_INSTRUMENT_DECLINED",
            errorMessage: "PayPal declined the buyer's funding source for order \(approval.orderId)"))
      }
      return .approved(systemTransactionId: makeTransactionId())
    }
    guard let card = request.card else {
      return .declined(
        SdkError(
          errorCode: "METHOD_NOT_IMPLEMENTED", errorMessage: "\(request.method.displayName) is not simulated")
      )
    }
    let testCard = TestCard.card(number: card.number.digits)
    if let decline = testCard?.decline {
      return .declined(decline)
    }
    let id = makeTransactionId()
    if testCard?.redirects == true {
      return .approvedAfterRedirect(
        systemTransactionId: id, returnURL: "https://gateway.paydrill.test/3ds/return?tx=\(id)")
    }
    return .approved(systemTransactionId: id)
  }
}
