/// A text the shopper reads, translated for each built-in locale (`Localisation/strings.json`). The event
/// pane, codes and developer notes stay in English, as the SDK's logs do.
public enum ShopperText: String, CaseIterable, Codable, Sendable {
  case choosePaymentMethod
  case orderSummary
  case total
  case payByCard
  case accepted
  case cardNumber
  case expiry
  case securityCode
  case cardholderName
  case billingPostcode
  case payAmount
  case back
  case paying
  case with
  case paymentSuccessful
  case paymentFailed
  case amount
  case method
  case tryAgain
  case chooseAnotherMethod
  case startNewCheckout
  case cardDeclinedMessage
  case insufficientFundsMessage
  case paymentFailedMessage
  case enterCardNumber
  case cardNumberIncomplete
  case cardTypeNotRecognised
  case cardNumberInvalid
  case schemeNotAccepted
  case enterExpiry
  case expiryFormat
  case expiryMonth
  case cardExpired
  case enterSecurityCode
  case securityCodeAmex
  case securityCodeThree
  case enterCardholderName
  case enterPostcode
  case postcodeTooShort
}
