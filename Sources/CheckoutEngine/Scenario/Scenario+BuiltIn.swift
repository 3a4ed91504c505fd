import Foundation

extension Scenario {
  /// The JSON of the scenarios compiled into PayDrill, by name (each file is named after its scenario), in
  /// the order `paydrill scenarios` lists them. Their JSON is `Scenarios/NAME.json` in the repository (a link
  /// to `Sources/CheckoutEngine/BuiltInScenarios`).
  static let builtInSources: [(name: String, json: [UInt8])] = [
    ("acme-electronics", PackageResources.acme_electronics_json),
    ("terms-not-accepted", PackageResources.terms_not_accepted_json),
    ("tokyo-yen", PackageResources.tokyo_yen_json),
    ("outdoor-adventure-gear", PackageResources.outdoor_adventure_gear_json),
    ("events-example", PackageResources.events_example_json),
    ("streammax-subscription", PackageResources.streammax_subscription_json),
    ("photovault-trial", PackageResources.photovault_trial_json),
    ("metro-transit-reload", PackageResources.metro_transit_reload_json),
    ("paze-checkout", PackageResources.paze_checkout_json),
    ("harbour-books", PackageResources.harbour_books_json),
  ]

  /// The scenarios compiled into PayDrill, in the order `paydrill scenarios` lists them. Decoding them all
  /// takes a while: starting a checkout decodes only the one it runs (`builtIn(named:)`, `acmeElectronics`).
  public static let builtIn: [Scenario] = builtInSources.map { decodeBuiltIn($0.json) }

  /// The built-in scenario with this name.
  public static func builtIn(named name: String) -> Scenario? {
    if name == builtInSources[0].name { return acmeElectronics }
    return builtInSources.first { $0.name == name }.map { decodeBuiltIn($0.json) }
  }

  private static let acme = decodeBuiltIn(builtInSources[0].json)

  /// The built-in demo: "Acme Electronics Store", one pair of Wireless Headphones for $49.99, the seed's
  /// session response (Visa, Diners, Mastercard and American Express cards, PayPal and Apple Pay), and an
  /// Apple Pay sheet with a Wallet, shipping rates, tax, coupons (SAVE10, an expired SUMMER23, BIGSPENDER
  /// with a minimum), a credit-card fee and an Amex reward.
  public static var acmeElectronics: Scenario { acme }

  private static func decodeBuiltIn(_ json: [UInt8]) -> Scenario {
    do {
      return try JSONDecoder().decode(Scenario.self, from: Data(json))
    } catch {
      preconditionFailure("a built-in scenario does not decode: \(error)")
    }
  }
}
