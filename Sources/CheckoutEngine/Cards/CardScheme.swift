/// A card network, detected from the leading digits of a card number.
///
/// `sessionName` is how the seed's session response lists the scheme in `allowedFundingTypes.cardSchemes`.
public enum CardScheme: String, CaseIterable, Sendable, Codable {
  case visa
  case mastercard
  case americanExpress
  case diners
  case discover
  case jcb

  /// The name used in the session's `cardSchemes` ("Visa", "Mastercard", "AmericanExpress", …).
  public var sessionName: String {
    switch self {
    case .visa: return "Visa"
    case .mastercard: return "Mastercard"
    case .americanExpress: return "AmericanExpress"
    case .diners: return "Diners"
    case .discover: return "Discover"
    case .jcb: return "JCB"
    }
  }

  /// The name a shopper reads.
  public var displayName: String {
    switch self {
    case .visa: return "Visa"
    case .mastercard: return "Mastercard"
    case .americanExpress: return "American Express"
    case .diners: return "Diners Club"
    case .discover: return "Discover"
    case .jcb: return "JCB"
    }
  }

  /// A short name for lists where space is tight.
  public var shortName: String {
    switch self {
    case .americanExpress: return "Amex"
    case .diners: return "Diners"
    default: return displayName
    }
  }

  /// The scheme for a session name, case-insensitively ("amex" and "American Express" are accepted too).
  public init?(sessionName: String) {
    let folded: String
    if sessionName.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII names (all of them, in practice) fold without Unicode look-ups: screens ask on every frame.
      folded = String(
        decoding: sessionName.utf8.compactMap { byte -> UInt8? in
          switch byte {
          case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte
          case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte + 32
          default: return nil
          }
        }, as: UTF8.self)
    } else {
      folded = sessionName.lowercased().filter { $0.isLetter }
    }
    switch folded {
    case "visa": self = .visa
    case "mastercard": self = .mastercard
    case "americanexpress", "amex": self = .americanExpress
    case "diners", "dinersclub": self = .diners
    case "discover": self = .discover
    case "jcb": self = .jcb
    default: return nil
    }
  }

  /// The number of digits a complete card number of this scheme has (the longest when several are valid).
  public var validLengths: [Int] {
    switch self {
    case .visa: return [13, 16, 19]
    case .mastercard: return [16]
    case .americanExpress: return [15]
    case .diners: return [14, 16]
    case .discover: return [16, 19]
    case .jcb: return [16, 19]
    }
  }

  /// The digits of the card's security code.
  public var securityCodeLength: Int { self == .americanExpress ? 4 : 3 }

  /// How the number is grouped when shown: 4-6-5 for Amex, 4-6-4 for 14-digit Diners, 4-4-4-4 otherwise.
  public func grouping(forLength length: Int) -> [Int] {
    switch self {
    case .americanExpress: return [4, 6, 5]
    case .diners where length <= 14: return [4, 6, 4]
    default: return [4, 4, 4, 4, 3]
    }
  }

  /// The scheme whose IIN ranges include the number's first digits, or nil.
  public static func detect(_ digits: String) -> CardScheme? {
    func prefix(_ count: Int) -> Int? {
      guard digits.count >= count else { return nil }
      return Int(digits.prefix(count))
    }
    if digits.hasPrefix("4") { return .visa }
    if let two = prefix(2) {
      if two == 34 || two == 37 { return .americanExpress }
      if (51...55).contains(two) { return .mastercard }
      if two == 36 || two == 38 || two == 39 { return .diners }
      if two == 65 { return .discover }
    }
    if let three = prefix(3) {
      if (300...305).contains(three) || three == 309 { return .diners }
      if (644...649).contains(three) { return .discover }
    }
    if let four = prefix(4) {
      if (2221...2720).contains(four) { return .mastercard }
      if four == 6011 { return .discover }
      if (3528...3589).contains(four) { return .jcb }
    }
    if let six = prefix(6), (622126...622925).contains(six) { return .discover }
    return nil
  }
}
