/// The Apple Pay button's type (`ApplePaymentButtonType`, PassKit's `PKPaymentButtonType`): it sets the
/// button's words.
public enum ApplePayButtonType: String, Codable, Sendable, CaseIterable {
  case plain, buy, setUp, inStore, donate, checkout, book, subscribe, reload, addMoney, topUp, order, rent,
    support, contribute, tip
  /// PassKit's `.continue`; the SDK's table does not list it.
  case `continue`

  /// PassKit's label in English (`Localisation.label(of:)` has it in each locale). `plain` is the Apple Pay
  /// mark alone, written out: terminal fonts lack Apple's logo glyph.
  public var label: String { Localisation.english.label(of: self) }

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
    case .continue: return "Multi-step flows (PassKit's type; not in the SDK's table)"
    }
  }
}

/// The Apple Pay button's style (`ApplePaymentButtonStyle`).
public enum ApplePayButtonStyle: String, Codable, Sendable, CaseIterable {
  case black, white, whiteOutline, automatic

  /// The seed's description of the style.
  public var summary: String {
    switch self {
    case .black: return "black fill, white text"
    case .white: return "white fill, black text"
    case .whiteOutline: return "white fill, black outline and text"
    case .automatic: return "follows the system's appearance"
    }
  }

  /// The style `automatic` resolves to: black on a light appearance, white on a dark one.
  public func resolved(darkAppearance: Bool) -> ApplePayButtonStyle {
    self == .automatic ? (darkAppearance ? .white : .black) : self
  }
}

/// A button's type, style and corner radius, as a developer configures them.
public struct ApplePayButtonAppearance: Equatable, Sendable, Codable {
  public var type: ApplePayButtonType
  public var style: ApplePayButtonStyle
  /// The corner radius in points (`buttonRadius`, default 4.0).
  public var radius: Double

  public init(type: ApplePayButtonType = .plain, style: ApplePayButtonStyle = .black, radius: Double = 4.0) {
    self.type = type
    self.style = style
    self.radius = radius
  }

  /// Radii below this look square at terminal resolution; from it on, corners are drawn rounded.
  public static let roundedFrom = 2.0
  /// The largest radius the gallery offers.
  public static let maximumRadius = 24.0

  public var isRounded: Bool { radius >= Self.roundedFrom }

  /// The configuration a developer pastes.
  public var snippet: [String] {
    [
      "config.buttonType = .\(type.rawValue)",
      "config.buttonStyle = .\(style.rawValue)",
      "config.buttonRadius = \(Self.radiusText(radius))",
    ]
  }

  /// "8.0", "4.5".
  public static func radiusText(_ radius: Double) -> String {
    let tenths = Int((radius * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
