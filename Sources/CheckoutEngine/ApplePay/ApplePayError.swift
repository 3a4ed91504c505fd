/// The `Error` that the Apple Pay configuration's `onError` receives, with what the seed's handlers read:
/// `error.domain`, `error.code` (an integer) and `error.localizedDescription`, whose text the seed's own
/// checks match (`contains("cancelled")`, `contains("Network")`, `contains("Merchant validation")`).
///
/// The seed names the three fields but no values: the domains and codes here are PayDrill's (documented in
/// docs/reference/error-codes.md), chosen so that each of the seed's checks finds the failure it is meant for.
public struct ApplePayError: Equatable, Sendable {
  public var domain: String
  public var code: Int
  public var localizedDescription: String

  /// The SDK's own domain, for every failure that is not the network's.
  public static let sdkDomain = "PXPCheckoutSDK.ApplePay"
  /// Foundation's URL loading domain, as a lost connection or a timeout reports itself.
  public static let networkDomain = "NSURLErrorDomain"

  /// The Apple Pay error for a Drop-in error: the network's failures in Foundation's domain with its codes,
  /// the rest in the SDK's domain with a code per `errorCode`.
  public init(_ error: SdkError) {
    switch error.errorCode {
    case "NETWORK_ERROR":
      // NSURLErrorNetworkConnectionLost.
      self.init(
        domain: Self.networkDomain, code: -1005,
        localizedDescription: "Network connection lost: \(error.errorMessage)")
    case "GATEWAY_TIMEOUT":
      // NSURLErrorTimedOut.
      self.init(
        domain: Self.networkDomain, code: -1001,
        localizedDescription: "Network request timed out: \(error.errorMessage)")
    case "MERCHANT_VALIDATION_FAILED":
      self.init(
        domain: Self.sdkDomain, code: Self.codes[error.errorCode] ?? Self.otherCode,
        localizedDescription: "Merchant validation failed: \(error.errorMessage)")
    default:
      self.init(
        domain: Self.sdkDomain, code: Self.codes[error.errorCode] ?? Self.otherCode,
        localizedDescription: error.errorMessage)
    }
  }

  public init(domain: String, code: Int, localizedDescription: String) {
    self.domain = domain
    self.code = code
    self.localizedDescription = localizedDescription
  }

  /// The fields `onError(.applePay, …)` carries besides `errorCode` and `errorMessage`.
  public var eventDetails: [EventDetail] {
    [
      EventDetail("error.domain", .string(domain)), EventDetail("error.code", .integer(Int64(code))),
      EventDetail("error.localizedDescription", .string(localizedDescription)),
    ]
  }

  /// The code of an error the table does not list.
  public static let otherCode = 1000

  /// The SDK domain's codes: 1xxx the element and its sheet, 2xxx the gateway's declines, 3xxx the session.
  public static let codes: [String: Int] = [
    "APPLE_PAY_NOT_READY": 1001, "APPLE_PAY_NOT_CONFIGURED": 1002, "METHOD_NOT_IMPLEMENTED": 1003,
    "PARTNER_UI_ERROR": 1004, "APPLE_PAY_UPDATE_TIMEOUT": 1005, "MERCHANT_VALIDATION_FAILED": 1006,
    "MERCHANT_HOOK_CRASHED": 1007,
    "CARD_DECLINED": 2001, "INSUFFICIENT_FUNDS": 2002, "EXPIRED_CARD": 2003, "INCORRECT_CVC": 2004,
    "PROCESSING_ERROR": 2005, "AVS_DECLINED": 2006, "THREE_DS_NOT_AUTHENTICATED": 2101,
    "THREE_DS_REJECTED": 2102, "THREE_DS_FAILED": 2103, "THREE_DS_CANCELLED": 2104, "GATEWAY_ERROR": 2503,
    "SESSION_EXPIRED": 3001, "SESSION_SPENT": 3002, "LEDGER_WRITE_FAILED": 3003,
    "TRANSACTION_NOT_ALLOWED": 3004,
  ]
}
