import CheckoutEngine
import TerminalUI

/// The simulated "Set up Apple Pay" screen the set-up button opens: the device has no card for the
/// merchant's networks, so PassKit offers to add one instead of showing the sheet.
struct ApplePaySetUpView {
  /// The shopper's texts: the title and the button are theirs; the explanation is the developer's.
  var localisation: Localisation

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    NoticeScreenView(
      title: localisation.text(.setUpApplePay),
      text: "This device has no card for the networks this merchant accepts "
        + "(canMakePayments(usingNetworks:) is false). On a phone, Wallet would now offer to add a card. "
        + "No sheet opened, no callback fired and nothing was charged.",
      role: .normal, button: localisation.text(.backToPaymentMethods)
    ).render(in: rect, into: &buffer)
  }
}
