/// The payment service provider the simulated gateway speaks as. Every profile gives the same outcomes; the
/// PSP profiles add their own result codes behind the common ones, as the real APIs return them.
public enum PSPProfile: String, CaseIterable, Codable, Sendable {
  /// PayDrill's own gateway: the common error codes only.
  case `default`
  /// Adyen's Checkout API (`resultCode`: Authorised, Refused, Error, Cancelled, Received, ChallengeShopper…).
  case adyen
  /// Worldline Direct (`status` and `statusOutput.statusCode`: CAPTURED 9, PENDING_CAPTURE 5, REJECTED 2…).
  case worldline
}
