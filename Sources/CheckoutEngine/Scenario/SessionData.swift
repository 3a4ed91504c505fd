/// The session that the backend obtained from the sessions API (`api/v1/sessions`), with the seed's names.
///
/// `hmacKey` and `encryptionKey` are secrets: PayDrill keeps them to sign and encrypt, and never shows them.
public struct SessionData: Codable, Equatable, Sendable {
  public var sessionId: String
  public var hmacKey: String
  public var encryptionKey: String
  /// ISO 8601 time after which the session is no longer valid.
  public var sessionExpiry: String
  public var allowedFundingTypes: AllowedFundingTypes

  public init(
    sessionId: String, hmacKey: String, encryptionKey: String, sessionExpiry: String,
    allowedFundingTypes: AllowedFundingTypes
  ) {
    self.sessionId = sessionId
    self.hmacKey = hmacKey
    self.encryptionKey = encryptionKey
    self.sessionExpiry = sessionExpiry
    self.allowedFundingTypes = allowedFundingTypes
  }
}

/// What the session allows: card schemes and wallets. Drop-in builds its method list from this.
public struct AllowedFundingTypes: Codable, Equatable, Sendable {
  /// Scheme names as the session lists them ("Visa", "Mastercard", "AmericanExpress", "Diners", …).
  public var cardSchemes: [String]
  public var cards: [String]
  public var wallets: Wallets

  public init(cardSchemes: [String], cards: [String] = [], wallets: Wallets = Wallets()) {
    self.cardSchemes = cardSchemes
    self.cards = cards
    self.wallets = wallets
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    cardSchemes = try container.decodeIfPresent([String].self, forKey: .cardSchemes) ?? []
    cards = try container.decodeIfPresent([String].self, forKey: .cards) ?? []
    wallets = try container.decodeIfPresent(Wallets.self, forKey: .wallets) ?? Wallets()
    for (index, name) in cardSchemes.enumerated() where CardScheme(sessionName: name) == nil {
      let known = CardScheme.allCases.map(\.sessionName).joined(separator: ", ")
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.cardSchemes, PathKey(index)],
          debugDescription: "unknown card scheme \"\(name)\" (expected one of \(known))"))
    }
  }

  /// The accepted schemes, in the session's order.
  public var acceptedSchemes: [CardScheme] {
    var seen: [CardScheme] = []
    for scheme in cardSchemes.compactMap(CardScheme.init(sessionName:)) where !seen.contains(scheme) {
      seen.append(scheme)
    }
    return seen
  }
}

/// The wallets a session enables; a missing entry means the wallet is not offered.
public struct Wallets: Codable, Equatable, Sendable {
  public var paypal: PayPalWallet?
  public var applePay: ApplePayWallet?
  public var paze: PazeWallet?

  public init(paypal: PayPalWallet? = nil, applePay: ApplePayWallet? = nil, paze: PazeWallet? = nil) {
    self.paypal = paypal
    self.applePay = applePay
    self.paze = paze
  }
}

public struct PayPalWallet: Codable, Equatable, Sendable {
  public var allowedFundingOptions: [String]
  public var merchantId: String

  public init(allowedFundingOptions: [String], merchantId: String) {
    self.allowedFundingOptions = allowedFundingOptions
    self.merchantId = merchantId
  }
}

public struct ApplePayWallet: Codable, Equatable, Sendable {
  public var merchantId: String
  public var merchantName: String

  public init(merchantId: String, merchantName: String) {
    self.merchantId = merchantId
    self.merchantName = merchantName
  }
}

public struct PazeWallet: Codable, Equatable, Sendable {
  public var clientId: String?
  public var merchantCategoryCode: String?

  public init(clientId: String? = nil, merchantCategoryCode: String? = nil) {
    self.clientId = clientId
    self.merchantCategoryCode = merchantCategoryCode
  }
}
