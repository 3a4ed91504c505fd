/// A card in the simulated Wallet. `number` is a test card number: the gateway decides its outcome exactly as
/// it does for the card form, and only its last four are ever shown.
public struct WalletCard: Equatable, Sendable, Codable {
  /// The network and number are set once: the names below are worked out from them.
  public let network: PaymentNetwork
  public var type: CardFundingType
  public let number: CardNumber
  /// The card's billing address; PassKit asks for one when the merchant requires it and the card has none.
  public var billingAddress: PostalAddress?
  /// The name on the card's billing contact; PassKit asks for one when the merchant requires `.name`.
  public var billingName: String?
  /// The email address of the card's billing contact; PassKit asks for one when the merchant requires
  /// `.emailAddress`.
  public var billingEmailAddress: String?
  /// "Visa ••••1234", as `PKPaymentMethod.displayName`.
  public let displayName: String
  /// The card's simulated `PKPaymentPass`.
  public let paymentPass: PaymentPass

  public init(
    network: PaymentNetwork, type: CardFundingType, number: CardNumber, billingAddress: PostalAddress? = nil
  ) {
    self.network = network
    self.type = type
    self.number = number
    self.billingAddress = billingAddress
    (displayName, paymentPass) = Self.names(network, number)
  }

  /// The names a card goes by, worked out from its network and number once, when the card is made: every
  /// `onPaymentMethodSelected` records them, in a log kept for the session, and every event made its own.
  private static func names(_ network: PaymentNetwork, _ number: CardNumber) -> (String, PaymentPass) {
    (network.displayName + " ••••" + number.lastFour, PaymentPass(network: network, number: number))
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case network, type, number, billingAddress, billingName, billingEmailAddress
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    network = try container.decode(PaymentNetwork.self, forKey: .network)
    type = try container.decode(CardFundingType.self, forKey: .type)
    let digits = try container.decode(String.self, forKey: .number)
    number = CardNumber(digits: digits)
    billingAddress = try container.decodeIfPresent(PostalAddress.self, forKey: .billingAddress)
    billingName = try container.decodeIfPresent(String.self, forKey: .billingName)
    billingEmailAddress = try container.decodeIfPresent(String.self, forKey: .billingEmailAddress)
    (displayName, paymentPass) = Self.names(network, number)
    guard number.digits.count >= 12, number.passesLuhnCheck else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.number],
          debugDescription: "expected a card number that passes the Luhn check"))
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(network, forKey: .network)
    try container.encode(type, forKey: .type)
    try container.encode(number.digits, forKey: .number)
    try container.encodeIfPresent(billingAddress, forKey: .billingAddress)
    try container.encodeIfPresent(billingName, forKey: .billingName)
    try container.encodeIfPresent(billingEmailAddress, forKey: .billingEmailAddress)
  }
}

/// The simulated Wallet: its cards and its contacts.
public struct Wallet: Equatable, Sendable, Codable {
  public var cards: [WalletCard]
  public var contacts: [Contact]
}

extension Wallet {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case cards, contacts
  }
}
