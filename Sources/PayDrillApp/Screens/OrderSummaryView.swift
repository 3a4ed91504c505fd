import CheckoutEngine
import TerminalUI

/// The order: one line per item with quantity and price, a rule, and the total. Returns the rows used.
struct OrderSummaryView {
  var scenario: Scenario
  var localisation: Localisation

  @discardableResult
  func render(in rect: Rect, into buffer: inout ScreenBuffer) -> Int {
    let money = MoneyFormatter(locale: scenario.locale)
    buffer.write(
      truncating: localisation.text(.orderSummary), x: rect.x, y: rect.y, role: .title, maxWidth: rect.width)
    var y = rect.y + 1
    for item in scenario.items where y < rect.maxY - 2 {
      let line = item.lineTotal.map(money.string(for:)) ?? "—"
      let quantity = item.quantity > 1 ? "\(item.quantity) × \(money.string(for: item.unitPrice))  " : ""
      LabeledValue(item.name, quantity + line).render(
        in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
      y += 1
    }
    buffer.write(String(repeating: "─", count: rect.width), x: rect.x, y: y, role: .border)
    y += 1
    LabeledValue(
      localisation.text(.total), money.string(for: scenario.total), labelRole: .total, valueRole: .total
    )
    .render(in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
    return y + 1 - rect.y
  }
}
