import Foundation

/// The calendar unit of a recurring payment's interval.
public enum BillingIntervalUnit: String, Codable, Sendable {
  case day, week, month, year
}

/// A subscription (`ApplePayRecurringPaymentRequest`): the sheet shows "$14.99 every month starting 29 Dec".
public struct RecurringPaymentRequest: Equatable, Sendable, Encodable, CurrencyDecodable {
  public var paymentDescription: String
  public var label: String
  public var amount: Money
  /// The first billing date, `yyyy-MM-dd`.
  public var startDate: String
  public var intervalUnit: BillingIntervalUnit
  public var intervalCount: Int
  public var billingAgreement: String?
  public var managementURL: String

  enum CodingKeys: String, CodingKey {
    case paymentDescription, regularBilling, billingAgreement, managementURL
  }

  enum BillingKeys: String, CodingKey { case label, amount, startDate, intervalUnit, intervalCount }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    paymentDescription = try container.decode(String.self, forKey: .paymentDescription)
    billingAgreement = try container.decodeIfPresent(String.self, forKey: .billingAgreement)
    managementURL = try container.decode(String.self, forKey: .managementURL)
    let billing = try container.nestedContainer(keyedBy: BillingKeys.self, forKey: .regularBilling)
    label = try billing.decode(String.self, forKey: .label)
    amount = try billing.decodeMoney(forKey: .amount, currency: currency)
    startDate = try BillingDate.decode(from: billing, forKey: .startDate)
    intervalUnit = try billing.decodeIfPresent(BillingIntervalUnit.self, forKey: .intervalUnit) ?? .month
    intervalCount = try billing.decodeIfPresent(Int.self, forKey: .intervalCount) ?? 1
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(paymentDescription, forKey: .paymentDescription)
    try container.encodeIfPresent(billingAgreement, forKey: .billingAgreement)
    try container.encode(managementURL, forKey: .managementURL)
    var billing = container.nestedContainer(keyedBy: BillingKeys.self, forKey: .regularBilling)
    try billing.encode(label, forKey: .label)
    try billing.encode(amount, forKey: .amount)
    try billing.encode(startDate, forKey: .startDate)
    try billing.encode(intervalUnit, forKey: .intervalUnit)
    try billing.encode(intervalCount, forKey: .intervalCount)
  }

  /// "$14.99 every month starting 29 Dec".
  public func summary(_ money: MoneyFormatter) -> String {
    let every =
      intervalCount == 1
      ? "every \(intervalUnit.rawValue)" : "every \(intervalCount) \(intervalUnit.rawValue)s"
    return "\(money.string(for: amount)) \(every) starting \(BillingDate.short(startDate))"
  }
}

/// A payment taken later (`ApplePayDeferredPaymentRequest`): "Pay $2.99 on 15 Jan 2027".
public struct DeferredPaymentRequest: Equatable, Sendable, Encodable, CurrencyDecodable {
  public var paymentDescription: String
  public var label: String
  public var amount: Money
  /// When the payment is taken, `yyyy-MM-dd`.
  public var deferredPaymentDate: String
  public var freeCancellationDate: String?
  public var billingAgreement: String?
  public var managementURL: String

  enum CodingKeys: String, CodingKey {
    case paymentDescription, deferredBilling, freeCancellationDate, billingAgreement, managementURL
  }

  enum BillingKeys: String, CodingKey { case label, amount, deferredPaymentDate }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    paymentDescription = try container.decode(String.self, forKey: .paymentDescription)
    billingAgreement = try container.decodeIfPresent(String.self, forKey: .billingAgreement)
    managementURL = try container.decode(String.self, forKey: .managementURL)
    freeCancellationDate =
      container.contains(.freeCancellationDate)
      ? try BillingDate.decode(from: container, forKey: .freeCancellationDate) : nil
    let billing = try container.nestedContainer(keyedBy: BillingKeys.self, forKey: .deferredBilling)
    label = try billing.decode(String.self, forKey: .label)
    amount = try billing.decodeMoney(forKey: .amount, currency: currency)
    deferredPaymentDate = try BillingDate.decode(from: billing, forKey: .deferredPaymentDate)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(paymentDescription, forKey: .paymentDescription)
    try container.encodeIfPresent(billingAgreement, forKey: .billingAgreement)
    try container.encode(managementURL, forKey: .managementURL)
    try container.encodeIfPresent(freeCancellationDate, forKey: .freeCancellationDate)
    var billing = container.nestedContainer(keyedBy: BillingKeys.self, forKey: .deferredBilling)
    try billing.encode(label, forKey: .label)
    try billing.encode(amount, forKey: .amount)
    try billing.encode(deferredPaymentDate, forKey: .deferredPaymentDate)
  }

  /// "Pay $2.99 on 15 Jan 2027".
  public func summary(_ money: MoneyFormatter) -> String {
    "Pay \(money.string(for: amount)) on \(BillingDate.long(deferredPaymentDate))"
  }
}

/// A top-up when a balance runs low (`ApplePayAutomaticReloadPaymentRequest`):
/// "Add $25.00 when balance is below $5.00".
public struct AutomaticReloadPaymentRequest: Equatable, Sendable, Encodable, CurrencyDecodable {
  public var paymentDescription: String
  public var label: String
  public var amount: Money
  public var thresholdAmount: Money
  public var billingAgreement: String?
  public var managementURL: String

  enum CodingKeys: String, CodingKey {
    case paymentDescription, automaticReloadBilling, billingAgreement, managementURL
  }

  enum BillingKeys: String, CodingKey { case label, amount, thresholdAmount }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    paymentDescription = try container.decode(String.self, forKey: .paymentDescription)
    billingAgreement = try container.decodeIfPresent(String.self, forKey: .billingAgreement)
    managementURL = try container.decode(String.self, forKey: .managementURL)
    let billing = try container.nestedContainer(keyedBy: BillingKeys.self, forKey: .automaticReloadBilling)
    label = try billing.decode(String.self, forKey: .label)
    amount = try billing.decodeMoney(forKey: .amount, currency: currency)
    thresholdAmount = try billing.decodeMoney(forKey: .thresholdAmount, currency: currency)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(paymentDescription, forKey: .paymentDescription)
    try container.encodeIfPresent(billingAgreement, forKey: .billingAgreement)
    try container.encode(managementURL, forKey: .managementURL)
    var billing = container.nestedContainer(keyedBy: BillingKeys.self, forKey: .automaticReloadBilling)
    try billing.encode(label, forKey: .label)
    try billing.encode(amount, forKey: .amount)
    try billing.encode(thresholdAmount, forKey: .thresholdAmount)
  }

  /// "Add $25.00 when balance is below $5.00".
  public func summary(_ money: MoneyFormatter) -> String {
    "Add \(money.string(for: amount)) when balance is below \(money.string(for: thresholdAmount))"
  }
}

/// Billing dates as files write them (`yyyy-MM-dd`) and as the sheet shows them ("29 Dec", "15 Jan 2027").
enum BillingDate {
  static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
    -> String
  {
    let text = try container.decode(String.self, forKey: key)
    guard date(text) != nil else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [key], debugDescription: "expected a date written yyyy-MM-dd"))
    }
    return text
  }

  static func date(_ text: String) -> Date? {
    formatter("yyyy-MM-dd").date(from: text)
  }

  static func short(_ text: String) -> String {
    date(text).map { formatter("d MMM").string(from: $0) } ?? text
  }

  static func long(_ text: String) -> String {
    date(text).map { formatter("d MMM yyyy").string(from: $0) } ?? text
  }

  private static func formatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_GB")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = format
    return formatter
  }
}
