/// `PKPaymentPass`, as `paymentMethod.paymentPass` hands it to `onPaymentMethodSelected`: the card's account
/// identifiers and suffixes. A Wallet card has a device account number of its own (the DPAN) besides the
/// card's; the simulated one ends in the card's last four reversed, so that the two are told apart and neither
/// reveals more of the card number than its last four.
public struct PaymentPass: Equatable, Sendable {
  public var primaryAccountIdentifier: String
  /// The card number's last four.
  public var primaryAccountNumberSuffix: String
  public var deviceAccountIdentifier: String
  /// The device account number's last four.
  public var deviceAccountNumberSuffix: String

  /// The simulated pass of a Wallet card (the card works it out once: `WalletCard.paymentPass`).
  public init(card: WalletCard) {
    self = card.paymentPass
  }

  /// The simulated pass of a card of this network and number.
  init(network: PaymentNetwork, number: CardNumber) {
    let suffix = number.lastFour
    primaryAccountNumberSuffix = suffix
    // The last four are ASCII digits: reversed as bytes, without breaking the text into Characters.
    deviceAccountNumberSuffix = String(decoding: suffix.utf8.reversed(), as: UTF8.self)
    primaryAccountIdentifier = "simulated-\(network.rawValue)-\(suffix)"
    deviceAccountIdentifier = "simulated-device-\(network.rawValue)-\(deviceAccountNumberSuffix)"
  }

  /// The pass as event payload details, under `paymentPass.`.
  public var eventDetails: [EventDetail] {
    [
      EventDetail("paymentPass.primaryAccountIdentifier", .string(primaryAccountIdentifier)),
      EventDetail("paymentPass.primaryAccountNumberSuffix", .string(primaryAccountNumberSuffix)),
      EventDetail("paymentPass.deviceAccountIdentifier", .string(deviceAccountIdentifier)),
      EventDetail("paymentPass.deviceAccountNumberSuffix", .string(deviceAccountNumberSuffix)),
    ]
  }
}
