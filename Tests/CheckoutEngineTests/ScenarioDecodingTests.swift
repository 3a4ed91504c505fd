import Foundation
import XCTest

@testable import CheckoutEngine

final class ScenarioDecodingTests: XCTestCase {
  /// The package root, found from this file's place in `Tests/CheckoutEngineTests/`.
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  private func scenarioData(_ name: String) throws -> Data {
    try Data(contentsOf: Self.packageRoot.appendingPathComponent("Scenarios/\(name).json"))
  }

  private func loadScenario(_ name: String) throws -> Scenario {
    try JSONDecoder().decode(Scenario.self, from: scenarioData(name))
  }

  /// The acme file as a dictionary, changed by `change`, decoded again.
  private func decodeAcme(changing change: (inout [String: Any]) -> Void) throws -> Scenario {
    var object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: scenarioData("acme-electronics")) as? [String: Any])
    change(&object)
    let data = try JSONSerialization.data(withJSONObject: object)
    return try JSONDecoder().decode(Scenario.self, from: data)
  }

  /// Asserts that decoding fails with `dataCorrupted` at `path` (coding key string values, "Index n" for
  /// array positions) and a message containing `message`.
  private func assertDecodingFails(
    at path: [String], message: String, file: StaticString = #filePath, line: UInt = #line,
    changing change: (inout [String: Any]) -> Void
  ) {
    do {
      let scenario = try decodeAcme(changing: change)
      XCTFail("decoded a scenario that should be refused: \(scenario.name)", file: file, line: line)
    } catch DecodingError.dataCorrupted(let context) {
      XCTAssertEqual(context.codingPath.map(\.stringValue), path, file: file, line: line)
      for (key, expected) in zip(context.codingPath, path) where expected.hasPrefix("Index ") {
        XCTAssertEqual(key.intValue, Int(expected.dropFirst("Index ".count)), file: file, line: line)
      }
      XCTAssertTrue(
        context.debugDescription.contains(message),
        "\"\(context.debugDescription)\" does not contain \"\(message)\"", file: file, line: line)
    } catch {
      XCTFail("expected dataCorrupted, got \(error)", file: file, line: line)
    }
  }

  private func setTransaction(_ key: String, _ value: Any, in object: inout [String: Any]) {
    var transaction = object["transaction"] as! [String: Any]
    transaction[key] = value
    object["transaction"] = transaction
  }

  private func setFunding(_ key: String, _ value: Any, in object: inout [String: Any]) {
    var session = object["session"] as! [String: Any]
    var funding = session["allowedFundingTypes"] as! [String: Any]
    funding[key] = value
    session["allowedFundingTypes"] = funding
    object["session"] = session
  }

  private func setWallet(_ key: String, _ value: Any?, in object: inout [String: Any]) {
    var session = object["session"] as! [String: Any]
    var funding = session["allowedFundingTypes"] as! [String: Any]
    var wallets = funding["wallets"] as! [String: Any]
    wallets[key] = value
    funding["wallets"] = wallets
    session["allowedFundingTypes"] = funding
    object["session"] = session
  }

  // MARK: - The scenario files

  func testAcmeFileEqualsTheBuiltInDemo() throws {
    XCTAssertEqual(try loadScenario("acme-electronics"), Scenario.acmeElectronics)
  }

  func testAcmeScenarioValues() throws {
    let scenario = try loadScenario("acme-electronics")
    XCTAssertEqual(scenario.name, "acme-electronics")
    XCTAssertEqual(scenario.merchantName, "Acme Electronics Store")
    XCTAssertEqual(scenario.locale, "en-US")
    XCTAssertEqual(scenario.currency, .usd)
    XCTAssertEqual(scenario.entryType, "ecom")
    XCTAssertEqual(scenario.cardIntent, "Authorisation")
    XCTAssertEqual(scenario.paypalIntent, "Authorisation")
    XCTAssertEqual(scenario.merchantTransactionId, "0ce72cfd-014d-4256-a006-a56601b2ffc4")
    XCTAssertEqual(scenario.merchantShopperId, "shopper-123")
    XCTAssertEqual(
      scenario.items,
      [LineItem(name: "Wireless Headphones", quantity: 1, unitPrice: Money(minorUnits: 4999, currency: .usd))]
    )
    XCTAssertEqual(scenario.total, Money(minorUnits: 4999, currency: .usd))
    XCTAssertEqual(scenario.availableMethods, [.card, .paypal, .applePay])
    XCTAssertEqual(
      scenario.session.allowedFundingTypes.acceptedSchemes, [.visa, .diners, .mastercard, .americanExpress])
    XCTAssertEqual(scenario.session.sessionId, "c5f0799b-0839-43ce-abc5-5b462a98f250")
    XCTAssertEqual(scenario.session.allowedFundingTypes.wallets.paypal?.merchantId, "paypal-merchant-123")
    XCTAssertEqual(scenario.session.allowedFundingTypes.wallets.applePay?.merchantName, "Your Store Name")
    XCTAssertEqual(scenario.beforeSubmit, BeforeSubmitRule(allow: true))
    XCTAssertNil(scenario.latencyMilliseconds)
  }

  func testTermsScenarioDefaultsTotalAndRule() throws {
    let scenario = try loadScenario("terms-not-accepted")
    XCTAssertEqual(scenario.locale, "en-US")
    XCTAssertEqual(scenario.entryType, "ecom")
    XCTAssertEqual(scenario.cardIntent, "Authorisation")
    XCTAssertEqual(scenario.merchantShopperId, "shopper-123")
    XCTAssertEqual(
      scenario.items.map(\.unitPrice.minorUnits), [4999, 950])
    XCTAssertEqual(scenario.items.map(\.quantity), [1, 2])
    XCTAssertEqual(scenario.total, Money(minorUnits: 6899, currency: .usd))
    XCTAssertEqual(scenario.availableMethods, [.card])
    XCTAssertEqual(scenario.latencyMilliseconds, 200)
    XCTAssertEqual(
      scenario.beforeSubmit.verdict(for: .card),
      BeforeSubmitVerdict(allowed: false, message: "Please accept terms and conditions"))
  }

  func testTokyoScenarioInYenWithPaze() throws {
    let scenario = try loadScenario("tokyo-yen")
    XCTAssertEqual(scenario.currency, .jpy)
    XCTAssertEqual(scenario.total, Money(minorUnits: 1235, currency: .jpy))
    XCTAssertEqual(scenario.cardIntent, "Purchase")
    XCTAssertEqual(scenario.availableMethods, [.card, .paze])
  }

  func testPazeInTheSessionComesLast() throws {
    let scenario = try decodeAcme { setWallet("paze", ["clientId": "paze-client"], in: &$0) }
    XCTAssertEqual(scenario.availableMethods, [.card, .paypal, .applePay, .paze])
    XCTAssertEqual(scenario.session.allowedFundingTypes.wallets.paze, PazeWallet(clientId: "paze-client"))
  }

  func testMethodsFollowTheSession() throws {
    let noCards = try decodeAcme { setFunding("cardSchemes", [String](), in: &$0) }
    XCTAssertEqual(noCards.availableMethods, [.paypal, .applePay])
    let noPayPal = try decodeAcme { setWallet("paypal", nil, in: &$0) }
    XCTAssertEqual(noPayPal.availableMethods, [.card, .applePay])
  }

  func testSeveralItemsAndOmittedQuantity() throws {
    let scenario = try decodeAcme {
      $0["items"] = [
        ["name": "Headphones", "quantity": 3, "unitPrice": "49.99"],
        ["name": "Sticker", "unitPrice": "0.5"],
      ]
    }
    XCTAssertEqual(scenario.items.map(\.quantity), [3, 1])
    XCTAssertEqual(scenario.items.map(\.unitPrice.minorUnits), [4999, 50])
    XCTAssertEqual(scenario.total, Money(minorUnits: 15047, currency: .usd))
  }

  func testThreeDecimalCurrencyIsPadded() throws {
    let scenario = try decodeAcme {
      setTransaction("currency", "BHD", in: &$0)
      $0["items"] = [["name": "Lamp", "quantity": 2, "unitPrice": "1.3"]]
      $0["applePay"] = nil
    }
    XCTAssertEqual(scenario.items.first?.unitPrice, Money(minorUnits: 1300, currency: .bhd))
    XCTAssertEqual(scenario.total, Money(minorUnits: 2600, currency: .bhd))
  }

  func testAmountWrittenAsAJSONNumberIsExact() throws {
    let data = Data(
      try String(decoding: scenarioData("acme-electronics"), as: UTF8.self)
        .replacingOccurrences(of: "\"unitPrice\": \"49.99\"", with: "\"unitPrice\": 49.99").utf8)
    let scenario = try JSONDecoder().decode(Scenario.self, from: data)
    XCTAssertEqual(scenario.total, Money(minorUnits: 4999, currency: .usd))
  }

  // MARK: - Refused files

  func testUnknownCurrency() {
    assertDecodingFails(at: ["transaction", "currency"], message: "unknown currency \"XYZ\"") {
      setTransaction("currency", "XYZ", in: &$0)
    }
  }

  func testTooManyDecimalsForTheCurrency() {
    assertDecodingFails(
      at: ["items", "Index 0", "unitPrice"], message: "GBP 1.234 has more decimals than GBP allows (2)"
    ) {
      setTransaction("currency", "GBP", in: &$0)
      $0["items"] = [["name": "Cable", "quantity": 1, "unitPrice": "1.234"]]
    }
  }

  func testDecimalInYen() {
    assertDecodingFails(
      at: ["items", "Index 1", "unitPrice"], message: "JPY 1.0 has a decimal point but JPY takes no decimals"
    ) {
      setTransaction("currency", "JPY", in: &$0)
      $0["items"] = [
        ["name": "LP", "quantity": 1, "unitPrice": "1235"],
        ["name": "Single", "quantity": 1, "unitPrice": "1.0"],
      ]
    }
  }

  func testZeroQuantity() {
    assertDecodingFails(at: ["items", "Index 0", "quantity"], message: "at least 1") {
      $0["items"] = [["name": "Headphones", "quantity": 0, "unitPrice": "49.99"]]
    }
  }

  func testNegativeQuantity() {
    assertDecodingFails(at: ["items", "Index 0", "quantity"], message: "at least 1") {
      $0["items"] = [["name": "Headphones", "quantity": -2, "unitPrice": "49.99"]]
    }
  }

  func testNegativePrice() {
    assertDecodingFails(at: ["items", "Index 0", "unitPrice"], message: "negative") {
      $0["items"] = [["name": "Refund", "quantity": 1, "unitPrice": "-1.00"]]
    }
  }

  func testEmptyItems() {
    assertDecodingFails(at: ["items"], message: "expected at least one item") {
      $0["items"] = [Any]()
    }
  }

  func testOrderTotalOverflow() {
    assertDecodingFails(at: ["items", "Index 0"], message: "the most an amount can be") {
      $0["items"] = [["name": "A", "quantity": Int.max, "unitPrice": "10000000000000.00"]]
    }
  }

  /// Hardening: an order total above the amount limit (10^15 minor units) is refused when the scenario
  /// loads, not charged; exactly the limit is taken.
  func testAnOrderTotalAboveTheAmountLimitIsRefused() throws {
    assertDecodingFails(
      at: ["items", "Index 1"], message: "the order total would be more than 1000000000000000"
    ) {
      $0["items"] = [
        ["name": "A", "quantity": 1, "unitPrice": "10000000000000.00"],
        ["name": "B", "quantity": 1, "unitPrice": "0.01"],
      ]
    }
    var object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(PackageResources.acme_electronics_json)) as? [String: Any])
    object["items"] = [["name": "A", "quantity": 2, "unitPrice": "5000000000000.00"]]
    let scenario = try JSONDecoder().decode(
      Scenario.self, from: JSONSerialization.data(withJSONObject: object))
    XCTAssertEqual(scenario.total.minorUnits, AmountParser.maximumMinorUnits)
  }

  func testUnknownCardScheme() {
    assertDecodingFails(
      at: ["session", "allowedFundingTypes", "cardSchemes", "Index 1"],
      message: "unknown card scheme \"Maestro\""
    ) {
      setFunding("cardSchemes", ["Visa", "Maestro"], in: &$0)
    }
  }

  func testUnknownCardSchemeMessageListsTheKnownNames() {
    assertDecodingFails(
      at: ["session", "allowedFundingTypes", "cardSchemes", "Index 0"],
      message: "Visa, Mastercard, AmericanExpress, Diners, Discover, JCB"
    ) {
      setFunding("cardSchemes", ["Solo"], in: &$0)
    }
  }

  func testBadCardIntent() {
    assertDecodingFails(
      at: ["transaction", "intent", "card"],
      message: "expected one of Authorisation, Purchase, Verification, EstimatedAuthorisation"
    ) {
      setTransaction("intent", ["card": "Sale", "paypal": "Authorisation"], in: &$0)
    }
  }

  func testBadPayPalIntent() {
    assertDecodingFails(
      at: ["transaction", "intent", "paypal"], message: "expected one of Authorisation, Purchase"
    ) {
      setTransaction("intent", ["card": "Purchase", "paypal": "Verification"], in: &$0)
    }
  }

  func testBadEntryType() {
    assertDecodingFails(at: ["transaction", "entryType"], message: "\"ecom\" or \"moto\"") {
      setTransaction("entryType", "pos", in: &$0)
    }
  }

  func testMerchantTransactionIdLongerThanFifty() {
    assertDecodingFails(at: ["transaction", "merchantTransactionId"], message: "1 to 50 characters") {
      setTransaction("merchantTransactionId", String(repeating: "a", count: 51), in: &$0)
    }
  }

  func testLatencyOutOfRange() {
    assertDecodingFails(at: ["latencyMs"], message: "0 to 600000") {
      $0["latencyMs"] = -1
    }
  }

  /// drop-in-implementation.md, Configuration parameters (`merchantShopperId`, "Required at initialisation"):
  /// a scenario without one, or with an empty one, used to run with a silent `shopper-123`; it is refused,
  /// naming the field.
  func testConfigurationParameters_merchantShopperIdIsRequiredAtInitialisation() throws {
    for missing in [nil, "", "   "] as [String?] {
      assertDecodingFails(
        at: ["transaction", "merchantShopperId"], message: "is required at initialisation"
      ) { object in
        var transaction = object["transaction"] as! [String: Any]
        transaction["merchantShopperId"] = missing
        object["transaction"] = transaction
      }
    }
    let given = try decodeAcme { setTransaction("merchantShopperId", "shopper-42", in: &$0) }
    XCTAssertEqual(given.merchantShopperId, "shopper-42")
  }

  /// drop-in-implementation.md, Configuration parameters (`ownerId` String, "≤ 20 characters"): a longer
  /// one is refused, naming the field; one of 20 is kept.
  func testConfigurationParameters_ownerIdIsAtMostTwentyCharacters() throws {
    assertDecodingFails(at: ["transaction", "ownerId"], message: "is 21 characters; expected 1 to 20") {
      setTransaction("ownerId", String(repeating: "g", count: 21), in: &$0)
    }
    assertDecodingFails(at: ["transaction", "ownerId"], message: "is 0 characters; expected 1 to 20") {
      setTransaction("ownerId", "", in: &$0)
    }
    let twenty = String(repeating: "g", count: 20)
    XCTAssertEqual(try decodeAcme { setTransaction("ownerId", twenty, in: &$0) }.ownerId, twenty)
    XCTAssertNil(try loadScenario("acme-electronics").ownerId, "optional: the seed gives it no default")
  }

  /// apple-pay-customisation.md, ApplePayButtonComponentConfig (`countryCode`, "The country code (ISO 3166-1
  /// alpha-2, e.g., "US")"): `USA` and `us` reached `/init` and opened the sheet; they are refused with the
  /// alpha-2 spelling, as `usd` is for a currency, and an unknown code with an example.
  func testApplePayButtonComponentConfig_countryCodeIsISO3166Alpha2() throws {
    func withCountry(_ code: String) -> (inout [String: Any]) -> Void {
      { object in
        var applePay = object["applePay"] as! [String: Any]
        applePay["countryCode"] = code
        object["applePay"] = applePay
      }
    }
    for (written, spelling) in [("USA", "US"), ("us", "US"), ("Us", "US"), ("GBR", "GB"), ("gb", "GB")] {
      assertDecodingFails(
        at: ["applePay", "countryCode"],
        message:
          "country \"\(written)\" is written \(spelling) (ISO 3166-1 alpha-2 codes are two upper-case letters)",
        changing: withCountry(written))
    }
    for unknown in ["XX", "U", "", "UK", "840", "AAA"] {
      assertDecodingFails(
        at: ["applePay", "countryCode"],
        message: "unknown country \"\(unknown)\" (expected an ISO 3166-1 alpha-2 code such as US, GB, JP)",
        changing: withCountry(unknown))
    }
    for known in ["US", "GB", "JP", "DE", "BH"] {
      XCTAssertEqual(try decodeAcme(changing: withCountry(known)).applePay?.countryCode, known)
    }
  }

  func testMissingMerchantIsAKeyNotFound() {
    XCTAssertThrowsError(try decodeAcme { $0["merchant"] = nil }) { error in
      guard case DecodingError.keyNotFound(let key, _) = error else {
        return XCTFail("expected keyNotFound, got \(error)")
      }
      XCTAssertEqual(key.stringValue, "merchant")
    }
  }

  // MARK: - Round trips

  func testRoundTripOfTheBuiltInDemo() throws {
    let data = try JSONEncoder().encode(Scenario.acmeElectronics)
    XCTAssertEqual(try JSONDecoder().decode(Scenario.self, from: data), Scenario.acmeElectronics)
  }

  func testRoundTripOfEveryScenarioFile() throws {
    for name in ["acme-electronics", "terms-not-accepted", "tokyo-yen"] {
      let scenario = try loadScenario(name)
      let data = try JSONEncoder().encode(scenario)
      XCTAssertEqual(try JSONDecoder().decode(Scenario.self, from: data), scenario, name)
    }
  }

  func testRoundTripKeepsExponentsAndRules() throws {
    let scenario = Scenario(
      name: "bahrain", merchantName: "Manama Lamps", locale: "ar-BH", currency: .bhd, entryType: "moto",
      cardIntent: "Purchase", paypalIntent: "Purchase", merchantTransactionId: "bh-1",
      merchantShopperId: "s-9",
      items: [
        LineItem(name: "Lamp", quantity: 2, unitPrice: Money(minorUnits: 1300, currency: .bhd)),
        LineItem(name: "Bulb", quantity: 5, unitPrice: Money(minorUnits: 7, currency: .bhd)),
      ],
      session: SessionData(
        sessionId: "s", hmacKey: "k", encryptionKey: "e", sessionExpiry: "2030-01-01T00:00:00Z",
        allowedFundingTypes: AllowedFundingTypes(
          cardSchemes: ["Visa", "JCB"], wallets: Wallets(paze: PazeWallet(merchantCategoryCode: "5732")))),
      beforeSubmit: BeforeSubmitRule(allow: false, message: "Say \"yes\" first", methods: [.card]),
      latencyMilliseconds: 0)
    let data = try JSONEncoder().encode(scenario)
    let decoded = try JSONDecoder().decode(Scenario.self, from: data)
    XCTAssertEqual(decoded, scenario)
    XCTAssertEqual(decoded.total, Money(minorUnits: 2635, currency: .bhd))
  }

  // MARK: - onBeforeSubmit rule

  func testBeforeSubmitRuleVerdicts() {
    let refuseCards = BeforeSubmitRule(allow: false, message: "Please accept terms", methods: [.card])
    XCTAssertEqual(
      refuseCards.verdict(for: .card), BeforeSubmitVerdict(allowed: false, message: "Please accept terms"))
    XCTAssertEqual(refuseCards.verdict(for: .paypal), BeforeSubmitVerdict(allowed: true))
    let allowAll = BeforeSubmitRule(allow: true, message: "ignored")
    XCTAssertEqual(allowAll.verdict(for: .applePay), BeforeSubmitVerdict(allowed: true))
  }
}

/// Starting a checkout decodes only its own built-in scenario: the names it looks them up by must be theirs.
final class BuiltInScenarioLookupTests: XCTestCase {
  func testEachBuiltInFileIsNamedAfterItsScenario() {
    XCTAssertEqual(Scenario.builtInSources.map(\.name), Scenario.builtIn.map(\.name))
    for scenario in Scenario.builtIn {
      XCTAssertEqual(Scenario.builtIn(named: scenario.name), scenario, scenario.name)
    }
    XCTAssertEqual(Scenario.acmeElectronics, Scenario.builtIn[0])
    XCTAssertNil(Scenario.builtIn(named: "no-such-scenario"))
  }
}
