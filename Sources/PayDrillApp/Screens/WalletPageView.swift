import TerminalUI

/// A wallet's own page over the checkout (PayPal's approval, Paze's checkout): who is paid and how much,
/// the options to choose from, and how to leave.
struct WalletPageView {
  var header: String
  var payee: String
  var amount: String
  var detail: String
  var options: [String]
  var choice: Int
  var footer: String

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    var y = rect.y + 1
    buffer.write(truncating: header, x: rect.x, y: y, role: .muted, maxWidth: rect.width)
    y += 2
    LabeledValue(payee, amount, labelRole: .title, valueRole: .total)
      .render(in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
    y += 1
    buffer.write(truncating: detail, x: rect.x, y: y, role: .muted, maxWidth: rect.width)
    y += 2
    for (index, option) in options.enumerated() where y < rect.maxY - 2 {
      let selected = index == choice
      if selected { buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), role: .selected) }
      buffer.addClickTarget(
        Rect(x: rect.x, y: y, width: rect.width, height: 1), tag: ScreenTarget.walletOption(index).tag)
      buffer.write(selected ? "▸" : " ", x: rect.x, y: y, role: selected ? .selected : .normal)
      buffer.write(
        truncating: option, x: rect.x + 2, y: y, role: selected ? .selected : .normal,
        maxWidth: rect.width - 2)
      y += 1
    }
    y += 1
    buffer.write(truncating: footer, x: rect.x, y: min(y, rect.maxY - 1), role: .muted, maxWidth: rect.width)
  }
}
