import TerminalUI

/// The simulated "Set up Apple Pay" screen the set-up button opens: the device has no card for the
/// merchant's networks, so PassKit offers to add one instead of showing the sheet.
struct ApplePaySetUpView {
  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    var y = rect.y + 1
    buffer.write("Set up Apple Pay", x: rect.x, y: y, role: .title)
    y += 2
    let text =
      "This device has no card for the networks this merchant accepts "
      + "(canMakePayments(usingNetworks:) is false). On a phone, Wallet would now offer to add a card. "
      + "No sheet opened, no callback fired and nothing was charged."
    for line in WrappedText.lines(text, width: rect.width) where y < rect.maxY - 2 {
      buffer.write(line, x: rect.x, y: y, role: .normal)
      y += 1
    }
    y += 1
    ButtonRow(labels: ["Back to payment methods"], focused: 0)
      .render(in: Rect(x: rect.x, y: min(y, rect.maxY - 1), width: rect.width, height: 1), into: &buffer)
  }
}
