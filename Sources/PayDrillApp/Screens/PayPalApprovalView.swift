import CheckoutEngine
import TerminalUI

/// The simulated PayPal approval page: the buyer, on PayPal.com, approves the order with a funding option or
/// cancels and returns to the merchant.
struct PayPalApprovalView {
  var model: AppModel
  var order: PayPalOrder

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let money = MoneyFormatter(locale: model.checkout.scenario.locale)
    var y = rect.y + 1
    buffer.write(
      truncating: "paypal.com · sandbox buyer", x: rect.x, y: y, role: .muted, maxWidth: rect.width)
    y += 2
    LabeledValue(
      "Pay \(model.checkout.scenario.merchantName)", money.string(for: order.amount), labelRole: .title,
      valueRole: .total
    )
    .render(in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
    y += 1
    buffer.write(
      truncating: "Order \(order.orderId) · intent \(order.intent)", x: rect.x, y: y, role: .muted,
      maxWidth: rect.width)
    y += 2
    for (index, option) in CheckoutReducer.payPalOptions(model.checkout).enumerated() where y < rect.maxY - 2
    {
      let selected = index == model.payPalChoice
      if selected { buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), role: .selected) }
      buffer.write(selected ? "▸" : " ", x: rect.x, y: y, role: selected ? .selected : .normal)
      buffer.write(
        truncating: option.label, x: rect.x + 2, y: y, role: selected ? .selected : .normal,
        maxWidth: rect.width - 2)
      y += 1
    }
    y += 1
    buffer.write(
      truncating: "Enter approves · Esc cancels and returns to the merchant", x: rect.x,
      y: min(y, rect.maxY - 1),
      role: .muted, maxWidth: rect.width)
  }
}
