import Foundation

extension Scenario {
  /// The scenarios compiled into PayDrill, by name, in the order `paydrill scenarios` lists them. Their JSON is
  /// `Scenarios/NAME.json` in the repository (a link to `Sources/CheckoutEngine/BuiltInScenarios`).
  public static let builtIn: [Scenario] = [
    PackageResources.acme_electronics_json, PackageResources.terms_not_accepted_json,
    PackageResources.tokyo_yen_json, PackageResources.outdoor_adventure_gear_json,
    PackageResources.events_example_json, PackageResources.streammax_subscription_json,
    PackageResources.photovault_trial_json, PackageResources.metro_transit_reload_json,
    PackageResources.paze_checkout_json, PackageResources.harbour_books_json,
  ].map { bytes in
    do {
      return try JSONDecoder().decode(Scenario.self, from: Data(bytes))
    } catch {
      preconditionFailure("a built-in scenario does not decode: \(error)")
    }
  }

  /// The built-in scenario with this name.
  public static func builtIn(named name: String) -> Scenario? {
    builtIn.first { $0.name == name }
  }

  /// The built-in demo: "Acme Electronics Store", one pair of Wireless Headphones for $49.99, the seed's
  /// session response (Visa, Diners, Mastercard and American Express cards, PayPal and Apple Pay), and an
  /// Apple Pay sheet with a Wallet, shipping rates, tax, coupons (SAVE10, an expired SUMMER23, BIGSPENDER
  /// with a minimum), a credit-card fee and an Amex reward.
  public static var acmeElectronics: Scenario { builtIn[0] }
}
