import CheckoutEngine
import TerminalUI

/// The whole order over the checkout: every item with its quantity and price, a rule and the total, read by
/// scrolling. A name too long for its line wraps beside its price; nothing is cut.
struct OrderListView {
  var list: OrderList
  var scenario: Scenario
  var localisation: Localisation

  /// The order's lines at `width`: an item's price on its first line, right-aligned.
  static func lines(of scenario: Scenario, localisation: Localisation, width: Int)
    -> [(text: String, role: StyleRole)]
  {
    guard width > 8 else { return [] }
    let money = MoneyFormatter(locale: scenario.locale)
    /// A label wrapped to the room its value leaves, with the value at the end of its first line.
    func labelled(_ label: String, _ value: String, role: StyleRole) -> [(text: String, role: StyleRole)] {
      let valueWidth = DisplayWidth.of(value)
      let names = WrappedText.lines(label, width: max(1, width - valueWidth - 1))
      return names.enumerated().map { offset, name in
        guard offset == 0 else { return (name, role) }
        let gap = max(1, width - DisplayWidth.of(name) - valueWidth)
        return (name + String(repeating: " ", count: gap) + value, role)
      }
    }
    var lines: [(text: String, role: StyleRole)] = []
    for item in scenario.items {
      let line = item.lineTotal.map(money.string(for:)) ?? "—"
      let quantity = item.quantity > 1 ? "\(item.quantity) × \(money.string(for: item.unitPrice))  " : ""
      lines += labelled(item.name, quantity + line, role: .normal)
    }
    lines.append((String(repeating: "─", count: width), .border))
    lines += labelled(localisation.text(.total), money.string(for: scenario.total), role: .total)
    return lines
  }

  func render(size: Size, into buffer: inout ScreenBuffer) {
    ReadingPane(
      title: "\(localisation.text(.orderSummary)) · \(localisation.itemCount(scenario.items.count))",
      lines: Self.lines(
        of: scenario, localisation: localisation, width: ReadingPane.textArea(in: size).width),
      scroll: list.scroll
    ).render(size: size, into: &buffer)
  }
}
