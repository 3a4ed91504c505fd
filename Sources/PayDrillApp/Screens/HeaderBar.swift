import CheckoutEngine
import TerminalUI

/// The top line: the product, the merchant, and the environment and amount on the right.
struct HeaderBar {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.fill(rect, role: .header)
    let checkout = model.checkout
    // Waiting for the backend's session, there is no amount yet.
    let amount =
      model.backend?.isWaiting == true
      ? "no session yet" : MoneyFormatter(locale: checkout.scenario.locale).string(for: checkout.paidAmount)
    let right = " TEST · \(amount) "
    let rightWidth = DisplayWidth.of(right)
    buffer.write(
      truncating: " PayDrill · \(checkout.scenario.merchantName)", x: rect.x, y: rect.y, role: .header,
      maxWidth: rect.width - rightWidth)
    buffer.write(right, x: rect.maxX - rightWidth, y: rect.y, role: .header)
  }
}
