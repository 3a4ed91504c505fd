/// A line of the sheet's summary (`ApplePayPaymentSummaryItem` / `PKPaymentSummaryItem`). The last item of a
/// list is the total.
public struct SummaryItem: Equatable, Sendable, Encodable, CurrencyDecodable {
  public var label: String
  public var amount: Money
  public var type: SummaryItemType

  public init(label: String, amount: Money, type: SummaryItemType = .final) {
    self.label = label
    self.amount = amount
    self.type = type
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case label, amount, type }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    label = try container.decode(String.self, forKey: .label)
    amount = try container.decodeMoney(forKey: .amount, currency: currency)
    type = try container.decodeIfPresent(SummaryItemType.self, forKey: .type) ?? .final
  }
}

/// A way to ship (`ApplePayShippingMethod` / `PKShippingMethod`).
public struct ShippingMethod: Equatable, Sendable, Encodable, CurrencyDecodable {
  public var identifier: String
  public var label: String
  public var detail: String
  public var amount: Money

  public init(identifier: String, label: String, detail: String, amount: Money) {
    self.identifier = identifier
    self.label = label
    self.detail = detail
    self.amount = amount
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case identifier, label, detail, amount }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    identifier = try container.decode(String.self, forKey: .identifier)
    label = try container.decode(String.self, forKey: .label)
    detail = try container.decodeIfPresent(String.self, forKey: .detail) ?? ""
    amount = try container.decodeMoney(forKey: .amount, currency: currency)
  }

  /// The method as the sheet shows and lists it: "Express Shipping · 2-3 business days · $12.99". A method
  /// without a detail has no empty part between two separators ("Standard Shipping · $0.00").
  public func line(_ money: MoneyFormatter) -> String {
    ([label] + (detail.trimmingWhitespace().isEmpty ? [] : [detail]) + [money.string(for: amount)])
      .joined(separator: " · ")
  }
}
