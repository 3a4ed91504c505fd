import Foundation
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// The `applePay` section of a scenario: what it decodes to, what it refuses (naming the place), which
/// Wallet cards it lets the sheet offer, and a total that does not add up.
final class ApplePayConfigurationTests: XCTestCase {
  private typealias Acme = AcmeApplePay

  // MARK: - Helpers

  /// A minimal scenario around an `applePay` section, in a currency, as JSON objects.
  private func smallScenario(currency: String, price: String, applePay: [String: Any]) -> [String: Any] {
    [
      "name": "small", "merchant": ["name": "Small Shop"],
      "transaction": ["currency": currency, "merchantTransactionId": "small-1", "merchantShopperId": "s-1"],
      "items": [["name": "Goods", "unitPrice": price]],
      "session": [
        "sessionId": "s", "hmacKey": "k", "encryptionKey": "e", "sessionExpiry": "2030-01-01T00:00:00Z",
        "allowedFundingTypes": [
          "cardSchemes": ["Visa", "JCB"],
          "wallets": ["applePay": ["merchantId": "merchant.small", "merchantName": "Small Shop"]],
        ],
      ],
      "applePay": applePay,
    ]
  }

  /// A tea shop in yen (exponent 0): 1235 goods, 500 shipping, 10 % tax, a 33 credit fee, a 12 JCB reward and
  /// a 15 % coupon.
  private var yenApplePay: [String: Any] {
    let yamato: [String: Any] = [
      "identifier": "yamato", "label": "Yamato", "detail": "Next day", "amount": "500",
    ]
    return [
      "merchantDisplayName": "Kyoto Tea", "paymentDescription": "Tea order", "currencyCode": "JPY",
      "countryCode": "JP", "supportedNetworks": ["jcb", "visa"],
      "merchantCapabilities": ["threeDSecure", "credit", "debit"],
      "paymentItems": [["label": "Matcha Set", "amount": "1235"]],
      "totalPaymentItem": ["label": "Total", "amount": "1235"],
      "requiredShippingContactFields": ["postalAddress"],
      "shippingMethods": [yamato],
      "wallet": [
        "cards": [["network": "jcb", "type": "credit", "number": "3566002020360505"]],
        "contacts": [
          [
            "name": "Hanako Yamada",
            "postalAddress": [
              "street": "1-1 Chiyoda", "city": "Chiyoda", "state": "Tokyo", "postalCode": "100-0001",
              "country": "Japan", "isoCountryCode": "JP",
            ],
          ]
        ],
      ],
      "rules": [
        "shippingRates": [["countries": ["JP"], "methods": [yamato]]],
        "taxRates": [["countries": ["JP"], "basisPoints": 1000]],
        "coupons": [["code": "CHA15", "percentOffBasisPoints": 1500]],
        "creditCardFee": "33",
        "networkRewards": ["jcb": "12"],
      ],
    ]
  }

  /// A lamp shop in Bahraini dinars (exponent 3): 12.348 goods, 1.5 shipping, 5 % tax, a 0.250 credit fee and
  /// a 12.5 % coupon; no totalPaymentItem.
  private var dinarApplePay: [String: Any] {
    let aramex: [String: Any] = [
      "identifier": "aramex", "label": "Aramex", "detail": "2 days", "amount": "1.5",
    ]
    return [
      "merchantDisplayName": "Manama Lamps", "paymentDescription": "Lamp order", "currencyCode": "BHD",
      "countryCode": "BH", "supportedNetworks": ["visa"], "merchantCapabilities": ["threeDSecure", "credit"],
      "paymentItems": [["label": "Brass Lamp", "amount": "12.348"]],
      "requiredShippingContactFields": ["postalAddress"],
      "shippingMethods": [aramex],
      "wallet": [
        "cards": [["network": "visa", "type": "credit", "number": "4242424242424242"]],
        "contacts": [
          [
            "name": "Fatima Ali",
            "postalAddress": [
              "street": "Road 1", "city": "Manama", "state": "", "postalCode": "317", "country": "Bahrain",
              "isoCountryCode": "BH",
            ],
          ]
        ],
      ],
      "rules": [
        "shippingRates": [["countries": ["BH"], "methods": [aramex]]],
        "taxRates": [["countries": ["BH"], "basisPoints": 500]],
        "coupons": [["code": "NOOR", "percentOffBasisPoints": 1250]],
        "creditCardFee": "0.250",
      ],
    ]
  }

  private func decode(_ object: [String: Any]) throws -> Scenario {
    try JSONDecoder().decode(Scenario.self, from: JSONSerialization.data(withJSONObject: object))
  }

  /// The demo scenario with its `applePay` section changed.
  private func acme(changingApplePay change: (inout [String: Any]) -> Void) -> [String: Any] {
    var object =
      try! JSONSerialization.jsonObject(with: Data(PackageResources.acme_electronics_json)) as! [String: Any]
    var applePay = object["applePay"] as! [String: Any]
    change(&applePay)
    object["applePay"] = applePay
    return object
  }

  /// Changes the object at `key` of a JSON object.
  private func edit(_ object: inout [String: Any], _ key: String, _ change: (inout [String: Any]) -> Void) {
    var nested = object[key] as! [String: Any]
    change(&nested)
    object[key] = nested
  }

  /// Changes the object at `index` of the list at `key` of a JSON object.
  private func edit(
    _ object: inout [String: Any], _ key: String, _ index: Int, _ change: (inout [String: Any]) -> Void
  ) {
    var list = object[key] as! [[String: Any]]
    change(&list[index])
    object[key] = list
  }

  /// Decoding fails with `dataCorrupted` at `path` (coding key string values, "Index n" for positions) and a
  /// message containing `message`.
  private func assertDecodingFails(
    _ object: [String: Any], at path: [String], message: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    do {
      _ = try decode(object)
      XCTFail("decoded a scenario that should be refused", file: file, line: line)
    } catch DecodingError.dataCorrupted(let context) {
      XCTAssertEqual(context.codingPath.map(\.stringValue), path, file: file, line: line)
      XCTAssertTrue(
        context.debugDescription.contains(message), "\"\(context.debugDescription)\" lacks \"\(message)\"",
        file: file, line: line)
    } catch {
      XCTFail("expected dataCorrupted, got \(error)", file: file, line: line)
    }
  }

  // MARK: - The demo's section

  func testDemoSectionDecodes() {
    let configuration = Acme.configuration
    XCTAssertEqual(configuration.merchantDisplayName, "Acme Electronics Store")
    XCTAssertEqual(configuration.currencyCode, .usd)
    XCTAssertEqual(configuration.supportedNetworks, [.visa, .masterCard, .amex, .discover])
    XCTAssertEqual(configuration.merchantCapabilities, [.threeDSecure, .emv, .credit, .debit])
    XCTAssertEqual(configuration.totalPaymentItem, SummaryItem(label: "Total", amount: .usd(4999)))
    XCTAssertEqual(configuration.requiredShippingContactFields, [.postalAddress, .name, .phoneNumber])
    XCTAssertEqual(configuration.wallet.cards.count, 7)
    XCTAssertEqual(configuration.wallet.contacts.count, 7)
    XCTAssertEqual(configuration.rules.coupons.map(\.code), ["SAVE10", "SUMMER23", "BIGSPENDER"])
    XCTAssertEqual(configuration.rules.creditCardFee, .usd(299))
    XCTAssertEqual(configuration.rules.networkRewards, [.amex: .usd(100)])
    XCTAssertNil(CheckoutReducer.totalProblem(configuration))
  }

  /// Without a `totalPaymentItem`, the total is labelled with the merchant's display name.
  func testInitialSummaryKeepsPendingItemsAndLabelsTheTotalWithTheMerchant() {
    var configuration = Acme.configuration
    configuration.totalPaymentItem = nil
    configuration.paymentItems = [
      Acme.line("Wireless Headphones", 4999),
      SummaryItem(label: "Gift wrap", amount: .usd(0), type: .pending),
    ]
    XCTAssertEqual(
      configuration.initialSummary,
      [
        Acme.line("Wireless Headphones", 4999),
        SummaryItem(label: "Gift wrap", amount: .usd(0), type: .pending),
        Acme.line(Acme.merchantName, 4999),
      ])
    XCTAssertNil(CheckoutReducer.totalProblem(configuration))
  }

  // MARK: - Eligible cards

  func testEligibleCardsFollowNetworksAndCapabilities() {
    func names(_ change: (inout ApplePayConfiguration) -> Void) -> [String] {
      var configuration = Acme.configuration
      change(&configuration)
      return configuration.eligibleCards.map(\.displayName)
    }
    XCTAssertTrue(Acme.configuration.wallet.cards.contains { $0.network == .jcb })
    XCTAssertEqual(
      names { _ in },
      [
        "Visa ••••5556", "Visa ••••4242", "Amex ••••0005", "Mastercard ••••4444", "Visa ••••0002",
        "Visa ••••3220",
      ])
    XCTAssertEqual(
      names { $0.merchantCapabilities = [.threeDSecure, .debit] }, ["Visa ••••5556", "Mastercard ••••4444"])
    XCTAssertEqual(
      names { $0.merchantCapabilities = [.threeDSecure, .credit] },
      ["Visa ••••4242", "Amex ••••0005", "Visa ••••0002", "Visa ••••3220"])
    XCTAssertEqual(names { $0.supportedNetworks = [.amex] }, ["Amex ••••0005"])
    XCTAssertTrue(names { $0.supportedNetworks.append(.jcb) }.contains("JCB ••••0505"))
    XCTAssertEqual(names { $0.merchantCapabilities = [.threeDSecure, .emv] }, [])
  }

  func testTheSheetOffersOnlyEligibleCards() {
    var scenario = Acme.scenario
    scenario.applePay?.merchantCapabilities = [.threeDSecure, .debit]
    let driver = SheetDriver(scenario: scenario)
    driver.openSheet()
    XCTAssertEqual(driver.sheet?.card, Acme.configuration.wallet.cards[0])
    driver.send(.selectCard(1))
    XCTAssertEqual(driver.sheet?.card?.displayName, "Mastercard ••••4444")
    CheckoutTestStore(state: driver.state).send(.selectCard(2))
  }

  func testWithoutAnEligibleCardTheSheetAsksToAddOne() {
    var scenario = Acme.scenario
    scenario.applePay?.supportedNetworks = [.maestro]
    let driver = SheetDriver(scenario: scenario)
    let opening = driver.openSheet()
    XCTAssertEqual(opening.names, [.onBeforeSubmit, .onShippingContactSelected, .sheetUpdated])
    XCTAssertNil(driver.sheet?.card)
    XCTAssertNil(driver.sheet?.pendingUpdate)
    XCTAssertEqual(driver.sheet?.authorisationBlocker(driver.configuration), "Add a card to Apple Pay")
    CheckoutTestStore(state: driver.state).send(.requestAuthorisation)
  }

  // MARK: - A total that does not add up

  func testTotalThatIsNotTheSumIsAConfigurationProblemAndBlocksAuthorisation() throws {
    let scenario = try decode(acme { edit(&$0, "totalPaymentItem") { $0["amount"] = "45.00" } })
    let problem = "Configuration error: totalPaymentItem is 45.00 but the paymentItems add up to 49.99 USD"
    XCTAssertEqual(CheckoutReducer.totalProblem(scenario.applePay!), problem)

    let driver = SheetDriver(scenario: scenario)
    driver.holding = [.sheetUpdate]
    driver.openSheet()
    XCTAssertEqual(driver.sheet?.configurationProblem, problem)
    XCTAssertEqual(
      driver.sheet?.summaryItems, [Acme.line("Wireless Headphones", 4999), Acme.total(4500)],
      "the configured total is shown as it is, never fixed")
    driver.holding = []
    driver.release()
    XCTAssertNil(driver.sheet?.pendingUpdate)
    XCTAssertEqual(driver.sheet?.configurationProblem, problem)
    XCTAssertEqual(driver.sheet?.authorisationBlocker(driver.configuration), problem)
    CheckoutTestStore(state: driver.state).send(.requestAuthorisation)
    driver.send(.selectCard(Acme.visaCredit))
    CheckoutTestStore(state: driver.state).send(.requestAuthorisation)
    XCTAssertEqual(driver.authorisations, [])
  }

  /// Hardening: a total above the amount limit (10^15 minor units), here goods that with California's tax
  /// come to just below it, and then express shipping, is the merchant's problem shown on the sheet and never
  /// authorised, never charged.
  func testATotalAboveTheAmountLimitBlocksAuthorisation() throws {
    let scenario = try decode(
      acme {
        $0["paymentItems"] = [["label": "Gold", "amount": "9237875288680.00"]]
        $0["totalPaymentItem"] = nil
      })
    let driver = SheetDriver(scenario: scenario)
    driver.openSheet()
    XCTAssertEqual(driver.sheet?.total?.amount.minorUnits, 999_999_999_999_610)
    XCTAssertNil(driver.sheet?.authorisationBlocker(driver.configuration), "up to the limit can be paid")
    driver.send(.selectShippingMethod("express"))
    let problem =
      "Configuration error: onShippingMethodSelected returned a total of 10000000000009.09 USD, more than "
      + "1000000000000000 minor units, the most an amount can be"
    XCTAssertEqual(driver.sheet?.updateProblem, problem)
    XCTAssertEqual(driver.sheet?.authorisationBlocker(driver.configuration), problem)
    CheckoutTestStore(state: driver.state).send(.requestAuthorisation)
    XCTAssertEqual(driver.authorisations, [])
  }

  // MARK: - Currencies

  func testYenSectionDecodesAndPricesExactly() throws {
    let scenario = try decode(smallScenario(currency: "JPY", price: "1235", applePay: yenApplePay))
    let configuration = try XCTUnwrap(scenario.applePay)
    let yen = { (amount: Int64) in Money(minorUnits: amount, currency: .jpy) }
    XCTAssertEqual(configuration.currencyCode, .jpy)
    XCTAssertEqual(configuration.paymentItems, [SummaryItem(label: "Matcha Set", amount: yen(1235))])
    XCTAssertEqual(configuration.shippingMethods.map(\.amount), [yen(500)])
    XCTAssertEqual(configuration.rules.creditCardFee, yen(33))
    XCTAssertEqual(configuration.rules.networkRewards, [.jcb: yen(12)])
    XCTAssertNil(CheckoutReducer.totalProblem(configuration))

    let driver = SheetDriver(scenario: scenario)
    driver.openSheet()
    driver.send(.enterCouponCode("CHA15"))
    // Tax 10 % of 1235 = 123.5 → 124; CHA15 15 % of 1235 = 185.25 → 185.
    XCTAssertEqual(
      driver.sheet?.summaryItems,
      [
        SummaryItem(label: "Matcha Set", amount: yen(1235)),
        SummaryItem(label: "Shipping (Yamato)", amount: yen(500)),
        SummaryItem(label: "Tax", amount: yen(124)), SummaryItem(label: "Credit Fee", amount: yen(33)),
        SummaryItem(label: "JCB Reward", amount: yen(-12)),
        SummaryItem(label: "Discount (CHA15)", amount: yen(-185)),
        SummaryItem(label: "Total", amount: yen(1695)),
      ])
    let payment = driver.authorise()
    XCTAssertEqual(
      payment.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onSuccess])
    XCTAssertEqual(payment.events[0]["amount"], .string("1695"))
    XCTAssertEqual(payment.events[0]["currency"], .string("JPY"))
    XCTAssertEqual(driver.authorisations.map(\.amount), [yen(1695)])
    XCTAssertEqual(payment.events[3]["shippingContact.postalCode"], .string("100-0001"))
    XCTAssertEqual(payment.events[4]["amount"], .string("1695"))
  }

  func testDinarSectionDecodesAndPricesExactly() throws {
    let scenario = try decode(smallScenario(currency: "BHD", price: "12.348", applePay: dinarApplePay))
    let configuration = try XCTUnwrap(scenario.applePay)
    let fils = { (amount: Int64) in Money(minorUnits: amount, currency: .bhd) }
    XCTAssertEqual(configuration.currencyCode, .bhd)
    XCTAssertEqual(configuration.paymentItems.map(\.amount), [fils(12348)])
    XCTAssertEqual(configuration.shippingMethods.map(\.amount), [fils(1500)])
    XCTAssertEqual(configuration.shippingMethods.map(\.amount.plainString), ["1.500"])
    XCTAssertEqual(configuration.rules.creditCardFee, fils(250))
    XCTAssertEqual(configuration.initialSummary.last, SummaryItem(label: "Manama Lamps", amount: fils(12348)))

    let driver = SheetDriver(scenario: scenario)
    driver.openSheet()
    driver.send(.enterCouponCode("noor"))
    // Tax 5 % of 12.348 = 0.6174 → 0.617; NOOR 12.5 % of 12.348 = 1.5435 → 1.544 (half up).
    XCTAssertEqual(
      driver.sheet?.summaryItems,
      [
        SummaryItem(label: "Brass Lamp", amount: fils(12348)),
        SummaryItem(label: "Shipping (Aramex)", amount: fils(1500)),
        SummaryItem(label: "Tax", amount: fils(617)), SummaryItem(label: "Credit Fee", amount: fils(250)),
        SummaryItem(label: "Discount (noor)", amount: fils(-1544)),
        // No totalPaymentItem, and /init names nobody: the session's merchantName labels the total.
        SummaryItem(label: "Small Shop", amount: fils(13171)),
      ])
    let payment = driver.authorise()
    XCTAssertEqual(payment.events[0]["amount"], .string("13.171"))
    XCTAssertEqual(payment.events[0]["currency"], .string("BHD"))
    XCTAssertEqual(driver.authorisations.map(\.amount), [fils(13171)])
    XCTAssertEqual(payment.events.last?.name, .onSuccess)
  }

  func testCurrencyCodeMustBeTheTransactionCurrency() {
    var applePay = yenApplePay
    applePay["currencyCode"] = "USD"
    assertDecodingFails(
      smallScenario(currency: "JPY", price: "1235", applePay: applePay), at: ["applePay", "currencyCode"],
      message: "expected the transaction's currency JPY, found USD")
    assertDecodingFails(
      acme { $0["currencyCode"] = "EUR" }, at: ["applePay", "currencyCode"],
      message: "expected the transaction's currency USD, found EUR")
  }

  /// ISO 4217 writes codes in capitals: `bhd` is refused, with the spelling in the message.
  func testCurrencyCodeIsWrittenInCapitals() throws {
    var applePay = dinarApplePay
    applePay["currencyCode"] = "bhd"
    assertDecodingFails(
      smallScenario(currency: "BHD", price: "1", applePay: applePay), at: ["applePay", "currencyCode"],
      message: "expected the transaction's currency BHD, found bhd")
  }

  /// apple-pay-customisation.md, ApplePayButtonComponentConfig: `merchantDisplayName`, `paymentDescription`,
  /// `currencyCode`, `countryCode`, `supportedNetworks` and `merchantCapabilities` are declared without a
  /// default. A configuration without one of them is refused, naming it (it used to be filled in).
  func testTheConfigurationsRequiredFieldsAreRequired() {
    for field in [
      "merchantDisplayName", "paymentDescription", "currencyCode", "countryCode", "supportedNetworks",
      "merchantCapabilities",
    ] {
      var applePay = dinarApplePay
      applePay[field] = nil
      XCTAssertThrowsError(try decode(smallScenario(currency: "BHD", price: "1", applePay: applePay)), field)
      {
        guard case DecodingError.keyNotFound(let key, let context) = $0 else {
          return XCTFail("\(field): \($0)")
        }
        XCTAssertEqual(key.stringValue, field)
        XCTAssertEqual(context.codingPath.map(\.stringValue), ["applePay"])
      }
    }
  }

  /// Customisation, ApplePayButtonComponentConfig and the recurring request: `customContent`,
  /// `applePayConsentComponent` and `tokenNotificationURL` are read, not ignored; `buttonRadius` takes any
  /// non-negative value.
  func testCustomisation_CustomContentConsentTokenNotificationURLAndAnyRadiusAreDecoded() throws {
    var applePay = dinarApplePay
    applePay["buttonRadius"] = 60
    applePay["customContent"] = ["text": "Pay with Apple Pay"]
    applePay["applePayConsentComponent"] = ["text": "I agree to data processing"]
    applePay["recurringRequest"] = [
      "paymentDescription": "Lamp oil monthly", "managementURL": "https://lamps.example/manage",
      "tokenNotificationURL": "https://api.lamps.example/webhooks/token",
      "regularBilling": ["label": "Oil", "amount": "1.5", "startDate": "2027-01-01"],
    ]
    let configuration = try XCTUnwrap(
      try decode(smallScenario(currency: "BHD", price: "1", applePay: applePay)).applePay)
    XCTAssertEqual(configuration.button.radius, 60)
    XCTAssertEqual(configuration.button.customContent, ApplePayCustomContent(text: "Pay with Apple Pay"))
    XCTAssertEqual(configuration.button.label, "Pay with Apple Pay")
    XCTAssertEqual(configuration.button.consent, ApplePayConsentComponent(text: "I agree to data processing"))
    let recurring = try XCTUnwrap(configuration.recurringRequest)
    XCTAssertEqual(recurring.tokenNotificationURL, "https://api.lamps.example/webhooks/token")
    XCTAssertEqual(
      recurring.lines(MoneyFormatter()).last, "Token updates: https://api.lamps.example/webhooks/token")

    applePay["buttonRadius"] = -1
    assertDecodingFails(
      smallScenario(currency: "BHD", price: "1", applePay: applePay), at: ["applePay", "buttonRadius"],
      message: "0 points or more")
    applePay["buttonRadius"] = 4
    applePay["customContent"] = ["text": " "]
    assertDecodingFails(
      smallScenario(currency: "BHD", price: "1", applePay: applePay),
      at: ["applePay", "customContent", "text"],
      message: "the text it shows, not a blank")
  }

  func testAmountsFollowTheCurrencysExponent() {
    var yen = yenApplePay
    edit(&yen, "paymentItems", 0) { $0["amount"] = "12.5" }
    assertDecodingFails(
      smallScenario(currency: "JPY", price: "1235", applePay: yen),
      at: ["applePay", "paymentItems", "Index 0", "amount"],
      message: "JPY 12.5 has a decimal point but JPY takes no decimals")
    var dinar = dinarApplePay
    edit(&dinar, "shippingMethods", 0) { $0["amount"] = "1.2345" }
    assertDecodingFails(
      smallScenario(currency: "BHD", price: "1", applePay: dinar),
      at: ["applePay", "shippingMethods", "Index 0", "amount"],
      message: "BHD 1.2345 has more decimals than BHD allows (3)")
    assertDecodingFails(
      acme { edit(&$0, "rules") { $0["creditCardFee"] = "-2.99" } },
      at: ["applePay", "rules", "creditCardFee"],
      message: "is negative")
  }

  // MARK: - Decoding errors name the place

  func testUnknownSupportedNetwork() {
    assertDecodingFails(
      acme { $0["supportedNetworks"] = ["visa", "diners"] },
      at: ["applePay", "supportedNetworks", "Index 1"],
      message: "diners")
  }

  func testUnknownMerchantCapability() {
    assertDecodingFails(
      acme { $0["merchantCapabilities"] = ["credit", "nfc"] },
      at: ["applePay", "merchantCapabilities", "Index 1"],
      message: "nfc")
  }

  func testWalletCardFailingLuhn() {
    assertDecodingFails(
      acme { edit(&$0, "wallet") { edit(&$0, "cards", 1) { $0["number"] = "4242424242424241" } } },
      at: ["applePay", "wallet", "cards", "Index 1", "number"], message: "Luhn")
  }

  func testWalletCardOfAnUnknownNetwork() {
    assertDecodingFails(
      acme { edit(&$0, "wallet") { edit(&$0, "cards", 0) { $0["network"] = "unionpay" } } },
      at: ["applePay", "wallet", "cards", "Index 0", "network"], message: "unionpay")
  }

  func testCouponWithBothAPercentageAndAnAmount() {
    assertDecodingFails(
      acme { edit(&$0, "rules") { edit(&$0, "coupons", 0) { $0["amountOff"] = "5.00" } } },
      at: ["applePay", "rules", "coupons", "Index 0"],
      message: "expected exactly one of percentOffBasisPoints or amountOff")
  }

  func testCouponWithNeitherAPercentageNorAnAmount() {
    assertDecodingFails(
      acme { edit(&$0, "rules") { edit(&$0, "coupons", 2) { $0["amountOff"] = nil } } },
      at: ["applePay", "rules", "coupons", "Index 2"],
      message: "expected exactly one of percentOffBasisPoints or amountOff")
  }

  func testRewardForAnUnknownNetwork() {
    assertDecodingFails(
      acme { edit(&$0, "rules") { $0["networkRewards"] = ["amex": "1.00", "diners": "1.00"] } },
      at: ["applePay", "rules", "networkRewards", "diners"], message: "unknown network")
  }

  func testTaxAboveOneHundredPercent() {
    assertDecodingFails(
      acme { edit(&$0, "rules") { edit(&$0, "taxRates", 1) { $0["basisPoints"] = 10_001 } } },
      at: ["applePay", "rules", "taxRates", "Index 1", "basisPoints"], message: "expected 0 to 10000")
  }
}
