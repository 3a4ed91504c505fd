/// The Apple Pay button's type (`ApplePaymentButtonType`): it sets the button's words. The seed's table
/// ("Default button types") lists these 16, in this order; PassKit's own `.continue` is not among them, so a
/// scenario cannot ask for it.
public enum ApplePayButtonType: String, Codable, Sendable, CaseIterable {
  case plain, buy, setUp, inStore, donate, checkout, book, subscribe, reload, addMoney, topUp, order, rent,
    support, contribute, tip

  /// PassKit's label in English (`Localisation.label(of:)` has it in each locale). `plain` is the Apple Pay
  /// mark alone, written out: terminal fonts lack Apple's logo glyph.
  public var label: String { Localisation.english.label(of: self) }

  /// What the type is, in the seed's words (its table's Description column).
  public var purpose: String {
    switch self {
    case .plain: return "Apple Pay logo only."
    case .buy: return "Standard purchase button."
    case .setUp: return "Setup button."
    case .inStore: return "In-store payment button."
    case .donate: return "Donation button."
    case .checkout: return "Checkout button."
    case .book: return "Booking button."
    case .subscribe: return "Subscribe button."
    case .reload: return "Reload button."
    case .addMoney: return "Add money button."
    case .topUp: return "Top-up button."
    case .order: return "Order button."
    case .rent: return "Rent button."
    case .support: return "Support button."
    case .contribute: return "Contribution button."
    case .tip: return "Tip button."
    }
  }

  /// The seed's use cases for the type.
  public var useCases: String {
    switch self {
    case .plain: return "Minimal interfaces, Custom layouts"
    case .buy: return "E-commerce, Retail"
    case .setUp: return "Account setup, Configuration"
    case .inStore: return "Point of sale, Retail locations"
    case .donate: return "Charities, Crowdfunding"
    case .checkout: return "Shopping cart, Final payment"
    case .book: return "Travel, Reservations"
    case .subscribe: return "Newsletters, Services"
    case .reload: return "Gift cards, Prepaid"
    case .addMoney: return "Wallet top-up, Account credits"
    case .topUp: return "Prepaid, Credits"
    case .order: return "Food delivery, Services"
    case .rent: return "Rentals, Subscriptions"
    case .support: return "Support, Help"
    case .contribute: return "Subscriptions, Memberships"
    case .tip: return "Gratuities, Tips"
    }
  }
}

/// The Apple Pay button's style (`ApplePaymentButtonStyle`).
public enum ApplePayButtonStyle: String, Codable, Sendable, CaseIterable {
  case black, white, whiteOutline, automatic

  /// The seed's description of the style, in its words.
  public var summary: String {
    switch self {
    case .black: return "Black background with white text."
    case .white: return "White background with black text."
    case .whiteOutline: return "White background with a black border and text."
    case .automatic: return "Adapts to the system's appearance (iOS 13+)."
    }
  }

  /// The style `automatic` resolves to: black on a light appearance, white on a dark one.
  public func resolved(darkAppearance: Bool) -> ApplePayButtonStyle {
    self == .automatic ? (darkAppearance ? .white : .black) : self
  }
}

/// What a developer configures of the button: type, style, corner radius, and the custom content and
/// consent component that the SDK's button configuration also takes.
public struct ApplePayButtonAppearance: Equatable, Sendable, Codable {
  public var type: ApplePayButtonType
  public var style: ApplePayButtonStyle
  /// The corner radius in points (`buttonRadius`, default 4.0): any finite value from 0, as CGFloat takes.
  public var radius: Double
  /// `customContent`: drawn in place of PassKit's words for the type.
  public var customContent: ApplePayCustomContent?
  /// `applePayConsentComponent`: shown beside the button.
  public var consent: ApplePayConsentComponent?

  public init(
    type: ApplePayButtonType = .plain, style: ApplePayButtonStyle = .black, radius: Double = 4.0,
    customContent: ApplePayCustomContent? = nil, consent: ApplePayConsentComponent? = nil
  ) {
    self.type = type
    self.style = style
    self.radius = radius
    self.customContent = customContent
    self.consent = consent
  }

  /// Radii below this look square at terminal resolution; from it on, corners are drawn rounded.
  public static let roundedFrom = 2.0
  /// The largest radius the gallery's keys step to; a configuration may give any larger one.
  public static let maximumRadius = 24.0
  /// The radii a configuration may give: from 0, finite.
  public static let radii = 0...Double.greatestFiniteMagnitude

  public var isRounded: Bool { radius >= Self.roundedFrom }

  /// The words on the button: the custom content's, or PassKit's for the type.
  public var label: String { label(in: .english) }

  /// The button's words in a locale: the custom content as the merchant wrote it, else PassKit's words for
  /// the type in that locale.
  public func label(in localisation: Localisation) -> String {
    customContent?.text ?? localisation.label(of: type)
  }

  /// What the gallery and `--print` say of the custom content and the consent component, when there are any.
  public var standInLines: [String] {
    [
      customContent.map { "custom content: \"\($0.text)\" (drawn instead of PassKit's label)" },
      consent.map { "consent component: \"\($0.text)\"" },
    ].compactMap { $0 }
  }

  /// The configuration a developer pastes.
  public var snippet: [String] {
    [
      "config.buttonType = .\(type.rawValue)",
      "config.buttonStyle = .\(style.rawValue)",
      "config.buttonRadius = \(Self.radiusText(radius))",
    ]
      + [
        customContent.map { "config.customContent = { AnyView(Text(\(SwiftLiteral.quoted($0.text)))) }" },
        consent.map {
          "config.applePayConsentComponent = consentComponent  // \(SwiftLiteral.quoted($0.text))"
        },
      ].compactMap { $0 }
  }

  /// "8.0", "4.5"; a radius too large for tenths is written as Swift writes it.
  public static func radiusText(_ radius: Double) -> String {
    guard radius < 1e15 else { return "\(radius)" }
    let tenths = Int64((radius * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
