/// What the simulated device and plugin installation can do (`applePay.device` in a scenario; changeable at
/// run time from the device panel).
public struct ApplePayDevice: Equatable, Sendable, Codable {
  /// How `ApplePayModule` was installed.
  public enum Module: String, Codable, Sendable, CaseIterable {
    /// `install(ApplePayModule(configuration:))` with a merchant identifier.
    case configured
    /// Installed with no configuration: the method is listed without UI.
    case unconfigured
    /// Never installed: listed without UI, submitting reports `METHOD_NOT_IMPLEMENTED`.
    case notInstalled
  }

  /// A fault of the simulated `POST /init`.
  public enum InitFault: String, Codable, Sendable, CaseIterable {
    case failure, noLogs, noCountryCode, noCurrency
  }

  /// `PKPaymentAuthorizationController.canMakePayments()`.
  public var canMakePayments: Bool = true
  /// Whether the Wallet holds its cards; without them `canMakePayments(usingNetworks:)` is false.
  public var walletHasCards: Bool = true
  public var module: Module = .configured
  public var initFault: InitFault?
  /// PassKit refuses to present the sheet (entitlement, certificate or request unusable).
  public var sheetFailsToPresent: Bool = false
  /// The shopper authorises, but the plugin cannot read the payment token PassKit returns.
  public var tokenUnreadable: Bool = false
  /// The PSP variant that shapes `/init`: `default`, `adyen` or `worldline`.
  public var gatewayProfile: String = "default"
  /// Milliseconds between `create()` and the device check landing (0: at once). Until it lands, the element
  /// has `hasUI` false and submitting it does nothing, as the plugin documents.
  public var deviceCheckDelayMs: Int = 0

  /// The delay the device panel offers beside "at once".
  public static let slowDeviceCheckMs = 3000

  public static let gatewayProfiles = ["default", "adyen", "worldline"]
}

extension ApplePayDevice {
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    canMakePayments = try container.decodeIfPresent(Bool.self, forKey: .canMakePayments) ?? true
    walletHasCards = try container.decodeIfPresent(Bool.self, forKey: .walletHasCards) ?? true
    module = try container.decodeIfPresent(Module.self, forKey: .module) ?? .configured
    initFault = try container.decodeIfPresent(InitFault.self, forKey: .initFault)
    sheetFailsToPresent = try container.decodeIfPresent(Bool.self, forKey: .sheetFailsToPresent) ?? false
    tokenUnreadable = try container.decodeIfPresent(Bool.self, forKey: .tokenUnreadable) ?? false
    gatewayProfile = try container.decodeIfPresent(String.self, forKey: .gatewayProfile) ?? "default"
    deviceCheckDelayMs = try container.decodeIfPresent(Int.self, forKey: .deviceCheckDelayMs) ?? 0
    guard (0...600_000).contains(deviceCheckDelayMs) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.deviceCheckDelayMs],
          debugDescription: "expected milliseconds from 0 to 600000"))
    }
    guard Self.gatewayProfiles.contains(gatewayProfile) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.gatewayProfile],
          debugDescription: "expected one of \(Self.gatewayProfiles.joined(separator: ", "))"))
    }
  }
}

/// The Apple Pay method's state in the Drop-in, with the plugin's names.
public enum ApplePayMethodState: Equatable, Sendable {
  /// `create()` built the element, and the device check (`canMakePayments()`) has not landed yet: no UI,
  /// and submitting does nothing (PayDrill's name; the plugin names no state for it).
  case checkingDevice
  /// `prepare()` is running: `POST /init` has not answered.
  case preparing
  /// `/init` answered: the button can present the sheet.
  case ready(ApplePayInitResponse)
  /// `canMakePayments(usingNetworks:)` is false: the set-up button shows instead.
  case needsSetUp
  /// `canMakePayments()` is false: the method is filtered out.
  case pluginIncompatible
  /// The module is missing or has no configuration: listed, but no UI.
  case noUI(ApplePayDevice.Module)
  /// `/init` failed: unavailable for the rest of the session.
  case partnerUIFatalError(String)

  /// The state's name as the plugin's method states name it.
  public var name: String {
    switch self {
    case .checkingDevice: return "CHECKING_DEVICE"
    case .preparing: return "PREPARING"
    case .ready: return "READY"
    case .needsSetUp: return "READY (no card: setUp)"
    case .pluginIncompatible: return "PLUGIN_INCOMPATIBLE"
    case .noUI(.notInstalled): return "NOT_INSTALLED"
    case .noUI: return "NO_CONFIGURATION"
    case .partnerUIFatalError: return "PARTNER_UI_FATAL_ERROR"
    }
  }

  /// `element.isReady`: true once `/init` answered.
  public var isReady: Bool {
    switch self {
    case .ready, .needsSetUp: return true
    default: return false
    }
  }

  /// `element.hasUI`: false when there is no button to draw.
  public var hasUI: Bool {
    switch self {
    case .checkingDevice, .noUI, .pluginIncompatible: return false
    default: return true
    }
  }

  /// `element.selfSubmitting`: the Apple Pay button is its own Pay button.
  public var selfSubmitting: Bool { true }
}

/// What the simulated `POST /init` answered, as the PSP variant shapes it.
public struct ApplePayInitResponse: Equatable, Sendable {
  public var gatewayProfile: String
  public var countryCode: String?
  public var currencyCode: String?
  /// The networks `/init` lists; empty means the SDK falls back to Cartes Bancaires, Mastercard and Visa.
  public var networks: [String]
  /// The merchant's capabilities as the dashboard configures them (`threeDSecure`, `emv`, `credit`, `debit`):
  /// they reach the app through `/init`, and decide which card types the sheet offers. Empty when the answer
  /// lists none (the scenario's `merchantCapabilities` then stand).
  public var merchantCapabilities: [String] = []
  /// The merchant `/init` names for the sheet's total line; nil when it names nobody (the plugin's configured
  /// `merchantName`, the session's, is used then).
  public var merchantName: String?
  public var hasPluginResultLogs: Bool
  /// An HTTP-level failure, when `/init` failed outright.
  public var failure: String?
  /// The `create()` this answers (a device change starts another; older answers are then ignored).
  public var generation = 0

  public init(
    gatewayProfile: String, countryCode: String?, currencyCode: String?, networks: [String],
    hasPluginResultLogs: Bool, failure: String? = nil
  ) {
    self.gatewayProfile = gatewayProfile
    self.countryCode = countryCode
    self.currencyCode = currencyCode
    self.networks = networks
    self.hasPluginResultLogs = hasPluginResultLogs
    self.failure = failure
  }

  /// The networks the sheet will offer: `/init`'s, or the SDK's fallback when it lists none.
  public var effectiveNetworks: [String] {
    networks.isEmpty ? ["cartesBancaires", "masterCard", "visa"] : networks
  }

  /// Whether the sheet may offer a card of this network (PSP names such as Adyen's `mc` included).
  public func allows(_ network: PaymentNetwork) -> Bool {
    effectiveNetworks.contains { name in
      name.equalsIgnoringCase(network.rawValue)
        || (name == "mc" && network == .masterCard)
    }
  }

  /// Whether the sheet may offer this card: its network, and its type among the capabilities `/init`
  /// returned (`credit` for credit cards, `debit` for debit and prepaid ones), when it returned any.
  public func allows(_ card: WalletCard) -> Bool {
    guard allows(card.network) else { return false }
    guard !merchantCapabilities.isEmpty else { return true }
    let needed: MerchantCapability = card.type == .credit ? .credit : .debit
    return merchantCapabilities.contains { $0.equalsIgnoringCase(needed.rawValue) }
  }

  /// Why the answer cannot configure a sheet, in the plugin's words; nil when it can.
  public var problem: String? {
    if let failure { return "Apple Pay /init failed: \(failure)" }
    if !hasPluginResultLogs { return "Apple Pay /init returned no plugin_result.logs" }
    if countryCode == nil { return "Apple Pay /init did not return a country code" }
    if currencyCode == nil { return "Apple Pay /init did not return a currency" }
    return nil
  }
}

/// What the plugin sends to `POST /init`.
public struct ApplePayInitRequest: Equatable, Sendable {
  public var gatewayProfile: String
  public var countryCode: String
  public var currencyCode: String
  public var networks: [String]
  /// The fault the simulated gateway is to answer with (from the device settings).
  public var fault: ApplePayDevice.InitFault?
  /// The merchant's capabilities as the dashboard holds them (the scenario's `merchantCapabilities`): not
  /// posted by the app, but what the simulated gateway (or a plugin playing it) returns from `/init`.
  public var merchantCapabilities: [String] = []
  /// Which `create()` sent it; the answer carries it back.
  public var generation = 0

  /// The body `prepare()` posts to `/init`, shaped per PSP variant as the seed says the SDK does (its field
  /// names are PayDrill's reading of each PSP's own API): Adyen's names the amount's currency, the channel,
  /// the method and its brands (`mc` for Mastercard); Worldline's names Apple Pay's payment product (302);
  /// the default sends the country, the currency and the networks. Shown, prefixed `request.`, in the
  /// `applePayInit` event.
  public var sentFields: [EventDetail] {
    let fields: [(String, EventValue)]
    switch gatewayProfile {
    case "adyen":
      fields = [
        ("countryCode", .string(countryCode)), ("amount.currency", .string(currencyCode)),
        ("channel", .string("iOS")), ("allowedPaymentMethods", .string("applepay")),
        ("brands", .string(networks.map { $0 == "masterCard" ? "mc" : $0 }.joined(separator: ","))),
      ]
    case "worldline":
      fields = [
        ("countryCode", .string(countryCode)), ("currencyCode", .string(currencyCode)),
        ("paymentProductId", .integer(302)),
      ]
    default:
      fields = [
        ("countryCode", .string(countryCode)), ("currencyCode", .string(currencyCode)),
        ("supportedNetworks", .string(networks.joined(separator: ","))),
      ]
    }
    return fields.map { EventDetail("request." + $0.0, $0.1) }
  }
}

extension ApplePayDevice {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case canMakePayments, walletHasCards, module, initFault, sheetFailsToPresent, tokenUnreadable,
      gatewayProfile, deviceCheckDelayMs
  }
}
