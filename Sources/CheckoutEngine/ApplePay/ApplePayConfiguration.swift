import Foundation

/// The Apple Pay component's configuration (`ApplePayButtonComponentConfig`), with the seed's names, plus the
/// simulated Wallet and the merchant's rules. Part of a scenario, under `applePay`.
public struct ApplePayConfiguration: Equatable, Sendable, Encodable {
  public var merchantDisplayName: String
  public var paymentDescription: String
  public var currencyCode: Currency
  public var countryCode: String
  public var supportedNetworks: [PaymentNetwork]
  public var merchantCapabilities: [MerchantCapability]
  public var totalPaymentItem: SummaryItem?
  public var paymentItems: [SummaryItem]
  public var requiredBillingContactFields: [ContactField]
  public var requiredShippingContactFields: [ContactField]
  public var shippingMethods: [ShippingMethod]
  public var shippingType: ShippingType
  public var recurringRequest: RecurringPaymentRequest?
  public var deferredPaymentRequest: DeferredPaymentRequest?
  public var automaticReloadPaymentRequest: AutomaticReloadPaymentRequest?
  /// How the simulated device confirms a payment: Face ID, Touch ID or the passcode.
  public var authentication: AuthenticationKind
  /// The button on the Drop-in's Apple Pay row (`buttonType`, `buttonStyle`, `buttonRadius`).
  public var button: ApplePayButtonAppearance
  /// What the simulated device can do (`device`).
  public var device: ApplePayDevice
  public var wallet: Wallet
  public var rules: MerchantRules

  public init(
    merchantDisplayName: String, paymentDescription: String, currencyCode: Currency, countryCode: String,
    supportedNetworks: [PaymentNetwork], merchantCapabilities: [MerchantCapability],
    totalPaymentItem: SummaryItem?,
    paymentItems: [SummaryItem], requiredBillingContactFields: [ContactField] = [],
    requiredShippingContactFields: [ContactField] = [], shippingMethods: [ShippingMethod] = [],
    shippingType: ShippingType = .shipping, wallet: Wallet, rules: MerchantRules = MerchantRules()
  ) {
    self.merchantDisplayName = merchantDisplayName
    self.paymentDescription = paymentDescription
    self.currencyCode = currencyCode
    self.countryCode = countryCode
    self.supportedNetworks = supportedNetworks
    self.merchantCapabilities = merchantCapabilities
    self.totalPaymentItem = totalPaymentItem
    self.paymentItems = paymentItems
    self.requiredBillingContactFields = requiredBillingContactFields
    self.requiredShippingContactFields = requiredShippingContactFields
    self.shippingMethods = shippingMethods
    self.shippingType = shippingType
    self.recurringRequest = nil
    self.deferredPaymentRequest = nil
    self.automaticReloadPaymentRequest = nil
    self.authentication = .faceID
    self.button = ApplePayButtonAppearance()
    self.device = ApplePayDevice()
    self.wallet = wallet
    self.rules = rules
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case merchantDisplayName, paymentDescription, currencyCode, countryCode, supportedNetworks,
      merchantCapabilities,
      totalPaymentItem, paymentItems, requiredBillingContactFields, requiredShippingContactFields,
      shippingMethods,
      shippingType, recurringRequest, deferredPaymentRequest, automaticReloadPaymentRequest, authentication,
      wallet,
      rules, buttonType, buttonStyle, buttonRadius, customContent, applePayConsentComponent, device
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(merchantDisplayName, forKey: .merchantDisplayName)
    try container.encode(paymentDescription, forKey: .paymentDescription)
    try container.encode(currencyCode, forKey: .currencyCode)
    try container.encode(countryCode, forKey: .countryCode)
    try container.encode(supportedNetworks, forKey: .supportedNetworks)
    try container.encode(merchantCapabilities, forKey: .merchantCapabilities)
    try container.encodeIfPresent(totalPaymentItem, forKey: .totalPaymentItem)
    try container.encode(paymentItems, forKey: .paymentItems)
    try container.encode(requiredBillingContactFields, forKey: .requiredBillingContactFields)
    try container.encode(requiredShippingContactFields, forKey: .requiredShippingContactFields)
    try container.encode(shippingMethods, forKey: .shippingMethods)
    try container.encode(shippingType, forKey: .shippingType)
    try container.encodeIfPresent(recurringRequest, forKey: .recurringRequest)
    try container.encodeIfPresent(deferredPaymentRequest, forKey: .deferredPaymentRequest)
    try container.encodeIfPresent(automaticReloadPaymentRequest, forKey: .automaticReloadPaymentRequest)
    try container.encode(authentication, forKey: .authentication)
    try container.encode(button.type, forKey: .buttonType)
    try container.encode(button.style, forKey: .buttonStyle)
    try container.encode(button.radius, forKey: .buttonRadius)
    try container.encodeIfPresent(button.customContent, forKey: .customContent)
    try container.encodeIfPresent(button.consent, forKey: .applePayConsentComponent)
    try container.encode(wallet, forKey: .wallet)
    try container.encode(rules, forKey: .rules)
    try container.encode(device, forKey: .device)
  }

  /// Decodes the section in the scenario's currency; `currencyCode` must be that currency. The seed's
  /// `ApplePayButtonComponentConfig` declares `merchantDisplayName`, `paymentDescription`, `currencyCode`,
  /// `countryCode`, `supportedNetworks` and `merchantCapabilities` without defaults: each is required, and a
  /// missing one is a configuration error naming it.
  public init(from decoder: Decoder, scenarioCurrency: Currency) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    merchantDisplayName = try container.decode(String.self, forKey: .merchantDisplayName)
    paymentDescription = try container.decode(String.self, forKey: .paymentDescription)
    let code = try container.decode(String.self, forKey: .currencyCode)
    guard code == scenarioCurrency.code else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.currencyCode],
          debugDescription: "expected the transaction's currency \(scenarioCurrency.code), found \(code)"))
    }
    currencyCode = scenarioCurrency
    switch CountryCode.parse(try container.decode(String.self, forKey: .countryCode)) {
    case .success(let code): countryCode = code
    case .failure(let problem):
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.countryCode], debugDescription: problem.description))
    }
    supportedNetworks = try container.decode([PaymentNetwork].self, forKey: .supportedNetworks)
    merchantCapabilities = try container.decode([MerchantCapability].self, forKey: .merchantCapabilities)
    totalPaymentItem = try container.decodeIfPresent(
      SummaryItem.self, forKey: .totalPaymentItem, currency: scenarioCurrency)
    paymentItems = try container.decodeList(
      SummaryItem.self, forKey: .paymentItems, currency: scenarioCurrency)
    requiredBillingContactFields =
      try container.decodeIfPresent([ContactField].self, forKey: .requiredBillingContactFields) ?? []
    requiredShippingContactFields =
      try container.decodeIfPresent([ContactField].self, forKey: .requiredShippingContactFields) ?? []
    var sum = Money.zero(scenarioCurrency)
    for item in paymentItems {
      guard let next = sum.adding(item.amount), next.isWithinAmountLimit else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.paymentItems],
            debugDescription: "the items add up to \(Money.amountLimitText)"))
      }
      sum = next
    }
    shippingMethods = try container.decodeList(
      ShippingMethod.self, forKey: .shippingMethods, currency: scenarioCurrency)
    shippingType = try container.decodeIfPresent(ShippingType.self, forKey: .shippingType) ?? .shipping
    recurringRequest = try container.decodeIfPresent(
      RecurringPaymentRequest.self, forKey: .recurringRequest, currency: scenarioCurrency)
    deferredPaymentRequest = try container.decodeIfPresent(
      DeferredPaymentRequest.self, forKey: .deferredPaymentRequest, currency: scenarioCurrency)
    automaticReloadPaymentRequest = try container.decodeIfPresent(
      AutomaticReloadPaymentRequest.self, forKey: .automaticReloadPaymentRequest, currency: scenarioCurrency)
    authentication =
      try container.decodeIfPresent(AuthenticationKind.self, forKey: .authentication) ?? .faceID
    let radius = try container.decodeIfPresent(Double.self, forKey: .buttonRadius) ?? 4.0
    guard ApplePayButtonAppearance.radii.contains(radius) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.buttonRadius],
          debugDescription: "expected a radius of 0 points or more"))
    }
    button = ApplePayButtonAppearance(
      type: try container.decodeIfPresent(ApplePayButtonType.self, forKey: .buttonType) ?? .plain,
      style: try container.decodeIfPresent(ApplePayButtonStyle.self, forKey: .buttonStyle) ?? .black,
      radius: radius,
      customContent: try container.decodeIfPresent(ApplePayCustomContent.self, forKey: .customContent),
      consent: try container.decodeIfPresent(ApplePayConsentComponent.self, forKey: .applePayConsentComponent)
    )
    device = try container.decodeIfPresent(ApplePayDevice.self, forKey: .device) ?? ApplePayDevice()
    wallet = try container.decode(Wallet.self, forKey: .wallet)
    rules =
      try container.decodeIfPresent(MerchantRules.self, forKey: .rules, currency: scenarioCurrency)
      ?? MerchantRules()
  }

  /// The summary the sheet opens with: the items, then the total, with `totalPaymentItem`'s label ("Total"
  /// in the seed's examples), or the merchant's name without one.
  public var initialSummary: [SummaryItem] { initialSummary(labelled: totalLabel) }

  /// The summary the sheet opens with, its total labelled `label` when no `totalPaymentItem` labels it.
  public func initialSummary(labelled label: String) -> [SummaryItem] {
    let total =
      totalPaymentItem
      ?? SummaryItem(label: label, amount: MerchantPricing.sum(paymentItems, currency: currencyCode))
    return paymentItems + [total]
  }

  /// The total line's label: the configured total's, else the merchant's display name (as PassKit advises).
  public var totalLabel: String { totalPaymentItem?.label ?? merchantDisplayName }

  /// The total line's label on the sheet: the configured total's; else, as the Apple Pay plugin does, the
  /// merchant `/init` names, else the plugin's configured `merchantName` (the session's
  /// `wallets.applePay.merchantName`); the display name only when neither says.
  public func totalLabel(initMerchantName: String?, sessionMerchantName: String?) -> String {
    totalPaymentItem?.label ?? initMerchantName ?? sessionMerchantName ?? merchantDisplayName
  }

  /// Whether the shopper must choose a shipping address.
  public var requiresShippingAddress: Bool { requiredShippingContactFields.contains(.postalAddress) }

  /// The Wallet cards the sheet may offer: a supported network and a funding type the capabilities allow
  /// (`credit`, `debit`; prepaid cards go with debit).
  public var eligibleCards: [WalletCard] {
    wallet.cards.filter { card in
      guard supportedNetworks.contains(card.network) else { return false }
      switch card.type {
      case .credit: return merchantCapabilities.contains(.credit)
      case .debit, .prepaid: return merchantCapabilities.contains(.debit)
      }
    }
  }
}

/// How the simulated device asks the shopper to confirm.
public enum AuthenticationKind: String, Codable, Sendable, CaseIterable {
  case faceID, touchID, passcode

  /// "Face ID", "Touch ID", "Passcode".
  public var displayName: String {
    switch self {
    case .faceID: return "Face ID"
    case .touchID: return "Touch ID"
    case .passcode: return "Passcode"
    }
  }

  /// The next kind, for the key that switches the simulated device's method.
  public var next: AuthenticationKind {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}
