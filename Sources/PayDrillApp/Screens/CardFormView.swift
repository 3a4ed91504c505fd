import CheckoutEngine
import TerminalUI

/// The card form: number, expiry, security code, name (and the billing postcode when the merchant verifies
/// addresses), each with its error, and the Pay and Back buttons.
struct CardFormView {
  var model: AppModel

  static let labelWidth = 17

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let checkout = model.checkout
    let form = checkout.cardForm
    let money = MoneyFormatter(locale: checkout.scenario.locale)
    let text = checkout.localisation
    // Read once: the heading lists them and the number's scheme is checked against them.
    let acceptedSchemes = checkout.scenario.session.allowedFundingTypes.acceptedSchemes
    // Wide enough for the locale's longest label (Japanese labels are two cells a character).
    let labelWidth = max(
      Self.labelWidth, (checkout.cardFields.map { DisplayWidth.of($0.label(in: text)) }.max() ?? 0) + 1)
    // Short terminals drop the heading lines so that every field and its error still fit.
    let compact = rect.height < 14
    var y = rect.y
    if !compact {
      buffer.write(truncating: text.text(.payByCard), x: rect.x, y: y, role: .title, maxWidth: rect.width)
      let accepted = acceptedSchemes.map(\.shortName)
      buffer.write(
        truncating: text.text(.accepted, accepted.joined(separator: " · ")), x: rect.x, y: y + 1,
        role: .muted,
        maxWidth: rect.width)
      y += 3
    }
    let boxWidth = max(8, min(26, rect.width - labelWidth - 14))
    for field in checkout.cardFields where y < rect.maxY - 1 {
      let focused = model.focus == .field(field)
      buffer.addClickTarget(
        Rect(x: rect.x, y: y, width: rect.width, height: 1), tag: ScreenTarget.field(field).tag)
      buffer.write(
        field.label(in: text), x: rect.x, y: y, role: focused ? .title : .normal, maxWidth: labelWidth - 1)
      let boxX = rect.x + labelWidth
      let value = form.displayValue(of: field) + (focused ? "▁" : "")
      let role: StyleRole = focused ? .focused : .input
      buffer.fill(Rect(x: boxX, y: y, width: boxWidth, height: 1), role: role)
      let shown = DisplayWidth.of(value) > boxWidth - 2 ? String(value.suffix(boxWidth - 2)) : value
      buffer.write(shown, x: boxX + 1, y: y, role: role, maxWidth: boxWidth - 2)
      if field == .number, let scheme = form.scheme {
        let accepted = acceptedSchemes.contains(scheme)
        // The scheme's short name ("Amex") where its full name does not fit beside the box.
        let room = rect.maxX - boxX - boxWidth - 1
        let name = DisplayWidth.of(scheme.displayName) <= room ? scheme.displayName : scheme.shortName
        buffer.write(
          truncating: name, x: boxX + boxWidth + 1, y: y, role: accepted ? .muted : .error, maxWidth: room)
      }
      y += 1
      if let error = form.errors[field] {
        // Wrapped under the box, never cut: "Security code must be 4 digits for American Express".
        for line in WrappedText.lines(error, width: rect.maxX - boxX - 1) where y < rect.maxY - 1 {
          buffer.write(line, x: boxX + 1, y: y, role: .error)
          y += 1
        }
      }
    }
    if !compact { y += 1 }
    if checkout.isAwaitingMerchant {
      buffer.write(
        truncating: text.text(.waitingForMerchant, "onBeforeSubmit"), x: rect.x, y: y, role: .notice,
        maxWidth: rect.width)
    } else if let notice = checkout.notice {
      let lines = WrappedText.lines("⚠ " + notice, width: rect.width)
      for line in lines.prefix(2) {
        buffer.write(line, x: rect.x, y: y, role: .notice)
        y += 1
      }
      y -= 1
    }
    if !compact || checkout.isAwaitingMerchant || checkout.notice != nil { y += 1 }
    let focusedButton: Int? =
      switch model.focus {
      case .payButton: 0
      case .backButton: 1
      case .field: nil
      }
    ButtonRow(
      labels: [text.text(.payAmount, money.string(for: checkout.total)), text.text(.back)],
      focused: focusedButton, tagPrefix: ScreenTarget.formButtonPrefix
    )
    .render(in: Rect(x: rect.x, y: min(y, rect.maxY - 1), width: rect.width, height: 1), into: &buffer)
  }
}
