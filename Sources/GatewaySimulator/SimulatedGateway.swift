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

  public func applePayInit(_ request: ApplePayInitRequest) async -> ApplePayInitResponse {
    if latency > .zero {
      try? await Task.sleep(for: latency)
    }
    return ApplePayInitEndpoint.answer(request)
  }

  /// The answer without the wait: what the tests and the benchmark call.
  public func decide(_ request: AuthorisationRequest) -> AuthorisationOutcome {
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
