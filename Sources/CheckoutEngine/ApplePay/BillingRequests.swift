import Foundation
import StrictJSON
import Synchronization

/// The calendar unit of a recurring payment's interval.
public enum BillingIntervalUnit: String, Codable, Sendable {
  case day, week, month, year
}

/// What a billing request bills: a subscription's schedule, a deferred payment, an automatic reload.
public protocol BillingSchedule: Equatable, Sendable, Encodable, CurrencyDecodable {
  /// The request's key for it in files (`regularBilling`, `deferredBilling`, `automaticReloadBilling`).
  static var key: String { get }
  /// The row's label on the sheet ("Recurring", "Deferred", "Auto reload"), in the shopper's language.
  static var kind: ShopperText { get }
  /// The line the sheet shows in the shopper's language ("$14.99 every month starting Dec 29").
  func summary(_ money: MoneyFormatter, _ text: Localisation) -> String
}

/// A recurring, deferred or automatic-reload request (`ApplePayRecurringPaymentRequest`, …): a description,
/// what is billed, the billing agreement and where the shopper manages it.
public struct BillingRequest<Billing: BillingSchedule>: Equatable, Sendable, Encodable, CurrencyDecodable {
  public var paymentDescription: String
  public var billing: Billing
  public var billingAgreement: String?
  public var managementURL: String
  /// Where Apple sends the merchant's server updates about the payment token (`tokenNotificationURL`).
  public var tokenNotificationURL: String?
  /// Until when the shopper can cancel for free (`yyyy-MM-dd`; deferred payments).
  public var freeCancellationDate: String?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case paymentDescription, billingAgreement, managementURL, tokenNotificationURL, freeCancellationDate
  }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    paymentDescription = try container.decode(String.self, forKey: .paymentDescription)
    billingAgreement = try container.decodeIfPresent(String.self, forKey: .billingAgreement)
    managementURL = try container.decode(String.self, forKey: .managementURL)
    tokenNotificationURL = try container.decodeIfPresent(String.self, forKey: .tokenNotificationURL)
    freeCancellationDate =
      container.contains(.freeCancellationDate)
      ? try BillingDate.decode(from: container, forKey: .freeCancellationDate) : nil
    billing = try decoder.container(keyedBy: PathKey.self).decode(
      Billing.self, forKey: PathKey(Billing.key), currency: currency)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(paymentDescription, forKey: .paymentDescription)
    try container.encodeIfPresent(billingAgreement, forKey: .billingAgreement)
    try container.encode(managementURL, forKey: .managementURL)
    try container.encodeIfPresent(tokenNotificationURL, forKey: .tokenNotificationURL)
    try container.encodeIfPresent(freeCancellationDate, forKey: .freeCancellationDate)
    var billingContainer = encoder.container(keyedBy: PathKey.self)
    try billingContainer.encode(billing, forKey: PathKey(Billing.key))
  }

  /// The sheet's lines in the shopper's language: description, schedule, agreement, where to manage it; and,
  /// in English, where token updates go (which PassKit does not show the shopper: PayDrill shows it for the
  /// developer).
  public func lines(_ money: MoneyFormatter, _ text: Localisation = .english) -> [String] {
    [paymentDescription, billing.summary(money, text)] + (billingAgreement.map { [$0] } ?? []) + [
      text.text(.manageAt, managementURL)
    ] + (tokenNotificationURL.map { ["Token updates: \($0)"] } ?? [])
  }
}

public typealias RecurringPaymentRequest = BillingRequest<RecurringBilling>
public typealias DeferredPaymentRequest = BillingRequest<DeferredBilling>
public typealias AutomaticReloadPaymentRequest = BillingRequest<AutomaticReloadBilling>

/// A subscription's schedule: "$14.99 every month starting Dec 29".
public struct RecurringBilling: BillingSchedule {
  public static let key = "regularBilling"
  public static let kind = ShopperText.recurringBilling
  public var label: String
  public var amount: Money
  /// The first billing date, `yyyy-MM-dd`.
  public var startDate: String
  public var intervalUnit: BillingIntervalUnit
  public var intervalCount: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case label, amount, startDate, intervalUnit, intervalCount
  }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    label = try container.decode(String.self, forKey: .label)
    amount = try container.decodeMoney(forKey: .amount, currency: currency)
    startDate = try BillingDate.decode(from: container, forKey: .startDate)
    intervalUnit = try container.decodeIfPresent(BillingIntervalUnit.self, forKey: .intervalUnit) ?? .month
    intervalCount = try container.decodeIfPresent(Int.self, forKey: .intervalCount) ?? 1
  }

  public func summary(_ money: MoneyFormatter, _ text: Localisation) -> String {
    let (one, many): (ShopperText, ShopperText)
    switch intervalUnit {
    case .day: (one, many) = (.everyDay, .everyDays)
    case .week: (one, many) = (.everyWeek, .everyWeeks)
    case .month: (one, many) = (.everyMonth, .everyMonths)
    case .year: (one, many) = (.everyYear, .everyYears)
    }
    let every = intervalCount == 1 ? text.text(one) : text.text(many, String(intervalCount))
    return text.text(
      .recurringSchedule, money.string(for: amount), every, BillingDate.short(startDate, locale: text.locale))
  }
}

/// A payment taken later: "Pay $2.99 on Dec 13, 2026".
public struct DeferredBilling: BillingSchedule {
  public static let key = "deferredBilling"
  public static let kind = ShopperText.deferredBilling
  public var label: String
  public var amount: Money
  /// When the payment is taken, `yyyy-MM-dd`.
  public var deferredPaymentDate: String

  enum CodingKeys: String, CodingKey, CaseIterable { case label, amount, deferredPaymentDate }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    label = try container.decode(String.self, forKey: .label)
    amount = try container.decodeMoney(forKey: .amount, currency: currency)
    deferredPaymentDate = try BillingDate.decode(from: container, forKey: .deferredPaymentDate)
  }

  public func summary(_ money: MoneyFormatter, _ text: Localisation) -> String {
    text.text(
      .deferredSchedule, money.string(for: amount), BillingDate.long(deferredPaymentDate, locale: text.locale)
    )
  }
}

/// A top-up when a balance runs low: "Add $25.00 when balance is below $5.00".
public struct AutomaticReloadBilling: BillingSchedule {
  public static let key = "automaticReloadBilling"
  public static let kind = ShopperText.automaticReloadBilling
  public var label: String
  public var amount: Money
  public var thresholdAmount: Money

  enum CodingKeys: String, CodingKey, CaseIterable { case label, amount, thresholdAmount }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    label = try container.decode(String.self, forKey: .label)
    amount = try container.decodeMoney(forKey: .amount, currency: currency)
    thresholdAmount = try container.decodeMoney(forKey: .thresholdAmount, currency: currency)
  }

  public func summary(_ money: MoneyFormatter, _ text: Localisation) -> String {
    text.text(.automaticReloadSchedule, money.string(for: amount), money.string(for: thresholdAmount))
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
    posix.withLock { $0.date(from: text) }
  }

  /// A day and month as the locale writes them ("Dec 29", "29 Dec", "29. Dez.", "12月29日").
  static func short(_ text: String, locale: String) -> String {
    shown(text, template: "dMMM", locale: locale)
  }

  /// A whole date as the locale writes it ("Dec 13, 2026", "13 Dec 2026", "2026年12月13日").
  static func long(_ text: String, locale: String) -> String {
    shown(text, template: "dMMMyyyy", locale: locale)
  }

  /// The one parser of `yyyy-MM-dd` (making a `DateFormatter` cost more than a thousand parses with it);
  /// behind a lock, as a formatter is not safe to share between threads.
  private static let posix = Mutex(formatter("yyyy-MM-dd"))

  /// Each date already shown, by template, locale and text: the Apple Pay sheet shows its billing dates in
  /// every frame, and a localised formatter took 1.5 M instructions to make (4 % of the fuzzer's steps).
  /// The sheet shows a handful.
  private static let shownDates = Memo<String, String>(limit: 1024)

  private static func shown(_ text: String, template: String, locale: String) -> String {
    shownDates.value(for: template + "\u{0}" + locale + "\u{0}" + text) {
      date(text).map { unbroken(localised(template, locale).string(from: $0)) } ?? text
    }
  }

  private static func formatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = format
    return formatter
  }

  private static func localised(_ template: String, _ locale: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: locale)
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.setLocalizedDateFormatFromTemplate(template)
    return formatter
  }

  /// A date held together by no-break spaces, so that a line never ends between its day and its month.
  private static func unbroken(_ date: String) -> String {
    date.replacingOccurrences(of: " ", with: "\u{00A0}")
  }
}
