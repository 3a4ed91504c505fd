/// Everything that can happen to a checkout: what the shopper does, and what effects bring back.
public enum CheckoutAction: Equatable, Sendable {
  /// Drop-in's `create()`: the plugins look at the device and the Apple Pay element prepares.
  case createCheckout
  /// What came back for a request the engine made (an effect's answer), with the effect's request id.
  case answered(RequestID, CheckoutAnswer)
  /// The tester changed what the simulated device can do: the checkout is created again on it.
  case changeDevice(ApplePayDevice)
  /// The shopper picks a method from the list.
  case selectMethod(DropInPaymentMethod)
  /// The shopper leaves the current screen for the method list (Escape).
  case backToMethods
  /// Text typed into a card field.
  case type(String, into: CardField)
  /// Backspace in a card field.
  case deleteBackward(in: CardField)
  /// Focus leaves a field: its value is checked and its error shown.
  case leaveField(CardField)
  /// The shopper presses Pay on the card form.
  case submitCard
  /// After a failure: back to the form with what was typed, to try again.
  case tryAgain
  /// After a success: a fresh checkout of the same scenario.
  case startNewCheckout
  /// The merchant's backend created a session (`paydrill --serve`): Drop-in is initialised again on it, the
  /// checkout that scenario describes (`CheckoutDropIn(config:)` with the new session data), and created.
  /// Taken only when no payment is under way (`isAtRest`); the event log goes on.
  indirect case openSession(Scenario)
  /// A request of the merchant's backend reached the simulated API (`paydrill --serve`): recorded as an
  /// `httpRequest` event with these details; nothing else changes.
  case backendRequest([EventDetail])
  /// The shopper picks a Wallet contact (by index) as the shipping contact.
  case selectShippingContact(Int)
  /// The shopper picks a shipping method (by identifier).
  case selectShippingMethod(String)
  /// The shopper picks an eligible Wallet card (by index among the eligible ones).
  case selectCard(Int)
  /// The shopper enters a coupon code.
  case enterCouponCode(String)
  /// The shopper presses the side button / "Pay" row: the biometric prompt shows.
  case requestAuthorisation
  /// The biometric prompt's outcome.
  case authenticate(AuthenticationOutcome)
  /// The buyer approved the PayPal order on PayPal.com, with a funding option.
  case approvePayPal(PayPalFunding)
  /// The buyer cancelled on PayPal.com.
  case cancelPayPal
  /// The shopper chose a card in the Paze checkout.
  case approvePaze(PazeCard)
  /// The shopper closed the Paze checkout.
  case cancelPaze
  /// The shopper typed the 3-D Secure one-time code.
  case submitChallengeCode(String)
  /// The shopper cancelled the 3-D Secure challenge.
  case cancelChallenge
  /// The run ends (quit, a signal, the end of a tape): an attempt in flight ends as interrupted.
  case endRun
  /// The shopper dismisses the sheet.
  case cancelSheet
  /// The tester switches the simulated device between Face ID, Touch ID and passcode.
  case switchAuthentication
}

/// What the simulated Face ID / Touch ID / passcode prompt decided.
public enum AuthenticationOutcome: Equatable, Sendable {
  case recognised
  case notRecognised
  /// The shopper chose to enter the passcode instead.
  case usePasscode
  /// A passcode was entered (any 4 to 6 digits pass).
  case passcode(String)
  /// The prompt was dismissed: back to the sheet.
  case cancelled
}
