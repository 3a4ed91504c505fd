import CheckoutEngine
import TerminalUI

/// The Drop-in's first screen: the order summary and the methods the session offers.
struct MethodListView {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let checkout = model.checkout
    var y = rect.y + OrderSummaryView(scenario: checkout.scenario).render(in: rect, into: &buffer) + 1
    buffer.write("Choose a payment method", x: rect.x, y: y, role: .title)
    y += 1
    if checkout.methods.isEmpty {
      buffer.write(
        truncating: "The session offers no payment method (allowedFundingTypes is empty).", x: rect.x,
        y: y + 1,
        role: .error, maxWidth: rect.width)
      return
    }
    for (index, method) in checkout.methods.enumerated() where y < rect.maxY {
      let selected = index == model.highlightedMethod
      let role: StyleRole = selected ? .selected : .normal
      let row = Rect(x: rect.x, y: y, width: rect.width, height: 1)
      if selected { buffer.fill(row, role: .selected) }
      buffer.write(selected ? "▸" : " ", x: rect.x, y: y, role: role)
      buffer.write("\(index + 1) \(method.displayName)", x: rect.x + 2, y: y, role: role)
      if method == .applePay, let button = checkout.scenario.applePay?.button {
        // The Apple Pay row shows the scenario's button (buttonType, buttonStyle, buttonRadius).
        ApplePayButtonView(appearance: button, darkAppearance: model.darkAppearance).button
          .renderCompact(in: Rect(x: rect.x + 16, y: y, width: rect.width - 17, height: 1), into: &buffer)
        y += 1
        continue
      }
      let detail = detail(for: method, scenario: checkout.scenario)
      buffer.write(
        truncating: detail, x: rect.x + 16, y: y, role: selected ? .selected : .muted,
        maxWidth: rect.width - 17)
      y += 1
    }
  }

  private func detail(for method: DropInPaymentMethod, scenario: Scenario) -> String {
    let funding = scenario.session.allowedFundingTypes
    switch method {
    case .card:
      return funding.acceptedSchemes.map(\.shortName).joined(separator: " · ")
    case .paypal:
      let options = funding.wallets.paypal?.allowedFundingOptions ?? []
      return options.contains("paylater") ? "PayPal · Pay Later" : "PayPal"
    case .applePay:
      return funding.wallets.applePay?.merchantName ?? ""
    case .paze:
      return "Paze wallet"
    }
  }
}
