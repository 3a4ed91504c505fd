import TerminalUI

/// The simulated "Set up Apple Pay" screen the set-up button opens: the device has no card for the
/// merchant's networks, so PassKit offers to add one instead of showing the sheet.
struct ApplePaySetUpView {
  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    NoticeScreenView(
      title: "Set up Apple Pay",
      text: "This device has no card for the networks this merchant accepts "
        + "(canMakePayments(usingNetworks:) is false). On a phone, Wallet would now offer to add a card. "
        + "No sheet opened, no callback fired and nothing was charged.",
      role: .normal
    ).render(in: rect, into: &buffer)
  }
}
