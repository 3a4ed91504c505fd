import Foundation

/// Turns a written amount ("49.99", "1235", "1.3") into exact `Money`, with the sessions API's exponent rules.
///
/// As the seed's sessions API says: fewer decimals than the currency's exponent are zero padded
/// (GBP 1.1 = 1.10, BHD 1.3 = 1.300); more decimals than it allows (GBP 1.234) is refused, and so is any
/// decimal point where the currency allows none (JPY 1.0).
public enum AmountParser {
  /// Why an amount was refused, in words a developer can act on.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case notANumber(String)
    case tooManyDecimals(amount: String, currency: String, allowed: Int)
    case decimalNotAllowed(amount: String, currency: String)
    case negative(String)
    case tooLarge(String)
    /// Written with an exponent (`1e2`, `1.2345e2`): the decimals the rules apply to are not written.
    case exponent(String)

    public var description: String {
      switch self {
      case .notANumber(let text):
        return "\"\(text)\" is not an amount (expected digits with an optional decimal point, like 49.99)"
      case .tooManyDecimals(let amount, let currency, let allowed):
        return "\(currency) \(amount) has more decimals than \(currency) allows (\(allowed))"
      case .decimalNotAllowed(let amount, let currency):
        return "\(currency) \(amount) has a decimal point but \(currency) takes no decimals"
      case .negative(let text):
        return "\(text) is negative (expected an amount of zero or more)"
      case .tooLarge(let text):
        return "\(text) is too large (at most \(AmountParser.maximumMinorUnits) minor units)"
      case .exponent(let text):
        return
          "\(text) is written with an exponent; write the amount in plain digits with the currency's decimals "
          + "(like 123.45)"
      }
    }
  }

  /// The largest amount PayDrill takes, in minor units (ten trillion dollars): sums of a checkout's lines and
  /// their percentages then stay far from the limits of 64-bit integers.
  public static let maximumMinorUnits: Int64 = 1_000_000_000_000_000

  /// Parses a non-negative amount written in major units.
  public static func parse(_ text: String, currency: Currency) -> Result<Money, Failure> {
    let trimmed = text.trimmingWhitespace()
    if trimmed.hasPrefix("-") { return .failure(.negative(trimmed)) }
    if trimmed.contains(where: { $0 == "e" || $0 == "E" }),
      trimmed.allSatisfy({ $0.isASCIIDigit || "eE.+-".contains($0) })
    {
      return .failure(.exponent(trimmed))
    }
    let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty,
      whole.allSatisfy(\.isASCIIDigit)
    else { return .failure(.notANumber(trimmed)) }
    var fraction = Substring("")
    if parts.count == 2 {
      fraction = parts[1]
      guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else {
        return .failure(.notANumber(trimmed))
      }
      if currency.exponent == 0 {
        return .failure(.decimalNotAllowed(amount: trimmed, currency: currency.code))
      }
      if fraction.count > currency.exponent {
        return .failure(
          .tooManyDecimals(amount: trimmed, currency: currency.code, allowed: currency.exponent))
      }
    }
    let padded = String(fraction) + String(repeating: "0", count: currency.exponent - fraction.count)
    guard let minor = Int64(String(whole) + padded), minor <= maximumMinorUnits else {
      return .failure(.tooLarge(trimmed))
    }
    return .success(Money(minorUnits: minor, currency: currency))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
