/// A payment whose outcome the gateway has not definitely told: its idempotency key stays with it, so a
/// retry after a timeout or a lost connection is the same payment, and the gateway charges it at most once.
public struct OpenPayment: Equatable, Sendable {
  public var idempotencyKey: String
  public var method: DropInPaymentMethod
  public var amount: Money

  /// Error codes after which nobody knows whether the gateway charged: the payment stays open. A gateway
  /// plugin that crashed mid-request, or whose answer could not be read, may have charged as much as one
  /// whose answer never came.
  public static let unknownOutcomeCodes: Set<String> = [
    "GATEWAY_TIMEOUT", "NETWORK_ERROR", "PLUGIN_CRASHED", "PLUGIN_PROTOCOL_ERROR",
  ]
}
