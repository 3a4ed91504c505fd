/// What a gateway says about an authorisation beyond approve or decline: the AVS result, and the PSP's own
/// result code (with its refusal reason) when it speaks as Adyen or Worldline. The engine records it in the
/// seed's order: the AVS update first, then 3-D Secure, then the authorisation's callback.
public struct GatewayReport: Equatable, Sendable {
  public var addressVerification: AddressVerificationResult?
  /// The PSP whose codes these are.
  public var profile: PSPProfile
  /// The PSP's result code (`Authorised`, `Refused`, `CAPTURED`…), absent when no answer came back at all.
  public var resultCode: String?
  /// The PSP's reason for a refusal, when it gives one.
  public var refusalReason: String?
  /// Worldline's numeric `statusOutput.statusCode` beside its status.
  public var statusCode: Int?
  /// The request was a retry of one the gateway had already answered: it got the first answer, uncharged.
  public var replayed: Bool

  public init(
    addressVerification: AddressVerificationResult? = nil, profile: PSPProfile = .default,
    resultCode: String? = nil, refusalReason: String? = nil, statusCode: Int? = nil,
    replayed: Bool = false
  ) {
    self.statusCode = statusCode
    self.addressVerification = addressVerification
    self.profile = profile
    self.resultCode = resultCode
    self.refusalReason = refusalReason
    self.replayed = replayed
  }

  /// Whether there is anything to report.
  public var isEmpty: Bool { self == GatewayReport(profile: profile) }

  /// The payload details the authorisation's callback carries.
  public var outcomeDetails: [EventDetail] {
    var details: [EventDetail] = []
    if let resultCode {
      let key = profile == .worldline ? "status" : "resultCode"
      details.append(EventDetail(key, .string(resultCode)))
    }
    if let statusCode { details.append(EventDetail("statusCode", .integer(Int64(statusCode)))) }
    if let refusalReason { details.append(EventDetail("refusalReason", .string(refusalReason))) }
    if replayed { details.append(EventDetail("idempotentReplay", .bool(true))) }
    return details
  }
}
