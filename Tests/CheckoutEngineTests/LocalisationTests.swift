import Foundation
import XCTest

@testable import CheckoutEngine

/// The shopper's texts in the six built-in locales, the scenario's own wording over them, and money as each
/// locale writes it.
final class LocalisationTests: XCTestCase {
  func testEveryLocaleHasEveryTextWithTheSamePlaceholders() {
    for locale in Localisation.builtInLocales {
      let texts = Localisation.catalog[locale]
      XCTAssertNotNil(texts, locale)
      for key in ShopperText.allCases {
        guard let text = texts?[key], let english = Localisation.catalog["en-US"]?[key] else {
          XCTFail("\(locale) has no \(key)")
          continue
        }
        XCTAssertEqual(
          text.components(separatedBy: "%@").count, english.components(separatedBy: "%@").count,
          "\(locale).\(key): \(text)")
        XCTAssertFalse(text.trimmingCharacters(in: .whitespaces).isEmpty, "\(locale).\(key) is blank")
        XCTAssertEqual(text, text.trimmingCharacters(in: .whitespaces), "\(locale).\(key): \(text)")
      }
    }
  }

  /// en-GB is British English and en-US American English where the two differ; elsewhere they agree.
  func testBritishAndAmericanEnglishDifferWhereTheyDo() throws {
    let american = try XCTUnwrap(Localisation.catalog["en-US"])
    let british = try XCTUnwrap(Localisation.catalog["en-GB"])
    let spellings = [
      ("postcode", "ZIP code"), ("recognised", "recognized"), ("colour", "color"), ("cancelled", "canceled"),
      ("authorise", "authorize"), ("Collection", "Pickup"),
    ]
    for key in ShopperText.allCases {
      for (britishWord, americanWord) in spellings {
        XCTAssertFalse(
          american[key]!.localizedCaseInsensitiveContains(britishWord), "en-US.\(key): \(american[key]!)")
        XCTAssertFalse(
          british[key]!.localizedCaseInsensitiveContains(americanWord), "en-GB.\(key): \(british[key]!)")
      }
    }
    let differing = ShopperText.allCases.filter { american[$0] != british[$0] }
    XCTAssertTrue(
      Set(differing).isSuperset(of: [
        .billingPostcode, .cardTypeNotRecognised, .notRecognised, .storePickupLabel,
      ]),
      "\(differing)")
    XCTAssertEqual(Localisation(locale: "en-GB").text(.notRecognised, "Face ID"), "Face ID not recognised")
    XCTAssertEqual(Localisation(locale: "en-US").text(.notRecognised, "Face ID"), "Face ID not recognized")
  }

  /// The simulated Apple Pay sheet speaks the locale, as PassKit's does on a device; brands keep their names.
  func testTheSheetAndTheMethodNamesSpeakTheLocale() {
    let expected: [String: [String]] = [
      "en-US": ["Pay with Face ID", "Card", "Shipping method", "Pay Acme", "Pay with Passcode"],
      "en-GB": ["Pay with Face ID", "Card", "Delivery method", "Pay Acme", "Pay with Passcode"],
      "es-ES": ["Pagar con Face ID", "Tarjeta", "Método de envío", "Pagar Acme", "Pagar con código"],
      "fr-FR": ["Payer avec Face ID", "Carte", "Mode d'expédition", "Payer Acme", "Payer avec code"],
      "de-DE": ["Mit Face ID bezahlen", "Karte", "Versandart", "Acme bezahlen", "Mit Code bezahlen"],
      "ja-JP": ["Face IDで支払う", "カード", "配送方法", "お支払い（Acme）", "パスコードで支払う"],
    ]
    for (locale, texts) in expected {
      let text = Localisation(locale: locale)
      XCTAssertEqual(
        [
          text.text(.payWith, text.name(of: .faceID)), text.name(of: .card), text.methodLabel(for: .shipping),
          text.text(.payMerchant, "Acme"), text.text(.payWith, text.name(of: .passcode)),
        ], texts, locale)
      XCTAssertEqual(text.name(of: DropInPaymentMethod.applePay), "Apple Pay", locale)
    }
  }

  func testTextsArgumentsFallbackAndOverrides() {
    XCTAssertEqual(Localisation(locale: "de-DE").text(.payAmount, "49,99 €"), "49,99 € bezahlen")
    XCTAssertEqual(
      Localisation(locale: "fr-FR").text(.schemeNotAccepted, "JCB"),
      "Les cartes JCB ne sont pas acceptées pour ce paiement")
    XCTAssertEqual(Localisation(locale: "ja-JP").text(.paymentSuccessful), "お支払いが完了しました")
    XCTAssertEqual(
      Localisation(locale: "es-MX").text(.tryAgain), "Reintentar", "another Spanish: es-ES's texts")
    XCTAssertEqual(Localisation(locale: "pt-BR").text(.tryAgain), "Try again", "an unknown language: English")
    let merchant = Localisation(locale: "en-GB", overrides: [.payAmount: "Place order · %@"])
    XCTAssertEqual(merchant.text(.payAmount, "£12.00"), "Place order · £12.00")
    XCTAssertEqual(merchant.text(.back), "Back")
  }

  func testTheValidatorAndTheShopperMessagesSpeakTheLocale() {
    let german = Localisation(locale: "de-DE")
    let validator = CardValidator(
      acceptedSchemes: [.visa], currentYear: 2026, currentMonth: 11, localisation: german)
    var form = CardForm()
    form.type("5555555555554444", into: .number)
    form.type("0120", into: .expiry)
    let errors = validator.errors(in: form)
    XCTAssertEqual(errors[.number], "Mastercard-Karten werden für diese Zahlung nicht akzeptiert")
    XCTAssertEqual(errors[.expiry], "Diese Karte ist seit 01/20 abgelaufen")
    XCTAssertEqual(errors[.securityCode], "Sicherheitscode eingeben")
    XCTAssertEqual(
      SdkError(errorCode: "CARD_DECLINED", errorMessage: "x").shopperMessage(
        in: Localisation(locale: "es-ES")),
      "Tu tarjeta ha sido rechazada. Prueba con otro método de pago.")
    XCTAssertEqual(
      SdkError(errorCode: "SDK1213", errorMessage: "x").shopperMessage(in: german),
      "Paze only supports USD transactions.",
      "Paze's messages stay as the seed writes them")
    XCTAssertEqual(CardField.expiry.label(in: Localisation(locale: "fr-FR")), "Expiration (MM/AA)")
  }

  /// The sheet's recurring and deferred lines, their dates in each locale's own format and never broken.
  func testTheBillingLinesSpeakTheLocale() throws {
    let subscription = try XCTUnwrap(
      Scenario.builtIn(named: "streammax-subscription")?.applePay?.recurringRequest)
    let trial = try XCTUnwrap(Scenario.builtIn(named: "photovault-trial")?.applePay?.deferredPaymentRequest)
    let expected: [String: (String, String)] = [
      "en-US": ("$14.99 every month starting Dec 29", "Pay $2.99 on Dec 13, 2026"),
      "en-GB": ("US$14.99 every month starting 29 Dec", "Pay US$2.99 on 13 Dec 2026"),
      "de-DE": ("14,99 $ monatlich ab 29. Dez.", "2,99 $ am 13. Dez. 2026 zahlen"),
      "ja-JP": ("$14.99（毎月、12月29日から）", "$2.99 を 2026年12月13日 に支払う"),
    ]
    for (locale, (recurring, deferred)) in expected {
      let text = Localisation(locale: locale)
      let money = MoneyFormatter(locale: locale)
      XCTAssertEqual(
        subscription.billing.summary(money, text).replacingOccurrences(of: "\u{00A0}", with: " "), recurring,
        locale)
      XCTAssertEqual(
        trial.billing.summary(money, text).replacingOccurrences(of: "\u{00A0}", with: " "), deferred, locale)
      XCTAssertFalse(
        subscription.billing.summary(money, text).hasSuffix(" 29"), "a no-break space in \(locale)")
    }
    // Where to manage it is the shopper's; where token updates go is the developer's, in English.
    XCTAssertEqual(
      subscription.lines(MoneyFormatter(locale: "fr-FR"), Localisation(locale: "fr-FR")).suffix(2),
      [
        "Gérer : https://streammax.com/manage-subscription",
        "Token updates: https://api.streammax.com/webhooks/subscription",
      ])
  }

  func testTheSameAmountsInEachLocale() {
    let amounts = [
      Money(minorUnits: 123_456, currency: .usd),
      Money(minorUnits: 123_456, currency: Currency(code: "EUR")!),
      Money(minorUnits: 1235, currency: Currency(code: "JPY")!),
      Money(minorUnits: 1300, currency: Currency(code: "BHD")!),
    ]
    let expected: [String: [String]] = [
      "en-US": ["$1,234.56", "€1,234.56", "¥1,235", "BHD 1.300"],
      "en-GB": ["US$1,234.56", "€1,234.56", "JP¥1,235", "BHD 1.300"],
      "es-ES": ["1234,56 US$", "1234,56 €", "1235 JPY", "1,300 BHD"],
      "fr-FR": ["1 234,56 $US", "1 234,56 €", "1 235 JPY", "1,300 BHD"],
      "de-DE": ["1.234,56 $", "1.234,56 €", "1.235 ¥", "1,300 BHD"],
      "ja-JP": ["$1,234.56", "€1,234.56", "¥1,235", "BHD 1.300"],
    ]
    for (locale, strings) in expected {
      XCTAssertEqual(amounts.map(MoneyFormatter(locale: locale).string(for:)), strings, locale)
    }
  }

  func testTheScenarioLocalisationDecodesAndNamesAnUnknownKey() throws {
    var json =
      try JSONSerialization.jsonObject(
        with: try JSONEncoder().encode(Scenario.acmeElectronics)) as! [String: Any]
    json["localisation"] = ["payAmount": "Buy now · %@"]
    let scenario = try JSONDecoder().decode(Scenario.self, from: JSONSerialization.data(withJSONObject: json))
    XCTAssertEqual(CheckoutState(scenario: scenario).localisation.text(.payAmount, "$1"), "Buy now · $1")
    json["localisation"] = ["payButton": "Buy"]
    XCTAssertThrowsError(
      try JSONDecoder().decode(Scenario.self, from: JSONSerialization.data(withJSONObject: json))
    ) { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(context.codingPath.map(\.stringValue), ["localisation", "payButton"])
      XCTAssertTrue(context.debugDescription.hasPrefix("expected one of choosePaymentMethod, "))
    }
  }
}
