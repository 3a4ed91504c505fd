/// The issuer's answer to an address check (AVS): how the billing street and postcode the shopper gave
/// compare with those on file. The letters are the common ones every gateway reports.
public enum AddressVerificationResult: String, CaseIterable, Codable, Sendable {
  /// Street and postcode match.
  case fullMatch = "Y"
  /// The street matches, the postcode does not.
  case streetOnly = "A"
  /// The postcode matches, the street does not.
  case postcodeOnly = "Z"
  /// Neither matches.
  case noMatch = "N"
  /// The issuer does not support AVS or has no address on file.
  case unavailable = "U"
  /// The issuer's system was unavailable: retry later.
  case retry = "R"

  /// What the letter means, as a gateway's dashboard says it.
  public var meaning: String {
    switch self {
    case .fullMatch: return "street and postcode match"
    case .streetOnly: return "street matches, postcode does not"
    case .postcodeOnly: return "postcode matches, street does not"
    case .noMatch: return "neither street nor postcode matches"
    case .unavailable: return "address verification unavailable"
    case .retry: return "issuer unavailable, retry"
    }
  }
}
