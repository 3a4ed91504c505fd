/// The card the shopper submitted. The number's descriptions are masked; only the gateway reads its digits.
public struct CardDetails: Equatable, Sendable {
  public var number: CardNumber
  public var expiryMonth: Int
  public var expiryYear: Int
  public var securityCode: String
  public var holderName: String
}

/// What the engine asks the gateway to authorise.
public struct AuthorisationRequest: Equatable, Sendable {
  public var method: DropInPaymentMethod
  public var card: CardDetails?
  public var amount: Money
  public var intent: String
  public var merchantTransactionId: String
  /// The session the payment belongs to; a session is spent once a payment in it succeeded.
  public var sessionId: String = ""
  /// For PayPal: the approved order and the funding the buyer chose.
  public var payPal: PayPalApproval?
  /// For Paze: the wallet card the shopper chose.
  public var paze: PazeCard?
  /// The billing address to verify (AVS): the card form's postcode, or Apple Pay's `onPreAuthorisation`
  /// `AddressVerification`.
  public var addressVerification: ApplePayTransactionInitData.AddressVerification?
  /// 3-D Secure the merchant already ran (Apple Pay's `onPreAuthorisation` `ThreeDSecureData`): the gateway
  /// uses it and skips its own.
  public var threeDSecureData: ApplePayTransactionInitData.ThreeDSecureData?
  /// Unique per payment (a retry after a timeout keeps it), so a gateway can recognise a request it has
  /// already seen and charge it at most once.
  public var idempotencyKey: String
  /// The fault a tester armed for this call (the gateway panel's "Next call"); nil for none.
  public var fault: GatewayFault?
}

/// The gateway's answer to an authorisation.
public enum AuthorisationOutcome: Equatable, Sendable {
  case approved(systemTransactionId: String)
  /// Approved after a further step (a 3-D Secure redirect) from which the shopper came back to `returnURL`.
  case approvedAfterRedirect(systemTransactionId: String, returnURL: String)
  /// Approved after 3-D Secure authenticated the shopper (frictionless or after a challenge).
  case approvedWithThreeDSecure(systemTransactionId: String, ThreeDSecureResult)
  /// The issuer asks the shopper for a one-time code before it decides.
  case challengeRequired(ThreeDSecureChallenge)
  case declined(SdkError)
  /// An outcome with what the gateway reports beside it (AVS, the PSP's result code).
  indirect case reported(GatewayReport, AuthorisationOutcome)

  /// The gateway's transaction id when the payment was approved.
  public var systemTransactionId: String? {
    switch self {
    case .approved(let id), .approvedAfterRedirect(let id, _), .approvedWithThreeDSecure(let id, _): return id
    case .declined, .challengeRequired: return nil
    case .reported(_, let outcome): return outcome.systemTransactionId
    }
  }

  /// Whether the gateway is still waiting on the shopper (a 3-D Secure challenge).
  public var isPending: Bool {
    if case .challengeRequired = decision { return true }
    return false
  }

  /// The decision without the report.
  public var decision: AuthorisationOutcome {
    if case .reported(_, let outcome) = self { return outcome.decision }
    return self
  }

  /// What the gateway reported beside the decision, if anything.
  public var report: GatewayReport? {
    if case .reported(let report, _) = self { return report }
    return nil
  }

  /// The outcome with a report beside it (none when the report is empty).
  public func reporting(_ report: GatewayReport) -> AuthorisationOutcome {
    report.isEmpty ? decision : .reported(report, decision)
  }
}

/// A PayPal order the buyer approved, and with what.
public struct PayPalApproval: Equatable, Sendable {
  public var orderId: String
  public var funding: PayPalFunding
}
