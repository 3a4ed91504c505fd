/// Everything that can happen to a checkout: what the shopper does, and what effects bring back.
public enum CheckoutAction: Equatable, Sendable {
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
  /// The merchant's `onBeforeSubmit` answered.
  case beforeSubmitAnswered(DropInPaymentMethod, BeforeSubmitVerdict)
  /// The gateway answered an authorisation.
  case gatewayAnswered(AuthorisationOutcome)
  /// After a failure: back to the form with what was typed, to try again.
  case tryAgain
  /// After a success: a fresh checkout of the same scenario.
  case startNewCheckout
}
