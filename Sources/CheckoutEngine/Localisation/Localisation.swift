import Foundation

/// The shopper's texts in one locale: the built-in translation (en-US, en-GB, es-ES, fr-FR, de-DE, ja-JP;
/// another locale falls back to its language, then to en-US), with the scenario's `localisation` over it.
public struct Localisation: Equatable, Sendable {
  /// The locale the texts are in (the one asked for, even when its texts fall back).
  public let locale: String
  private let texts: [ShopperText: String]

  /// The locales with built-in texts.
  public static let builtInLocales = ["en-US", "en-GB", "es-ES", "fr-FR", "de-DE", "ja-JP"]

  public init(locale: String, overrides: [ShopperText: String] = [:]) {
    self.locale = locale
    let base = Self.catalog[locale] ?? Self.catalog[Self.fallback(for: locale)] ?? [:]
    // Without overrides the catalog's table is shared, not copied.
    texts = overrides.isEmpty ? base : base.merging(overrides) { _, override in override }
  }

  /// American English, the seed's locale.
  public static let english = Localisation(locale: "en-US")

  /// A text; `%@` in it is replaced by the arguments in order.
  public func text(_ key: ShopperText, _ arguments: String...) -> String {
    var result = texts[key] ?? Self.catalog["en-US"]?[key] ?? key.rawValue
    for argument in arguments {
      guard let range = result.range(of: "%@") else { break }
      result.replaceSubrange(range, with: argument)
    }
    return result
  }

  /// The built-in locale for a locale the catalog does not have: the first with the same language.
  static func fallback(for locale: String) -> String {
    let language = locale.prefix { $0 != "-" && $0 != "_" }
    return builtInLocales.first { $0.hasPrefix(language + "-") } ?? "en-US"
  }

  /// Every built-in text by locale, from `Strings/LOCALE.json`, each locale read when first asked for.
  static let catalog = LocalisationCatalog()
}
