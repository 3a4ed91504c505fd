import CheckoutEngine
import TerminalUI

/// The top line: the product, the merchant, and on the right the REC marker while recording, the environment
/// and the amount.
struct HeaderBar {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.fill(rect, role: .header)
    let checkout = model.checkout
    // Waiting for the backend's session, there is no amount yet.
    let amount =
      model.backend?.isWaiting == true
      ? "no session yet" : MoneyFormatter(locale: checkout.scenario.locale).string(for: checkout.paidAmount)
    let rec = model.recording.map { " \($0.text)" } ?? ""
    let right = (rec.isEmpty ? " " : " · ") + "TEST · \(amount) "
    let rightWidth = DisplayWidth.of(right) + DisplayWidth.of(rec)
    buffer.write(
      truncating: " PayDrill · \(checkout.scenario.merchantName)", x: rect.x, y: rect.y, role: .header,
      maxWidth: rect.width - rightWidth)
    // In the error role (the theme's error colour), so that it is seen.
    buffer.write(rec, x: rect.maxX - rightWidth, y: rect.y, role: .error)
    buffer.write(right, x: rect.maxX - DisplayWidth.of(right), y: rect.y, role: .header)
  }
}
