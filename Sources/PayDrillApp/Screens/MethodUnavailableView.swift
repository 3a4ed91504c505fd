import CheckoutEngine
import TerminalUI

/// A method the session offers but this build does not complete yet: said plainly, with nothing charged.
struct MethodUnavailableView {
  var method: DropInPaymentMethod

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    var y = rect.y + 1
    buffer.write(truncating: method.displayName, x: rect.x, y: y, role: .title, maxWidth: rect.width)
    y += 2
    let text =
      method == .applePay
      ? "The session offers Apple Pay, but this scenario has no applePay section (the component's "
        + "configuration, the Wallet and the merchant's rules), so there is no sheet to open. Add one to the "
        + "scenario, or pick a built-in one (paydrill scenarios).\nNo callback was fired and nothing was charged."
      : "\(method.displayName) is not available in this build of PayDrill. The session offers it, "
        + "but its flow is not simulated yet.\nNo callback was fired and nothing was charged."
    for line in WrappedText.lines(text, width: rect.width) where y < rect.maxY - 2 {
      buffer.write(line, x: rect.x, y: y, role: .notice)
      y += 1
    }
    y += 1
    ButtonRow(labels: ["Back to payment methods"], focused: 0)
      .render(in: Rect(x: rect.x, y: min(y, rect.maxY - 1), width: rect.width, height: 1), into: &buffer)
  }
}
