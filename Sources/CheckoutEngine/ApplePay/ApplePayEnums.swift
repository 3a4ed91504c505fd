/// A card network as PassKit names it (`PKPaymentNetwork`).
public enum PaymentNetwork: String, Codable, Sendable, CaseIterable {
  case visa, masterCard, amex, discover, jcb, maestro

  /// The network's name as the sheet shows it.
  public var displayName: String {
    switch self {
    case .visa: return "Visa"
    case .masterCard: return "Mastercard"
    case .amex: return "Amex"
    case .discover: return "Discover"
    case .jcb: return "JCB"
    case .maestro: return "Maestro"
    }
  }
}

/// What the merchant can process (`merchantCapabilities`); `credit` and `debit` filter the Wallet's cards.
public enum MerchantCapability: String, Codable, Sendable, CaseIterable {
  case threeDSecure, emv, credit, debit
}

/// A Wallet card's funding type (`PKPaymentMethodType`).
public enum CardFundingType: String, Codable, Sendable, CaseIterable {
  case credit, debit, prepaid

  public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// A contact field the merchant requires (`PKContactField`).
public enum ContactField: String, Codable, Sendable, CaseIterable {
  case postalAddress, name, phoneNumber, emailAddress
}

/// How goods reach the shopper (`PKShippingType`); it changes the sheet's wording.
public enum ShippingType: String, Codable, Sendable, CaseIterable {
  case shipping, delivery, storePickup, servicePickup

  /// The word the sheet uses for the address and method rows.
  public var wording: String {
    switch self {
    case .shipping: return "Shipping"
    case .delivery: return "Delivery"
    case .storePickup: return "Store Pickup"
    case .servicePickup: return "Service Pickup"
    }
  }
}

/// Whether a summary item's amount is known (`final`) or not yet (`pending`, shown without an amount).
public enum SummaryItemType: String, Codable, Sendable {
  case final, pending
}
