import CheckoutEngine
import TerminalUI

/// The simulated Apple Pay sheet: the rows (card, shipping contact and method, coupon) with their inline
/// errors, the summary items ending with "Pay <merchant>", and the pay row; choosers, the coupon entry and the
/// biometric prompt draw over it.
struct ApplePaySheetView {
  var model: AppModel

  /// Room for the longest row label ("Service Pickup method").
  static let labelWidth = 21
  /// Where the rows' values start.
  static let valueColumn = labelWidth + 3

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    guard let sheet = model.checkout.applePaySheet, let configuration = model.checkout.scenario.applePay
    else { return }
    let money = MoneyFormatter(locale: model.checkout.scenario.locale)
    let text = model.checkout.localisation
    var y = rect.y
    let escape = escapeLabel(sheet.phase).map { text.text($0) + " (Esc)" } ?? ""
    let escapeWidth = DisplayWidth.of(escape)
    buffer.write(
      truncating: configuration.paymentDescription.isEmpty ? "Apple Pay" : configuration.paymentDescription,
      x: rect.x, y: y, role: .title, maxWidth: rect.width - escapeWidth - 2)
    buffer.write(escape, x: rect.maxX - escapeWidth, y: y, role: .key)
    y += 1
    // A notice on the sheet is the merchant hook's failure to answer onPreAuthorisation.
    let problems = [sheet.configurationProblem, sheet.updateProblem, model.checkout.notice]
    for problem in problems.compactMap({ $0 }) {
      for line in WrappedText.lines(problem, width: rect.width).prefix(2) {
        buffer.write(line, x: rect.x, y: y, role: .error)
        y += 1
      }
    }
    if rect.height >= 14 { y += 1 }
    for row in SheetRow.rows(for: configuration) where y < rect.maxY - 3 || row == .pay {
      // The pay row always shows, over the last line of the rows above it if space runs out (but not over
      // an open chooser, which the shopper is reading).
      if row == .pay {
        if y > rect.maxY - 3 && model.sheetChooser != nil { continue }
        y = min(y, rect.maxY - 3)
      }
      let selected = row == model.sheetRow && sheet.phase == .reviewing
      let role: StyleRole = selected ? .selected : .normal
      let (label, value) = describe(row, sheet: sheet, configuration: configuration, money: money)
      let pending = isPending(row, sheet.pendingUpdate)
      // A value too long for its line goes on to a second one where the sheet has room, rather than be cut.
      let valueLines =
        row == .pay
        ? [""]
        : Self.lines(
          pending ? text.text(.updating) : value, width: rect.width - Self.valueColumn - 2,
          limit: rect.height >= 24 ? 3 : 1)
      let height = valueLines.count
      if selected { buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: height), role: .selected) }
      buffer.addClickTarget(
        Rect(x: rect.x, y: y, width: rect.width, height: height), tag: ScreenTarget.sheetRow(row).tag)
      if row == .pay {
        let blocker = sheet.authorisationBlocker(configuration, localisation: text)
        var pay =
          blocker.map { text.text(.cannotPayYet, $0) }
          ?? text.text(.payWith, text.name(of: sheet.authentication))
        if sheet.phase == .processing {
          let frame = ProcessingView.frames[model.spinnerFrame % ProcessingView.frames.count]
          pay = "\(frame) \(text.text(.sheetProcessing)) (onPreAuthorisation, then the gateway)"
        }
        buffer.write(selected ? "▸" : " ", x: rect.x, y: y, role: role)
        buffer.write(
          truncating: pay, x: rect.x + 2, y: y,
          role: selected ? .selected : (blocker == nil ? .applePayButton : .muted), maxWidth: rect.width - 2)
        y += 1
        continue
      }
      buffer.write(selected ? "▸" : " ", x: rect.x, y: y, role: role)
      buffer.write(label, x: rect.x + 2, y: y, role: selected ? .selected : .muted, maxWidth: Self.labelWidth)
      buffer.write("›", x: rect.maxX - 1, y: y, role: role)
      for line in valueLines {
        buffer.write(line, x: rect.x + Self.valueColumn, y: y, role: role)
        y += 1
      }
      let contactRowShown = SheetRow.rows(for: configuration).contains(.contact)
      var messages = errors(for: row, in: sheet, contactRowShown: contactRowShown).map(\.message)
      let missing = sheet.missingContactFields(configuration).filter { field in
        let isContactField = field == .emailAddress || field == .phoneNumber
        return row == (isContactField && contactRowShown ? .contact : .shippingContact)
      }
      messages = missing.map { ApplePaySheet.prompt(for: $0, localisation: text) } + messages
      if row == .card, let billing = sheet.billingProblem(configuration, localisation: text) {
        messages.insert(billing, at: 0)
      }
      for message in messages where y < rect.maxY - 3 {
        buffer.write(
          truncating: "⚠ " + message, x: rect.x + Self.valueColumn, y: y, role: .error,
          maxWidth: rect.width - Self.valueColumn)
        y += 1
      }
      if row == model.sheetRow, model.sheetChooser != nil || (row == .coupon && model.couponDraft != nil) {
        y = renderEditor(for: row, sheet: sheet, configuration: configuration, at: y, in: rect, into: &buffer)
      }
    }
    for (label, lines) in billingRequests(configuration, money: money) where y < rect.maxY - 3 {
      y += 1
      buffer.write(label, x: rect.x + 2, y: y, role: .muted, maxWidth: Self.labelWidth)
      // A short terminal shows the schedule alone ("$14.99 every month starting Dec 29").
      let shownLines =
        rect.height < 14 ? Array(lines.enumerated()).filter { $0.offset == 1 } : Array(lines.enumerated())
      for (offset, line) in shownLines {
        let wrapped = WrappedText.lines(line, width: rect.width - Self.valueColumn)
        for text in wrapped where y < rect.maxY - 3 {
          buffer.write(
            text, x: rect.x + Self.valueColumn, y: y,
            role: offset == 1 ? .total : (offset == 0 ? .normal : .muted))
          y += 1
        }
      }
    }
    renderSummary(sheet.summaryItems, from: y, in: rect, money: money, payee: text, into: &buffer)
    if case .authenticating(let step) = sheet.phase {
      renderPrompt(step, in: rect, into: &buffer)
    }
  }

  /// The summary under a rule, the total always on screen: when the rows leave too little room, the first
  /// items give way, never the total.
  private func renderSummary(
    _ items: [SummaryItem], from top: Int, in rect: Rect, money: MoneyFormatter, payee text: Localisation,
    into buffer: inout ScreenBuffer
  ) {
    // A blank line before the rule when everything fits with it.
    let top = rect.maxY - top >= items.count + 2 ? top + 1 : top
    let room = max(2, rect.maxY - top)
    let shown = items.suffix(room - 1)
    var y = max(rect.y, min(top, rect.maxY - shown.count - 1))
    buffer.write(repeating: "─", count: rect.width, x: rect.x, y: y, role: .border)
    if shown.count < items.count {
      buffer.write(
        " \(items.count - shown.count) more \(items.count - shown.count == 1 ? "line" : "lines"): enlarge to see ",
        x: rect.x + 2, y: y, role: .muted)
    }
    y += 1
    for (offset, item) in shown.enumerated() {
      let isTotal = offset == shown.count - 1
      let label = isTotal ? text.text(.payMerchant, item.label) : item.label
      let amount = item.type == .pending ? "" : money.string(for: item.amount)
      let role: StyleRole = isTotal ? .total : .normal
      LabeledValue(label, amount, labelRole: role, valueRole: role)
        .render(in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
      y += 1
    }
  }

  /// Recurring, deferred and automatic-reload requests as the sheet shows them: the description, the
  /// schedule ("$14.99 every month starting Dec 29"), the billing agreement and where to manage it.
  private func billingRequests(_ configuration: ApplePayConfiguration, money: MoneyFormatter)
    -> [(String, [String])]
  {
    let text = model.checkout.localisation
    let recurring = configuration.recurringRequest.map {
      (text.text(RecurringBilling.kind), $0.lines(money, text))
    }
    let deferred = configuration.deferredPaymentRequest.map {
      (text.text(DeferredBilling.kind), $0.lines(money, text))
    }
    let reload = configuration.automaticReloadPaymentRequest.map {
      (text.text(AutomaticReloadBilling.kind), $0.lines(money, text))
    }
    return [recurring, deferred, reload].compactMap { $0 }
  }

  private func isPending(_ row: SheetRow, _ pending: ApplePaySheet.PendingUpdate?) -> Bool {
    switch (row, pending) {
    case (.card, .paymentMethod?), (.shippingContact, .shippingContact?), (.contact, .shippingContact?),
      (.shippingMethod, .shippingMethod?),
      (.coupon, .couponCode?):
      return true
    default: return false
    }
  }

  /// A row's label and value, in the shopper's language (the merchant's and the Wallet's data as they are).
  private func describe(
    _ row: SheetRow, sheet: ApplePaySheet, configuration: ApplePayConfiguration, money: MoneyFormatter
  ) -> (String, String) {
    let text = model.checkout.localisation
    let type = configuration.shippingType
    switch row {
    case .card:
      return (text.text(.card), sheet.card.map(text.describe) ?? text.text(.addCard))
    case .shippingContact:
      let contact = sheet.shippingContact
      let value = [contact?.name, contact?.postalAddress?.singleLine].compactMap { $0 }.joined(
        separator: ", ")
      return (text.addressLabel(for: type), value.isEmpty ? text.addAddress(for: type) : value)
    case .shippingMethod:
      guard let method = sheet.shippingMethod else {
        return (text.methodLabel(for: type), text.text(.noneAvailable))
      }
      return (
        text.methodLabel(for: type),
        method.line(money)
      )
    case .contact:
      let parts = [sheet.shippingContact?.emailAddress, sheet.shippingContact?.phoneNumber].compactMap { $0 }
      return (
        text.text(.contact), parts.isEmpty ? text.text(.addContactDetails) : parts.joined(separator: " · ")
      )
    case .coupon:
      return (text.text(.coupon), sheet.couponCode.isEmpty ? text.text(.addCouponCode) : sheet.couponCode)
    case .pay:
      return ("", "")
    }
  }

  private func errors(for row: SheetRow, in sheet: ApplePaySheet, contactRowShown: Bool) -> [SheetError] {
    sheet.errors.filter { error in
      switch error.kind {
      case .couponCodeInvalid: return row == .coupon
      case .billingAddressInvalid: return row == .card
      case .shippingAddressInvalid, .addressUnserviceable: return row == .shippingContact
      case .contactInvalid: return row == (contactRowShown ? .contact : .shippingContact)
      }
    }
  }

  /// A value on at most `limit` lines of `width`, broken at spaces; only what still does not fit is cut, with
  /// "…" at the end of the last line.
  static func lines(_ text: String, width: Int, limit: Int) -> [String] {
    guard width > 1 else { return [""] }
    let lines = WrappedText.lines(text, width: width)
    guard lines.count > limit else { return lines.isEmpty ? [""] : lines }
    if limit == 1 { return [WrappedText.prefix(text, width: width - 1) + "…"] }
    let kept = Array(lines.prefix(limit - 1))
    let rest = lines.dropFirst(limit - 1).joined(separator: " ")
    return kept + [WrappedText.prefix(rest, width: width - 1) + "…"]
  }

  /// The chooser's options or the coupon entry under the row; returns the next free line.
  private func renderEditor(
    for row: SheetRow, sheet: ApplePaySheet, configuration: ApplePayConfiguration, at top: Int, in rect: Rect,
    into buffer: inout ScreenBuffer
  ) -> Int {
    var y = top
    if row == .coupon, let draft = model.couponDraft {
      buffer.fill(
        Rect(
          x: rect.x + Self.valueColumn, y: y, width: min(26, rect.width - Self.valueColumn - 2), height: 1),
        role: .focused)
      buffer.write(draft + "▁", x: rect.x + Self.valueColumn + 1, y: y, role: .focused, maxWidth: 24)
      return y + 1
    }
    let options = SheetChoices.options(for: row, checkout: model.checkout)
    // ▸ is where the cursor is; ● the option chosen now, ○ the others.
    let chosen = SheetChoices.selectedIndex(for: row, checkout: model.checkout)
    // Each option on as many lines (up to three) as leave room for every option, and for the pay row.
    let width = rect.width - Self.valueColumn - 4
    let room = rect.maxY - 2 - y - 4
    let wrapped =
      [3, 2].lazy.map { limit in options.map { Self.lines($0, width: width, limit: limit) } }
      .first { $0.reduce(0) { $0 + $1.count } <= room }
      ?? options.map { Self.lines($0, width: width, limit: 1) }
    for index in options.indices where y < rect.maxY - 2 {
      let highlighted = index == model.sheetChooser
      let x = rect.x + Self.valueColumn
      buffer.write(highlighted ? "▸" : " ", x: x, y: y, role: .focused)
      buffer.write(index == chosen ? "●" : "○", x: x + 2, y: y, role: index == chosen ? .focused : .muted)
      for line in wrapped[index] where y < rect.maxY - 2 {
        buffer.write(line, x: x + 4, y: y, role: highlighted ? .focused : .normal)
        y += 1
      }
    }
    return y
  }

  /// What Esc does, as the sheet's corner says it: cancel the sheet from its rows; back to them from a
  /// chooser, the coupon entry, the prompt or the passcode; nothing while the sheet processes.
  private func escapeLabel(_ phase: ApplePaySheet.Phase) -> ShopperText? {
    switch phase {
    case .processing: return nil
    case .authenticating: return .back
    case .reviewing: return model.sheetChooser != nil || model.couponDraft != nil ? .back : .cancel
    }
  }

  /// The simulated Face ID / Touch ID / passcode prompt, drawn over the sheet.
  private func renderPrompt(
    _ step: ApplePaySheet.AuthenticationStep, in rect: Rect, into buffer: inout ScreenBuffer
  ) {
    let text = model.checkout.localisation
    let kind = text.name(of: model.checkout.applePaySheet?.authentication ?? .faceID)
    // The simulator's keys in a column, what they do in the shopper's language.
    func key(_ key: String, _ action: ShopperText, _ arguments: String...) -> String {
      let action = arguments.first.map { text.text(action, $0) } ?? text.text(action)
      return key.padding(toLength: 7, withPad: " ", startingAt: 0) + action
    }
    let cancel = (key("Esc", .keyCancel), StyleRole.muted)
    let lines: [(String, StyleRole)]
    switch step {
    case .biometric:
      lines = [
        (text.text(.confirmWith, kind), .title), (key("Enter", .keyRecognised), .normal),
        (key("n", .keyNotRecognised), .normal), (key("p", .keyUsePasscode), .normal), cancel,
      ]
    case .notRecognised:
      lines = [
        (text.text(.notRecognised, kind), .error), (key("Enter", .keyTryAgain, kind), .normal),
        (key("p", .keyEnterPasscode), .normal), cancel,
      ]
    case .passcode:
      let dots =
        String(repeating: "●", count: model.passcodeDraft.count)
        + String(repeating: "○", count: 6 - model.passcodeDraft.count)
      lines = [
        (text.text(.enterPasscode), .title), (dots, .focused),
        model.passcodeProblem.map { ($0, StyleRole.error) } ?? (text.text(.passcodeDigits), .normal), cancel,
      ]
    }
    // As wide as its longest line needs (a translation may be longer than the English), never narrower
    // than the English prompt's box.
    let widest = lines.map { DisplayWidth.of($0.0) }.max() ?? 0
    let width = min(rect.width, max(34, widest + 4))
    let box = Rect(
      x: rect.x + (rect.width - width) / 2, y: rect.maxY - lines.count - 2, width: width,
      height: lines.count + 2)
    buffer.fill(box, role: .normal)
    let inner = Frame(title: "Apple Pay", role: .border).render(in: box, into: &buffer).inset(by: 1, 0)
    for (offset, line) in lines.enumerated() {
      buffer.write(truncating: line.0, x: inner.x, y: inner.y + offset, role: line.1, maxWidth: inner.width)
    }
  }
}
