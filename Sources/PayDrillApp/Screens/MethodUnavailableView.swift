import CheckoutEngine
import TerminalUI

/// A method the session offers but this build does not complete yet: said plainly, with nothing charged.
struct MethodUnavailableView {
  var method: DropInPaymentMethod
  /// The shopper's texts: the title and the button are theirs; the explanation is the developer's.
  var localisation: Localisation

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let text =
      method == .applePay
      ? "The session offers Apple Pay, but this scenario has no applePay section (the component's "
        + "configuration, the Wallet and the merchant's rules), so there is no sheet to open. Add one to the "
        + "scenario, or pick a built-in one (paydrill scenarios).\nNo callback was fired and nothing was charged."
      : "\(method.displayName) is not available in this build of PayDrill. The session offers it, "
        + "but its flow is not simulated yet.\nNo callback was fired and nothing was charged."
    NoticeScreenView(
      title: localisation.name(of: method), text: text, button: localisation.text(.backToPaymentMethods)
    ).render(in: rect, into: &buffer)
  }
}
