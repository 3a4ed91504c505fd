/// The merchant's address-verification rules, from the scenario's `gateway.addressVerification`: whether the
/// card form asks for the billing postcode, and which AVS results the gateway declines.
public struct AddressVerificationPolicy: Equatable, Sendable, Codable {
  /// The card form shows a billing postcode field, and the gateway checks it.
  public var collectPostcode: Bool
  /// The results that decline the payment (`AVS_DECLINED`); the others let it through.
  public var declineResults: [AddressVerificationResult]

  public init(collectPostcode: Bool = false, declineResults: [AddressVerificationResult] = [.noMatch]) {
    self.collectPostcode = collectPostcode
    self.declineResults = declineResults
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case collectPostcode, declineResults }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    collectPostcode = try container.decodeIfPresent(Bool.self, forKey: .collectPostcode) ?? false
    declineResults =
      try container.decodeIfPresent([AddressVerificationResult].self, forKey: .declineResults) ?? [.noMatch]
  }

  /// The error a declining result gives, or nil when the result lets the payment through.
  public func decline(for result: AddressVerificationResult) -> SdkError? {
    guard declineResults.contains(result) else { return nil }
    return SdkError(
      errorCode: "AVS_DECLINED",
      errorMessage: "Address verification failed (AVS \(result.rawValue): \(result.meaning))")
  }
}
