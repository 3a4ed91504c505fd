import GatewaySimulator

extension GatewaySettings {
  /// What the gateway is configured with: everything but the armed fault, which stays in the app's state
  /// until an authorisation takes it (it travels in that request, and is used once).
  var forGateway: GatewaySettings {
    var settings = self
    settings.nextFault = nil
    return settings
  }
}
