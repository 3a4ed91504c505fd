import Foundation

/// Formats money for people: the currency's symbol, grouping and decimals as the locale writes them
/// (`$49.99`, `¥1,235`, `BHD 1.300`, `49,99 €` for es-ES). Built on Foundation's `NumberFormatter`.
public struct MoneyFormatter: Sendable {
  /// The locale identifier, in the SDK's form ("en-US", "es-ES").
  public let locale: String

  public init(locale: String = "en-US") {
    self.locale = locale
  }

  /// The amount as a person in this locale reads it. Non-breaking spaces become plain spaces, so the text
  /// measures the same in every terminal.
  public func string(for money: Money) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = .currency
    formatter.locale = Locale(identifier: locale.replacingOccurrences(of: "-", with: "_"))
    formatter.currencyCode = money.currency.code
    formatter.minimumFractionDigits = money.currency.exponent
    formatter.maximumFractionDigits = money.currency.exponent
    let text =
      formatter.string(from: NSDecimalNumber(decimal: money.decimalValue))
      ?? "\(money.currency.code) \(money.plainString)"
    return text.replacingOccurrences(of: "\u{00A0}", with: " ")
      .replacingOccurrences(of: "\u{202F}", with: " ")
  }
}
