import CheckoutEngine
import GatewaySimulator

/// The test cards as a table, for `paydrill cards` and the README.
enum TestCardTable {
  static func text() -> String {
    var lines = ["Number               Scheme            Outcome                              errorCode"]
    for card in TestCard.all {
      let number = CardNumber.grouped(card.number)
      lines.append(
        pad(number, 21) + pad(card.scheme.displayName, 18) + pad(card.summary, 37)
          + (card.decline?.errorCode ?? "-"))
    }
    lines.append(
      "Any other number that passes the Luhn check is approved. Use any future expiry and any name.")
    lines.append(
      "A scheme the session leaves out of cardSchemes is refused by the form (the demo leaves out Discover and JCB)."
    )
    lines.append(
      "3-D Secure challenge code: \(ThreeDSecureChallenge.passingCode) passes; any other code fails.")
    lines.append("")
    lines.append("Billing postcode (AVS, when the scenario sets gateway.addressVerification.collectPostcode)")
    for address in TestAddress.all {
      lines.append(pad(address.postalCode, 21) + "\(address.result.rawValue)  \(address.result.meaning)")
    }
    lines.append(
      pad("any other", 21)
        + "\(AddressVerificationResult.fullMatch.rawValue)  \(AddressVerificationResult.fullMatch.meaning)")
    lines.append("Declined with AVS_DECLINED: the scenario's declineResults (default N).")
    return lines.joined(separator: "\n")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
