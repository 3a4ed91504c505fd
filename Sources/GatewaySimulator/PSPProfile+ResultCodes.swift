import CheckoutEngine

extension PSPProfile {
  /// The PSP's own codes for a decision, as its API would return them: Adyen's `resultCode` and
  /// `refusalReason`, Worldline's `status` and `statusCode`. A call that got no answer (network error,
  /// timeout) has none; the default profile has only the common codes.
  public func report(for decision: AuthorisationOutcome, intent: String, funding: PayPalFunding? = nil)
    -> GatewayReport
  {
    var report = GatewayReport(profile: self)
    let kind = Kind(decision)
    switch self {
    case .default:
      break
    case .adyen:
      switch kind {
      case .approved: report.resultCode = funding == .paylater ? "Received" : "Authorised"
      case .challenge: report.resultCode = "ChallengeShopper"
      case .cancelled: report.resultCode = "Cancelled"
      case .error: report.resultCode = "Error"
      case .noAnswer: break
      case .refused(let code):
        report.resultCode = "Refused"
        report.refusalReason = Self.adyenRefusalReasons[code] ?? "Declined Non Generic"
      }
    case .worldline:
      switch kind {
      case .approved:
        (report.resultCode, report.statusCode) =
          switch intent {
          case "Purchase": ("CAPTURED", 9)
          case "Verification": ("ACCOUNT_VERIFIED", 5)
          default: ("PENDING_CAPTURE", 5)
          }
      case .challenge: (report.resultCode, report.statusCode) = ("REDIRECTED", 46)
      case .cancelled: (report.resultCode, report.statusCode) = ("CANCELLED", 1)
      case .refused, .error: (report.resultCode, report.statusCode) = ("REJECTED", 2)
      case .noAnswer: break
      }
    }
    return report
  }

  /// Adyen's refusal reason for each common decline code.
  static let adyenRefusalReasons = [
    "CARD_DECLINED": "Refused", "INSUFFICIENT_FUNDS": "Not enough balance", "EXPIRED_CARD": "Expired Card",
    "INCORRECT_CVC": "CVC Declined", "THREE_DS_NOT_AUTHENTICATED": "3D Not Authenticated",
    "THREE_DS_REJECTED": "3D Not Authenticated", "THREE_DS_FAILED": "3D Not Authenticated",
    "AVS_DECLINED": "FRAUD",
  ]

  /// The common outcomes the PSP codes stand behind.
  private enum Kind {
    case approved, challenge, cancelled, error, noAnswer
    case refused(String)

    init(_ decision: AuthorisationOutcome) {
      switch decision.decision {
      case .approved, .approvedAfterRedirect, .approvedWithThreeDSecure: self = .approved
      case .challengeRequired: self = .challenge
      case .reported: self = .error
      case .declined(let error):
        switch error.errorCode {
        case "THREE_DS_CANCELLED", "PAYPAL_CANCELED": self = .cancelled
        case "NETWORK_ERROR", "GATEWAY_TIMEOUT": self = .noAnswer
        case "GATEWAY_ERROR", "PROCESSING_ERROR", "MERCHANT_VALIDATION_FAILED", "SESSION_SPENT",
          "LEDGER_WRITE_FAILED",
          "METHOD_NOT_IMPLEMENTED":
          self = .error
        default: self = .refused(error.errorCode)
        }
      }
    }
  }
}
