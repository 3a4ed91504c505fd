/// Why a code from an ISO standard was refused: not written as the standard writes it (`usd` for `USD`,
/// `USA` for `US`), or not known. Currency codes (ISO 4217) and country codes (ISO 3166-1 alpha-2) are
/// refused alike, with the right spelling when there is one.
public struct ISOCodeProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The standard a code belongs to, and how a message names it.
  public enum Standard: Equatable, Sendable {
    /// ISO 4217: three capital letters (`USD`).
    case currency
    /// ISO 3166-1 alpha-2: two capital letters (`US`).
    case country

    /// What the code names ("currency", "country").
    var noun: String {
      switch self {
      case .currency: return "currency"
      case .country: return "country"
      }
    }

    /// The standard's name and how it writes a code.
    var rule: String {
      switch self {
      case .currency: return "ISO 4217 codes are upper case"
      case .country: return "ISO 3166-1 alpha-2 codes are two upper-case letters"
      }
    }

    /// What a known code looks like.
    var expected: String {
      switch self {
      case .currency: return "an ISO 4217 code such as USD, EUR, JPY"
      case .country: return "an ISO 3166-1 alpha-2 code such as US, GB, JP"
      }
    }
  }

  public var standard: Standard
  /// The code as written.
  public var code: String
  /// The code as the standard writes it, when the written one is a known code written another way.
  public var spelling: String?

  public init(_ standard: Standard, code: String, spelling: String?) {
    self.standard = standard
    self.code = code
    self.spelling = spelling
  }

  public var description: String {
    if let spelling {
      return "\(standard.noun) \"\(code)\" is written \(spelling) (\(standard.rule))"
    }
    return "unknown \(standard.noun) \"\(code)\" (expected \(standard.expected))"
  }
}
