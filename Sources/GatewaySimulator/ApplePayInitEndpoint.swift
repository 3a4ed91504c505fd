import CheckoutEngine

/// The simulated `POST /init` of the Apple Pay plugin: the sheet's country, currency, networks and the
/// merchant's capabilities as the dashboard holds them, shaped per PSP variant, with the faults a scenario or
/// the device panel arms. It names no merchant: the sheet's total line then uses the configured one.
public enum ApplePayInitEndpoint {
  public static func answer(_ request: ApplePayInitRequest) -> ApplePayInitResponse {
    let networks: [String]
    switch request.gatewayProfile {
    case "adyen":
      // Adyen's variant names the brands its own way.
      networks = request.networks.map { $0 == "masterCard" ? "mc" : $0 }
    case "worldline":
      // Worldline's variant lists no networks: the SDK falls back to Cartes Bancaires, Mastercard and Visa.
      networks = []
    default:
      networks = request.networks
    }
    var response = ApplePayInitResponse(
      gatewayProfile: request.gatewayProfile, countryCode: request.countryCode,
      currencyCode: request.currencyCode,
      networks: networks, hasPluginResultLogs: true)
    response.generation = request.generation
    response.merchantCapabilities = request.merchantCapabilities
    switch request.fault {
    case .failure?: response.failure = "HTTP 502 Bad Gateway"
    case .noLogs?: response.hasPluginResultLogs = false
    case .noCountryCode?: response.countryCode = nil
    case .noCurrency?: response.currencyCode = nil
    case nil: break
    }
    return response
  }
}
