import CheckoutEngine
import TerminalUI

/// The Drop-in's first screen: the order summary and the methods the session offers.
struct MethodListView {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let checkout = model.checkout
    // The order takes what the methods, their heading and a notice leave: a long order never pushes the
    // methods off the screen.
    let reserved = 3 + 1 + 1 + max(1, checkout.methods.count) + 2
    var y =
      rect.y
      + OrderSummaryView(
        scenario: checkout.scenario, localisation: checkout.localisation,
        itemRows: max(2, rect.height - reserved)
      ).render(in: rect, into: &buffer) + 1
    buffer.write(
      truncating: checkout.localisation.text(.choosePaymentMethod), x: rect.x, y: y, role: .title,
      maxWidth: rect.width)
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
      buffer.addClickTarget(row, tag: ScreenTarget.method(index).tag)
      buffer.write(selected ? "▸" : " ", x: rect.x, y: y, role: role)
      buffer.write("\(index + 1) \(checkout.localisation.name(of: method))", x: rect.x + 2, y: y, role: role)
      if method == .applePay, let configuration = checkout.scenario.applePay {
        applePayRow(
          configuration, state: checkout.applePayState, selected: selected, y: y, in: rect, into: &buffer)
        y += 1
        continue
      }
      let detail = detail(for: method, scenario: checkout.scenario, localisation: checkout.localisation)
      buffer.write(
        truncating: detail, x: rect.x + 16, y: y, role: selected ? .selected : .muted,
        maxWidth: rect.width - 17)
      y += 1
    }
    renderFooter(from: y, in: rect, into: &buffer)
  }

  /// The Apple Pay row: the scenario's button when ready, the set-up button without cards, and the method's
  /// state otherwise.
  private func applePayRow(
    _ configuration: ApplePayConfiguration, state: ApplePayMethodState?, selected: Bool, y: Int,
    in rect: Rect,
    into buffer: inout ScreenBuffer
  ) {
    let area = Rect(x: rect.x + 16, y: y, width: rect.width - 17, height: 1)
    var button = configuration.button
    let shopper = model.checkout.localisation
    let text: String
    switch state {
    case nil, .ready?:
      text = ""
    case .needsSetUp?:
      button.type = .setUp
      text = ""
    // The shopper's words for the state; the API call and codes beside them stay as the SDK writes them.
    case .checkingDevice?: text = shopper.text(.methodCheckingDevice) + " (hasUI false)"
    case .preparing?: text = shopper.text(.methodPreparing) + " (POST /init)"
    case .noUI?: text = shopper.text(.methodNoButton) + " (hasUI false)"
    case .partnerUIFatalError?: text = shopper.text(.methodUnavailable, "PARTNER_UI_FATAL_ERROR")
    case .pluginIncompatible?: text = ""
    }
    guard text.isEmpty else {
      let role: StyleRole = selected ? .selected : (state?.hasUI == false ? .muted : .error)
      buffer.write(truncating: text, x: area.x, y: y, role: role, maxWidth: area.width)
      return
    }
    ApplePayButtonView(
      appearance: button, darkAppearance: model.darkAppearance, localisation: model.checkout.localisation
    ).button
      .renderCompact(in: area, into: &buffer)
  }

  /// The highlighted Apple Pay element's details, the merchant's notice or a refusal, under the list.
  private func renderFooter(from top: Int, in rect: Rect, into buffer: inout ScreenBuffer) {
    let checkout = model.checkout
    var y = top + 1
    let applePayHighlighted =
      checkout.methods.indices.contains(model.highlightedMethod)
      && checkout.methods[model.highlightedMethod] == .applePay
    if applePayHighlighted, let state = checkout.applePayState, y < rect.maxY {
      let details = [
        state.name, "isReady \(state.isReady)", "hasUI \(state.hasUI)",
        "selfSubmitting \(state.selfSubmitting)",
      ]
      for line in WrappedText.lines(packing: details, separator: " · ", width: rect.width - 2)
      where y < rect.maxY {
        buffer.write(line, x: rect.x + 2, y: y, role: .muted)
        y += 1
      }
    }
    if applePayHighlighted, let consent = checkout.scenario.applePay?.button.consent {
      for line in WrappedText.lines("Consent: \(consent.text)", width: rect.width - 2) where y < rect.maxY {
        buffer.write(line, x: rect.x + 2, y: y, role: .normal)
        y += 1
      }
    }
    if checkout.isAwaitingMerchant, y < rect.maxY {
      buffer.write(
        truncating: checkout.localisation.text(.waitingForMerchant, "onBeforeSubmit"), x: rect.x, y: y,
        role: .notice, maxWidth: rect.width)
    } else if let notice = checkout.notice {
      for line in WrappedText.lines("⚠ " + notice, width: rect.width) where y < rect.maxY {
        buffer.write(line, x: rect.x, y: y, role: .notice)
        y += 1
      }
    }
  }

  private func detail(
    for method: DropInPaymentMethod, scenario: Scenario, localisation: Localisation
  ) -> String {
    let funding = scenario.session.allowedFundingTypes
    switch method {
    case .card:
      return funding.acceptedSchemes.map(\.shortName).joined(separator: " · ")
    case .paypal:
      let options = funding.wallets.paypal?.allowedFundingOptions ?? []
      return options.contains("paylater") ? "PayPal · " + localisation.text(.payLater) : "PayPal"
    case .applePay:
      return funding.wallets.applePay?.merchantName ?? ""
    case .paze:
      return localisation.text(.pazeWallet)
    }
  }
}
