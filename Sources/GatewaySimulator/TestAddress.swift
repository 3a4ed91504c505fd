import CheckoutEngine

/// Billing postcodes with a known AVS result, like the sandboxes' test addresses. Any other postcode is a
/// full match (Y).
public struct TestAddress: Sendable, Equatable {
  public var postalCode: String
  public var result: AddressVerificationResult

  public static let all: [TestAddress] = [
    TestAddress(postalCode: "11111", result: .streetOnly),
    TestAddress(postalCode: "22222", result: .postcodeOnly),
    TestAddress(postalCode: "33333", result: .noMatch),
    TestAddress(postalCode: "44444", result: .unavailable),
    TestAddress(postalCode: "55555", result: .retry),
  ]

  /// The AVS result for a postcode (spaces and case do not matter).
  public static func result(forPostalCode postalCode: String) -> AddressVerificationResult {
    let normalised = postalCode.uppercased().filter { !$0.isWhitespace }
    return all.first { $0.postalCode == normalised }?.result ?? .fullMatch
  }
}
