import Foundation
import StrictJSON

/// The merchant's logic, declared in the scenario instead of written as code: shipping rates, tax, coupons,
/// card fees and rewards, and what `onPreAuthorisation` returns. The effect runner evaluates them with
/// `MerchantPricing` to answer the sheet's callbacks; the reducer never does.
public struct MerchantRules: Equatable, Sendable, Encodable, CurrencyDecodable {
  /// Shipping methods per destination; the first rule whose countries (and regions) match applies.
  public var shippingRates: [ShippingRate]
  /// Whether an address whose street is a PO box is refused.
  public var refusePOBoxes: Bool
  /// Tax per destination, in basis points of the goods (825 = 8.25 %).
  public var taxRates: [TaxRate]
  public var coupons: [Coupon]
  public var creditCardFee: Money?
  public var debitCardFee: Money?
  /// Rewards per network, shown as a negative line ("Amex Reward").
  public var networkRewards: [PaymentNetwork: Money]
  /// What `onPreAuthorisation` returns.
  public var preAuthorisation: ApplePayTransactionInitData?
  /// How long the merchant takes to answer each update callback, in milliseconds, by callback
  /// (`onCouponCodeChanged`, …): a way to stage a slow backend, or one slower than PassKit's 30 seconds.
  public var updateDelays: [String: Int] = [:]

  public init(
    shippingRates: [ShippingRate] = [], refusePOBoxes: Bool = false, taxRates: [TaxRate] = [],
    coupons: [Coupon] = [],
    creditCardFee: Money? = nil, debitCardFee: Money? = nil, networkRewards: [PaymentNetwork: Money] = [:],
    preAuthorisation: ApplePayTransactionInitData? = nil
  ) {
    self.shippingRates = shippingRates
    self.refusePOBoxes = refusePOBoxes
    self.taxRates = taxRates
    self.coupons = coupons
    self.creditCardFee = creditCardFee
    self.debitCardFee = debitCardFee
    self.networkRewards = networkRewards
    self.preAuthorisation = preAuthorisation
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case shippingRates, refusePOBoxes, taxRates, coupons, creditCardFee, debitCardFee, networkRewards,
      preAuthorisation, updateDelays
  }

  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    shippingRates = try container.decodeList(ShippingRate.self, forKey: .shippingRates, currency: currency)
    refusePOBoxes = try container.decodeIfPresent(Bool.self, forKey: .refusePOBoxes) ?? false
    taxRates = try container.decodeIfPresent([TaxRate].self, forKey: .taxRates) ?? []
    coupons = try container.decodeList(Coupon.self, forKey: .coupons, currency: currency)
    creditCardFee = try container.decodeMoneyIfPresent(forKey: .creditCardFee, currency: currency)
    debitCardFee = try container.decodeMoneyIfPresent(forKey: .debitCardFee, currency: currency)
    var rewards: [PaymentNetwork: Money] = [:]
    if container.contains(.networkRewards) {
      let nested = try container.nestedContainer(keyedBy: PathKey.self, forKey: .networkRewards)
      for key in nested.allKeys {
        guard let network = PaymentNetwork(rawValue: key.stringValue) else {
          let known = PaymentNetwork.allCases.map(\.rawValue).joined(separator: ", ")
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: nested.codingPath + [key],
              debugDescription: "unknown network (expected one of \(known))"))
        }
        rewards[network] = try nested.decodeMoney(forKey: key, currency: currency)
      }
    }
    networkRewards = rewards
    preAuthorisation = try container.decodeIfPresent(
      ApplePayTransactionInitData.self, forKey: .preAuthorisation)
    updateDelays = try container.decodeIfPresent([String: Int].self, forKey: .updateDelays) ?? [:]
    let names = ApplePaySheet.PendingUpdate.allCases.map(\.callbackName.rawValue)
    for (name, delay) in updateDelays where !names.contains(name) || !(0...600_000).contains(delay) {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.updateDelays, PathKey(name)],
          debugDescription: "expected one of \(names.joined(separator: ", ")) with 0 to 600000 milliseconds"))
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(shippingRates, forKey: .shippingRates)
    try container.encode(refusePOBoxes, forKey: .refusePOBoxes)
    try container.encode(taxRates, forKey: .taxRates)
    try container.encode(coupons, forKey: .coupons)
    try container.encodeIfPresent(creditCardFee, forKey: .creditCardFee)
    try container.encodeIfPresent(debitCardFee, forKey: .debitCardFee)
    try container.encode(
      Dictionary(uniqueKeysWithValues: networkRewards.map { ($0.key.rawValue, $0.value) }),
      forKey: .networkRewards)
    try container.encodeIfPresent(preAuthorisation, forKey: .preAuthorisation)
    if !updateDelays.isEmpty { try container.encode(updateDelays, forKey: .updateDelays) }
  }
}

/// Shipping to some countries (and optionally regions): its methods, or unserviceable.
public struct ShippingRate: Equatable, Sendable, Encodable, CurrencyDecodable {
  /// ISO 3166-1 alpha-2 codes; empty matches every country.
  public var countries: [String]
  /// States or regions within those countries; empty matches all.
  public var regions: [String] = []
  public var methods: [ShippingMethod]
  /// When true, addresses that match cannot be served.
  public var unserviceable: Bool = false
  /// The merchant's own words for an unserviceable address; without them, the seed's ("Unable to calculate
  /// shipping. Please try again.").
  public var message: String?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case countries, regions, methods, unserviceable, message
  }
}

extension ShippingRate {
  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    countries = try container.decodeIfPresent([String].self, forKey: .countries) ?? []
    regions = try container.decodeIfPresent([String].self, forKey: .regions) ?? []
    methods = try container.decodeList(ShippingMethod.self, forKey: .methods, currency: currency)
    unserviceable = try container.decodeIfPresent(Bool.self, forKey: .unserviceable) ?? false
    message = try container.decodeIfPresent(String.self, forKey: .message)
  }

  /// Whether the rule applies to an address.
  public func matches(_ address: PostalAddress) -> Bool {
    (countries.isEmpty
      || countries.contains { $0.equalsIgnoringCase(address.isoCountryCode) })
      && (regions.isEmpty || regions.contains { $0.equalsIgnoringCase(address.state) })
  }
}

/// Tax for a destination, in basis points of the goods.
public struct TaxRate: Equatable, Sendable, Codable {
  public var countries: [String]
  public var regions: [String] = []
  public var basisPoints: Int
}

extension TaxRate {
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    countries = try container.decodeIfPresent([String].self, forKey: .countries) ?? []
    regions = try container.decodeIfPresent([String].self, forKey: .regions) ?? []
    basisPoints = try container.decode(Int.self, forKey: .basisPoints)
    guard (0...10_000).contains(basisPoints) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.basisPoints],
          debugDescription: "expected 0 to 10000 (100 %)"))
    }
  }

  func matches(_ address: PostalAddress) -> Bool {
    ShippingRate(countries: countries, regions: regions, methods: []).matches(address)
  }
}

/// A coupon code: a percentage or a fixed discount, with an optional minimum purchase and cap, or expired.
public struct Coupon: Equatable, Sendable, Encodable, CurrencyDecodable {
  public var code: String
  /// Percentage off the goods, in basis points (1000 = 10 %).
  public var percentOffBasisPoints: Int?
  public var amountOff: Money?
  public var minimumPurchase: Money?
  public var maximumDiscount: Money?
  public var expired: Bool = false

  enum CodingKeys: String, CodingKey, CaseIterable {
    case code, percentOffBasisPoints, amountOff, minimumPurchase, maximumDiscount, expired
  }
}

extension Coupon {
  public init(from decoder: Decoder, currency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    code = try container.decode(String.self, forKey: .code)
    percentOffBasisPoints = try container.decodeIfPresent(Int.self, forKey: .percentOffBasisPoints)
    amountOff = try container.decodeMoneyIfPresent(forKey: .amountOff, currency: currency)
    minimumPurchase = try container.decodeMoneyIfPresent(forKey: .minimumPurchase, currency: currency)
    maximumDiscount = try container.decodeMoneyIfPresent(forKey: .maximumDiscount, currency: currency)
    expired = try container.decodeIfPresent(Bool.self, forKey: .expired) ?? false
    guard (percentOffBasisPoints == nil) != (amountOff == nil) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath,
          debugDescription: "expected exactly one of percentOffBasisPoints or amountOff"))
    }
  }
}

/// What `onPreAuthorisation` returns (`ApplePayTransactionInitData`), with the seed's names.
public struct ApplePayTransactionInitData: Equatable, Sendable, Codable {
  public struct ThreeDSecureData: Equatable, Sendable, Codable {
    public var threeDSecureVersion: String
    public var electronicCommerceIndicator: String
    public var cardHolderAuthenticationVerificationValue: String
    public var directoryServerTransactionId: String
    public var threeDSecureTransactionStatus: String
  }

  public struct AddressVerification: Equatable, Sendable, Codable {
    public var countryCode: String
    public var houseNumberOrName: String
    public var postalCode: String
  }

  public struct IdentityVerification: Equatable, Sendable, Codable {
    public var nameVerification: Bool
  }

  public struct RiskScreeningData: Equatable, Sendable, Codable {
    public var performRiskScreening: Bool
    public var deviceSessionId: String?
  }

  public var threeDSecureData: ThreeDSecureData?
  public var addressVerification: AddressVerification?
  public var identityVerification: IdentityVerification?
  public var riskScreeningData: RiskScreeningData?

  /// The data as event payload details; the CAVV is a secret-like value and is shortened.
  public var eventDetails: [EventDetail] {
    var details: [EventDetail] = []
    if let secure = threeDSecureData {
      details.append(EventDetail("threeDSecureData.version", .string(secure.threeDSecureVersion)))
      details.append(EventDetail("threeDSecureData.eci", .string(secure.electronicCommerceIndicator)))
      details.append(EventDetail("threeDSecureData.status", .string(secure.threeDSecureTransactionStatus)))
    }
    if let address = addressVerification {
      details.append(EventDetail("addressVerification.countryCode", .string(address.countryCode)))
      details.append(EventDetail("addressVerification.postalCode", .string(address.postalCode)))
    }
    if let identity = identityVerification {
      details.append(EventDetail("identityVerification.nameVerification", .bool(identity.nameVerification)))
    }
    if let risk = riskScreeningData {
      details.append(EventDetail("riskScreeningData.performRiskScreening", .bool(risk.performRiskScreening)))
    }
    return details
  }
}

extension TaxRate {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case countries, regions, basisPoints
  }
}

extension ApplePayTransactionInitData {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case threeDSecureData, addressVerification, identityVerification, riskScreeningData
  }
}

extension ApplePayTransactionInitData.ThreeDSecureData {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case threeDSecureVersion, electronicCommerceIndicator, cardHolderAuthenticationVerificationValue,
      directoryServerTransactionId, threeDSecureTransactionStatus
  }
}

extension ApplePayTransactionInitData.AddressVerification {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case countryCode, houseNumberOrName, postalCode
  }
}

extension ApplePayTransactionInitData.IdentityVerification {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case nameVerification
  }
}

extension ApplePayTransactionInitData.RiskScreeningData {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case performRiskScreening, deviceSessionId
  }
}
