import Foundation
import StrictJSON

/// Everything one simulated checkout needs: the merchant, the transaction data, the order, the session
/// response and the merchant's declarative answers to callbacks. Loaded from a JSON file or built in.
public struct Scenario: Equatable, Sendable {
  /// A short name for the scenario (`paydrill scenarios` lists built-in ones by it).
  public var name: String
  /// One line saying what the scenario shows.
  public var description: String = ""
  /// The merchant's name as the shopper sees it.
  public var merchantName: String
  /// The locale of built-in strings and money formatting ("en-US" by default, as in the seed).
  public var locale: String = "en-US"
  /// The transaction's currency (`DropInTransactionData.currency`).
  public var currency: Currency
  /// `ecom` or `moto` (`DropInTransactionData.entryType`).
  public var entryType: String = "ecom"
  /// The card intent (`Authorisation`, `Purchase`, `Verification`, `EstimatedAuthorisation`).
  public var cardIntent: String = "Authorisation"
  /// The PayPal intent (`Authorisation`, `Purchase`).
  public var paypalIntent: String = "Authorisation"
  public var merchantTransactionId: String
  /// The merchant's identifier for the shopper (`CheckoutDropInConfig.merchantShopperId`): required at
  /// initialisation, so a file without one is refused, naming it.
  public var merchantShopperId: String
  /// The merchant or merchant group (`CheckoutDropInConfig.ownerId`), at most 20 characters; optional.
  public var ownerId: String?
  public var items: [LineItem]
  public var session: SessionData
  /// The merchant's answer to `onBeforeSubmit`.
  public var beforeSubmit: BeforeSubmitRule = BeforeSubmitRule(allow: true)
  /// The gateway's simulated latency, when the scenario sets one.
  public var latencyMilliseconds: Int?
  /// The Apple Pay component's configuration, Wallet and merchant rules; without it the Apple Pay method
  /// shows as not available.
  public var applePay: ApplePayConfiguration?
  /// The simulated gateway: PSP profile, address verification, latency by operation.
  public var gateway: GatewayConfiguration = GatewayConfiguration()
  /// The merchant's own wording of the shopper's texts, over the locale's built-in ones.
  public var localisation: [ShopperText: String] = [:]
  /// Who made `session`: not in a scenario's JSON (a file's session is made up); a backend's session
  /// (`paydrill --session`) is not renewed after its payment.
  public var sessionOrigin = SessionOrigin.scenario
  /// The session request's `allowTransaction` ("Whether or not to proceed with the transaction"): not in a
  /// scenario's JSON (a file's session is made up, and proceeds); a backend's session created with `false`
  /// refuses every payment (`TRANSACTION_NOT_ALLOWED`).
  public var allowTransaction = true

  /// The order total: the sum of the line totals, exact. Scenarios are validated so that this cannot overflow.
  public var total: Money {
    items.reduce(Money.zero(currency)) { sum, item in
      sum.adding(item.lineTotal ?? .zero(currency)) ?? sum
    }
  }

  /// The methods Drop-in offers, from the session's `allowedFundingTypes`, in Drop-in's order: card, PayPal,
  /// Apple Pay, Paze.
  public var availableMethods: [DropInPaymentMethod] {
    let funding = session.allowedFundingTypes
    return DropInPaymentMethod.allCases.filter { method in
      switch method {
      case .card: return !funding.acceptedSchemes.isEmpty
      case .paypal: return funding.wallets.paypal != nil
      case .applePay: return funding.wallets.applePay != nil
      case .paze: return funding.wallets.paze != nil
      }
    }
  }
}

extension Scenario: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, description, merchant, locale, transaction, items, session, onBeforeSubmit, latencyMs,
      applePay, gateway, localisation
  }

  struct Merchant: Codable {
    var name: String
  }

  struct Transaction: Codable {
    var currency: String
    var entryType: String?
    var intent: Intent?
    var merchantTransactionId: String
    var merchantShopperId: String?
    var ownerId: String?
  }

  struct Intent: Codable {
    var card: String?
    var paypal: String?
  }

  struct Item: Codable {
    var name: String
    var quantity: Int?
    var unitPrice: AmountText
  }

  /// The intents the seed allows for cards and for PayPal, in scenarios and session requests alike.
  public static let cardIntents = ["Authorisation", "Purchase", "Verification", "EstimatedAuthorisation"]
  public static let paypalIntents = ["Authorisation", "Purchase"]

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let path = container.codingPath
    func problem(_ keys: [CodingKey], _ text: String) -> DecodingError {
      DecodingError.dataCorrupted(.init(codingPath: path + keys, debugDescription: text))
    }
    name = try container.decodeIfPresent(String.self, forKey: .name) ?? "scenario"
    description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
    merchantName = try container.decode(Merchant.self, forKey: .merchant).name
    locale = try container.decodeIfPresent(String.self, forKey: .locale) ?? "en-US"
    let transaction = try container.decode(Transaction.self, forKey: .transaction)
    let transactionKey = CodingKeys.transaction
    switch Currency.parse(isoCode: transaction.currency) {
    case .success(let currency): self.currency = currency
    case .failure(let failure): throw problem([transactionKey, PathKey("currency")], failure.description)
    }
    entryType = transaction.entryType ?? "ecom"
    guard ["ecom", "moto"].contains(entryType) else {
      throw problem([transactionKey, PathKey("entryType")], "expected \"ecom\" or \"moto\"")
    }
    cardIntent = transaction.intent?.card ?? "Authorisation"
    guard Self.cardIntents.contains(cardIntent) else {
      throw problem(
        [transactionKey, PathKey("intent"), PathKey("card")],
        "expected one of \(Self.cardIntents.joined(separator: ", "))")
    }
    paypalIntent = transaction.intent?.paypal ?? "Authorisation"
    guard Self.paypalIntents.contains(paypalIntent) else {
      throw problem(
        [transactionKey, PathKey("intent"), PathKey("paypal")],
        "expected one of \(Self.paypalIntents.joined(separator: ", "))")
    }
    merchantTransactionId = transaction.merchantTransactionId
    guard (1...50).contains(merchantTransactionId.count) else {
      throw problem(
        [transactionKey, PathKey("merchantTransactionId")], "expected 1 to 50 characters")
    }
    // The seed's configuration table: "Required at initialisation"; `CheckoutDropInConfig` has no default.
    guard let shopperId = transaction.merchantShopperId, !shopperId.trimmingWhitespace().isEmpty else {
      throw problem(
        [transactionKey, PathKey("merchantShopperId")],
        "is required at initialisation (CheckoutDropInConfig.merchantShopperId): your unique identifier for this shopper, such as \"shopper-123\""
      )
    }
    merchantShopperId = shopperId
    ownerId = transaction.ownerId
    if let ownerId, !(1...20).contains(ownerId.count) {
      throw problem(
        [transactionKey, PathKey("ownerId")],
        "is \(ownerId.count) characters; expected 1 to 20 (CheckoutDropInConfig.ownerId)")
    }

    let rawItems = try container.decode([Item].self, forKey: .items)
    guard !rawItems.isEmpty else {
      throw problem([CodingKeys.items], "expected at least one item")
    }
    var items: [LineItem] = []
    var total = Money.zero(currency)
    for (index, raw) in rawItems.enumerated() {
      let itemPath: [CodingKey] = [CodingKeys.items, PathKey(index)]
      let quantity = raw.quantity ?? 1
      guard quantity > 0 else {
        throw problem(itemPath + [PathKey("quantity")], "expected a whole number of at least 1")
      }
      let price: Money
      switch raw.unitPrice.money(in: currency) {
      case .success(let money): price = money
      case .failure(let failure):
        throw problem(itemPath + [PathKey("unitPrice")], failure.description)
      }
      let item = LineItem(name: raw.name, quantity: quantity, unitPrice: price)
      guard let line = item.lineTotal, let sum = total.adding(line), sum.isWithinAmountLimit else {
        throw problem(itemPath, "the order total would be \(Money.amountLimitText)")
      }
      total = sum
      items.append(item)
    }
    self.items = items
    session = try container.decode(SessionData.self, forKey: .session)
    beforeSubmit =
      try container.decodeIfPresent(BeforeSubmitRule.self, forKey: .onBeforeSubmit)
      ?? BeforeSubmitRule(allow: true)
    latencyMilliseconds = try container.decodeIfPresent(Int.self, forKey: .latencyMs)
    if let latency = latencyMilliseconds, !(0...600_000).contains(latency) {
      throw problem([CodingKeys.latencyMs], "expected milliseconds from 0 to 600000")
    }
    applePay =
      container.contains(.applePay)
      ? try ApplePayConfiguration(from: container.superDecoder(forKey: .applePay), scenarioCurrency: currency)
      : nil
    gateway =
      try container.decodeIfPresent(GatewayConfiguration.self, forKey: .gateway) ?? GatewayConfiguration()
    for (key, text) in try container.decodeIfPresent([String: String].self, forKey: .localisation) ?? [:] {
      guard let shopperText = ShopperText(rawValue: key) else {
        throw problem(
          [CodingKeys.localisation, PathKey(key)],
          "expected one of \(ShopperText.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      localisation[shopperText] = text
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(description, forKey: .description)
    try container.encode(Merchant(name: merchantName), forKey: .merchant)
    try container.encode(locale, forKey: .locale)
    try container.encode(
      Transaction(
        currency: currency.code, entryType: entryType,
        intent: Intent(card: cardIntent, paypal: paypalIntent),
        merchantTransactionId: merchantTransactionId, merchantShopperId: merchantShopperId,
        ownerId: ownerId),
      forKey: .transaction)
    try container.encode(
      items.map {
        Item(name: $0.name, quantity: $0.quantity, unitPrice: AmountText(text: $0.unitPrice.plainString))
      }, forKey: .items)
    try container.encode(session, forKey: .session)
    try container.encode(beforeSubmit, forKey: .onBeforeSubmit)
    try container.encodeIfPresent(latencyMilliseconds, forKey: .latencyMs)
    try container.encodeIfPresent(applePay, forKey: .applePay)
    if gateway != GatewayConfiguration() { try container.encode(gateway, forKey: .gateway) }
    if !localisation.isEmpty {
      try container.encode(
        Dictionary(uniqueKeysWithValues: localisation.map { ($0.key.rawValue, $0.value) }),
        forKey: .localisation)
    }
  }
}

/// An amount as written in a file: a string ("49.99") or a JSON number (49.99), both exact.
///
/// `StrictJSONDecoder` (files, session requests) gives a number's text as written, so the exponent rules
/// see `1.0` in yen and `1.230` in pounds as the shopper's developer wrote them. Foundation's `JSONDecoder`
/// (the built-in scenarios, which a test also reads strictly) loses trailing zeros (1.0 reads as 1).
struct AmountText: Codable {
  var text: String

  init(text: String) { self.text = text }

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let string = try? container.decode(String.self) {
      text = string
    } else {
      text = try WrittenNumber(from: decoder).text
    }
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }

  func money(in currency: Currency) -> Result<Money, AmountParser.Failure> {
    AmountParser.parse(text, currency: currency)
  }
}

extension Scenario.Merchant {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case name
  }
}

extension Scenario.Transaction {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case currency, entryType, intent, merchantTransactionId, merchantShopperId, ownerId
  }
}

extension Scenario.Intent {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case card, paypal
  }
}

extension Scenario.Item {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, quantity, unitPrice
  }
}
