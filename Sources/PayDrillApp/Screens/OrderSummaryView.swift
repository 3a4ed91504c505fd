import CheckoutEngine
import TerminalUI

/// The order: one line per item with quantity and price, a rule, and the total. Returns the rows used. A long
/// order keeps to `itemRows` lines: the first items, then "N more items", so that what comes after the order
/// (the methods and their keys) stays on screen.
struct OrderSummaryView {
  var scenario: Scenario
  var localisation: Localisation
  /// How many lines the items may take; nil: as many as the area has.
  var itemRows: Int? = nil

  @discardableResult
  func render(in rect: Rect, into buffer: inout ScreenBuffer) -> Int {
    let money = MoneyFormatter(locale: scenario.locale)
    buffer.write(
      truncating: localisation.text(.orderSummary), x: rect.x, y: rect.y, role: .title, maxWidth: rect.width)
    var y = rect.y + 1
    let rows = min(itemRows ?? Int.max, rect.maxY - 2 - y)
    let items = scenario.items
    // Every item when they fit; else the first ones and a line counting the rest.
    let shown = items.count <= rows ? items.count : max(0, rows - 1)
    for item in items.prefix(shown) {
      let line = item.lineTotal.map(money.string(for:)) ?? "—"
      let quantity = item.quantity > 1 ? "\(item.quantity) × \(money.string(for: item.unitPrice))  " : ""
      LabeledValue(item.name, quantity + line).render(
        in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
      y += 1
    }
    if shown < items.count {
      let more = items.count - shown
      buffer.write(
        truncating: localisation.moreItems(more, of: items.count), x: rect.x, y: y,
        role: .muted, maxWidth: rect.width)
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
