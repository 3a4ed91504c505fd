/// 3-D Secure 2 as the simulated issuer runs it: a result (`transStatus` and the ECI that follows from it
/// and the network), or a challenge the shopper answers with a one-time code.
public struct ThreeDSecureResult: Equatable, Sendable {
  /// EMV 3DS `transStatus`: Y authenticated, A attempted, N not authenticated, R rejected, U unavailable,
  /// C challenge.
  public var transStatus: String
  /// The electronic commerce indicator: Visa, Amex, Diners and JCB 05/06/07; Mastercard 02/01/00.
  public var eci: String

  public init(transStatus: String, network: CardScheme) {
    self.transStatus = transStatus
    let mastercard = network == .mastercard
    switch transStatus {
    case "Y": eci = mastercard ? "02" : "05"
    case "A": eci = mastercard ? "01" : "06"
    default: eci = mastercard ? "00" : "07"
    }
  }

  /// A result the merchant supplies (Apple Pay's `ThreeDSecureData`); the ECI may be written `eci5` or `05`.
  public init(transStatus: String, eci: String) {
    self.transStatus = transStatus
    let digits = eci.filter(\.isNumber)
    self.eci = digits.count == 1 ? "0" + digits : digits.isEmpty ? eci : digits
  }
}

/// A challenge the issuer asks for: the shopper types the one-time code on the simulated issuer page.
public struct ThreeDSecureChallenge: Equatable, Sendable {
  public var acsTransactionId: String
  public var scheme: CardScheme
  /// The request waiting on the challenge's outcome.
  public var request: AuthorisationRequest

  public init(acsTransactionId: String, scheme: CardScheme, request: AuthorisationRequest) {
    self.acsTransactionId = acsTransactionId
    self.scheme = scheme
    self.request = request
  }

  /// The code that passes: as the big sandboxes do, a fixed one.
  public static let passingCode = "1234"
}
