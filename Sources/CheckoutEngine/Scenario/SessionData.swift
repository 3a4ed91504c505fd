import Foundation
import StrictJSON

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

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // A missing or malformed sessionId or hmacKey is Drop-in's to refuse at initialisation (onError(nil, …)),
    // so that a scenario can rehearse that failure; they are not refused here.
    sessionId = try container.decodeIfPresent(String.self, forKey: .sessionId) ?? ""
    hmacKey = try container.decodeIfPresent(String.self, forKey: .hmacKey) ?? ""
    encryptionKey = try container.decodeIfPresent(String.self, forKey: .encryptionKey) ?? ""
    sessionExpiry = try container.decode(String.self, forKey: .sessionExpiry)
    guard Self.date(sessionExpiry) != nil else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.sessionExpiry],
          debugDescription: "expected an ISO 8601 time such as 2030-05-19T13:39:20Z"))
    }
    allowedFundingTypes = try container.decode(AllowedFundingTypes.self, forKey: .allowedFundingTypes)
  }

  /// When the session expires.
  public var expiry: Date? { Self.date(sessionExpiry) }

  /// Parses an ISO 8601 time, with or without fractional seconds (of any length).
  static func date(_ text: String) -> Date? {
    // The fraction (a dot and its digits) is dropped before parsing: without a regular expression, which
    // would be compiled again on every call (the reducer asks at every step).
    var whole = String.UnicodeScalarView()
    var rest = text.unicodeScalars[...]
    while let scalar = rest.popFirst() {
      if scalar == ".", let next = rest.first, ("0"..."9").contains(next) {
        rest = rest.drop(while: { ("0"..."9").contains($0) })
        continue
      }
      whole.append(scalar)
    }
    return try? iso8601.parse(String(whole))
  }

  /// Made once: making the style costs more than parsing with it.
  private static let iso8601 = Date.ISO8601FormatStyle()

  /// Why Drop-in's initialisation refuses the session (`CheckoutDropIn(config:)` validates `sessionId` and
  /// `hmacKey`), or nil when it accepts it.
  public var initialisationProblem: String? {
    if sessionId.trimmingWhitespace().isEmpty { return "sessionId is missing" }
    if UUID(uuidString: sessionId) == nil { return "sessionId \"\(sessionId)\" is not a UUID" }
    if hmacKey.isEmpty { return "hmacKey is missing" }
    if hmacKey.count != 64 || !hmacKey.allSatisfy(\.isHexDigit) {
      return "hmacKey is malformed (expected 64 hexadecimal characters, found \(hmacKey.count) characters)"
    }
    return nil
  }

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
public struct AllowedFundingTypes: Codable, Hashable, Sendable {
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
public struct Wallets: Codable, Hashable, Sendable {
  public var paypal: PayPalWallet?
  public var applePay: ApplePayWallet?
  public var paze: PazeWallet?

  public init(paypal: PayPalWallet? = nil, applePay: ApplePayWallet? = nil, paze: PazeWallet? = nil) {
    self.paypal = paypal
    self.applePay = applePay
    self.paze = paze
  }
}

public struct PayPalWallet: Codable, Hashable, Sendable {
  public var allowedFundingOptions: [String]
  public var merchantId: String
}

public struct ApplePayWallet: Codable, Hashable, Sendable {
  public var merchantId: String
  public var merchantName: String
}

/// Paze in the session. Besides the session's `clientId` and `merchantCategoryCode`, a scenario can set what
/// the simulated Paze service needs to rehearse each of the seed's Paze errors.
public struct PazeWallet: Codable, Hashable, Sendable {
  public var clientId: String?
  public var merchantCategoryCode: String?
  /// The merchant's name on the Paze checkout (at most 64 characters; longer is SDK1203).
  public var merchantDisplayName: String?
  /// The co-brand name Paze shows beside the merchant's (at most 64 characters; longer is SDK1204). The seed
  /// names SDK1204 only as "display configuration is too long": this field is PayDrill's reading of it.
  public var cobrandName: String?
  /// The line describing the purchase on the Paze checkout (at most 100 characters; longer is SDK1205),
  /// PayDrill's reading of the seed's SDK1205 like `cobrandName` of SDK1204.
  public var transactionDescription: String?
  /// Whether the Paze service is reachable (false gives SDK1122).
  public var available: Bool?
  /// The shopper's details sent to Paze.
  public var shopper: PazeShopper?
}

/// The shopper's details Paze checks.
public struct PazeShopper: Codable, Hashable, Sendable {
  public var email: String?
  public var phone: String?
  public var firstName: String?
  public var lastName: String?
}

extension SessionData {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case sessionId, hmacKey, encryptionKey, sessionExpiry, allowedFundingTypes
  }
}

extension AllowedFundingTypes {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case cardSchemes, cards, wallets
  }
}

extension Wallets {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case paypal, applePay, paze
  }
}

extension PayPalWallet {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case allowedFundingOptions, merchantId
  }
}

extension ApplePayWallet {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case merchantId, merchantName
  }
}

extension PazeWallet {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case clientId, merchantCategoryCode, merchantDisplayName, cobrandName, transactionDescription, available,
      shopper
  }
}

extension PazeShopper {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case email, phone, firstName, lastName
  }
}
