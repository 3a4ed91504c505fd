import Foundation
import Synchronization

/// Formats money for people: the currency's symbol, grouping and decimals as the locale writes them
/// (`$49.99`, `¥1,235`, `BHD 1.300`, `49,99 €` for es-ES). Built on Foundation's `NumberFormatter`.
///
/// Making a `NumberFormatter` costs far more than using one (it loads the locale's ICU data), and screens
/// format every amount on every frame: `FormatterCache` makes each formatter once per locale and currency,
/// and remembers the texts.
public struct MoneyFormatter: Sendable {
  /// The locale identifier, in the SDK's form ("en-US", "es-ES").
  public let locale: String

  public init(locale: String = "en-US") {
    self.locale = locale
  }

  /// The amount as a person in this locale reads it. Non-breaking spaces become plain spaces, so the text
  /// measures the same in every terminal.
  public func string(for money: Money) -> String {
    FormatterCache.string(for: money, locale: locale)
  }
}

/// The currency formatters made so far, by locale and currency, and the texts they made: a screen shows the
/// same few amounts on every frame.
enum FormatterCache {
  /// Texts kept at most.
  static let textLimit = 4096

  private struct FormatterKey: Hashable {
    var locale: String
    var currency: String
  }

  private struct TextKey: Hashable {
    var locale: String
    var money: Money
  }

  /// A `NumberFormatter`, which is not `Sendable`: it never leaves its lock, and is used only while it is
  /// held.
  private final class LockedFormatter: Sendable {
    let formatter: Mutex<NumberFormatter>

    init(_ formatter: sending NumberFormatter) {
      self.formatter = Mutex(formatter)
    }
  }

  private static let texts = Memo<TextKey, String>(limit: textLimit)
  private static let formatters = Memo<FormatterKey, LockedFormatter>(limit: 64)

  /// The text of an amount in a locale (see `MoneyFormatter.string(for:)`): made once with the formatter of
  /// the locale and the amount's currency, then remembered.
  static func string(for money: Money, locale: String) -> String {
    texts.value(for: TextKey(locale: locale, money: money)) {
      let formatter = formatters.value(for: FormatterKey(locale: locale, currency: money.currency.code)) {
        LockedFormatter(makeFormatter(locale: locale, currency: money.currency))
      }
      let text = formatter.formatter.withLock {
        $0.string(from: NSDecimalNumber(decimal: money.decimalValue))
      }
      return (text ?? "\(money.currency.code) \(money.plainString)")
        .replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }
  }

  private static func makeFormatter(locale: String, currency: Currency) -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.numberStyle = .currency
    formatter.locale = Locale(identifier: locale.replacingOccurrences(of: "-", with: "_"))
    formatter.currencyCode = currency.code
    formatter.minimumFractionDigits = currency.exponent
    formatter.maximumFractionDigits = currency.exponent
    return formatter
  }
}
