import CheckoutEngine

/// What the shopper has highlighted or typed on the checkout's current screen, in the case of that screen.
/// The engine owns the screens; this is the terminal's part of the one on show. When the engine moves to
/// another kind of screen, `AppReducer.send` replaces it with the new screen's fresh controls, so nothing
/// typed or highlighted on one screen survives on the next, and no field is reset by hand.
enum ScreenControls: Equatable, Sendable {
  /// A screen with nothing of its own to highlight or type (the method list keeps its highlight in
  /// `AppModel.highlightedMethod`, which outlives the screens it leads to).
  case none
  /// The processing screen: its spinner's frame, which advances while the gateway works.
  case processing(spinnerFrame: Int)
  /// The card form: which field or button has the keys.
  case cardForm(FormFocus)
  /// The result screen: the highlighted button, 0 "Try again", 1 "Choose another method".
  case result(choice: Int)
  /// A wallet's page (PayPal's approval, Paze's checkout): the highlighted option.
  case wallet(choice: Int)
  /// The 3-D Secure challenge: the one-time code typed so far.
  case challenge(draft: String)
  /// The Apple Pay sheet: its highlighted row, chooser, coupon, passcode and spinner.
  case applePaySheet(SheetControls)

  /// The controls a screen starts with when the checkout arrives on it.
  static func fresh(for checkout: CheckoutState) -> ScreenControls {
    switch checkout.screen.kind {
    case .cardForm: return .cardForm(.field(firstInvalidField(of: checkout) ?? .number))
    case .result: return .result(choice: 0)
    case .payPalApproval, .pazeCheckout: return .wallet(choice: 0)
    case .threeDSChallenge: return .challenge(draft: "")
    case .applePaySheet: return .applePaySheet(SheetControls(row: .pay))
    case .processing: return .processing(spinnerFrame: 0)
    case .methodList, .methodUnavailable, .applePaySetUp, .initialisationFailed: return .none
    }
  }

  /// The first card field, in the form's order, that shows an error: where the focus goes after a refusal.
  static func firstInvalidField(of checkout: CheckoutState) -> CardField? {
    checkout.cardFields.first { checkout.cardForm.errors[$0] != nil }
  }
}
