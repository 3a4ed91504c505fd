import CheckoutEngine
import TerminalUI

/// The tables of the Apple Pay sheet: its rows, a row's chooser, the coupon entry, the Face ID or Touch ID
/// prompt and the passcode.
extension KeyTable {
  /// The sheet's rows. While the sheet processes, it lists the same keys and they wait.
  static let applePaySheet = KeyTable(
    mode: "The Apple Pay sheet",
    bindings: [
      .changing(
        .these([.up, .backTab, .key("k"), .down, .tab, .key("j")]),
        help: KeyHelp.Entry(keys: "↑↓", action: "rows"), explained: "moves between the rows",
        when: isReviewing
      ) { key, model in
        guard let configuration = model.checkout.scenario.applePay else { return }
        let rows = SheetRow.rows(for: configuration)
        let index = rows.firstIndex(of: model.sheetRow) ?? 0
        model.sheetRow =
          [.up, .backTab, .key("k")].contains(key)
          ? rows[max(0, index - 1)] : rows[min(rows.count - 1, index + 1)]
      },
      KeyBinding(
        [.enter, .right], help: KeyHelp.Entry(keys: "Enter", action: "change / pay"),
        explained:
          "on Card, Shipping, Shipping method or Contact: opens its chooser. On Coupon: opens the coupon entry. On Pay: shows the prompt, if nothing blocks paying (an update awaited)",
        when: isReviewing
      ) {
        _, model, context in
        guard let sheet = model.checkout.applePaySheet, sheet.pendingUpdate == nil else { return [] }
        switch model.sheetRow {
        case .pay: return AppReducer.send(.requestAuthorisation, to: &model, context: context)
        case .coupon: model.couponDraft = sheet.couponCode
        case .card, .shippingContact, .shippingMethod, .contact:
          guard !SheetChoices.options(for: model.sheetRow, checkout: model.checkout).isEmpty else {
            return []
          }
          model.sheetChooser = SheetChoices.selectedIndex(for: model.sheetRow, checkout: model.checkout)
        }
        return []
      },
      .sending(
        [.escape], .cancelSheet,
        help: KeyHelp.Entry(keys: "Esc", action: "cancel the sheet", short: "cancel"),
        explained:
          "cancels the sheet: `onCancel`, back to the method list (\"Apple Pay was closed; nothing was charged.\")",
        when: isReviewing),
      .sending(
        [.key("t")], .switchAuthentication,
        help: KeyHelp.Entry(keys: "t", action: "Face ID / Touch ID / passcode", short: "auth"),
        explained:
          "switches the simulated device: Face ID → Touch ID → passcode → Face ID (the scenario's `authentication` sets the start)",
        when: isReviewing),
      .note(
        KeyHelp.Entry(keys: "n p", action: "prompt: no match / passcode", short: "prompt"),
        explained:
          "the prompt's keys, once Pay shows it: see the prompt below. While the sheet processes, its keys wait; Escape does not cancel"
      ),
    ], shared: screenTail(typing: false))

  private static let isReviewing: @Sendable (AppModel) -> Bool = {
    $0.checkout.applePaySheet?.phase == .reviewing && $0.checkout.scenario.applePay != nil
  }

  /// A row's chooser (Card, Shipping, Shipping method, Contact): ▸ moves, Enter picks.
  static let chooser = KeyTable(
    mode: "A sheet row's chooser",
    bindings: [
      .changing(
        .these([.up, .key("k"), .down, .key("j")]), help: KeyHelp.Entry(keys: "↑↓", action: "choose"),
        explained:
          "moves the cursor (▸); ● marks the option chosen now, ○ the others. The Contact chooser lists each contact's email and phone"
      ) {
        key, model in
        guard let highlighted = model.sheetChooser else { return }
        let count = SheetChoices.options(for: model.sheetRow, checkout: model.checkout).count
        model.sheetChooser =
          [.up, .key("k")].contains(key) ? max(0, highlighted - 1) : min(count - 1, highlighted + 1)
      },
      KeyBinding(
        [.enter], help: KeyHelp.Entry(keys: "Enter", action: "pick this option", short: "pick"),
        explained: "picks the option and closes the chooser; its callback fires"
      ) { _, model, context in
        guard let highlighted = model.sheetChooser, let sheet = model.checkout.applePaySheet else {
          return []
        }
        model.sheetChooser = nil
        let action: CheckoutAction
        switch model.sheetRow {
        case .card: action = .selectCard(highlighted)
        case .shippingContact, .contact: action = .selectShippingContact(highlighted)
        case .shippingMethod:
          guard sheet.shippingMethods.indices.contains(highlighted) else { return [] }
          action = .selectShippingMethod(sheet.shippingMethods[highlighted].identifier)
        case .coupon, .pay: return []
        }
        return AppReducer.send(action, to: &model, context: context)
      },
      .changing(
        .these([.escape, .left]),
        help: KeyHelp.Entry(keys: "Esc", action: "back to the sheet", short: "back"),
        explained: "closes the chooser, back to the sheet's rows; nothing changes and the sheet stays open"
      ) { _, model in
        model.sheetChooser = nil
      },
    ], shared: screenTail(typing: false))

  /// The sheet's controls where its keys are text or digits: the control keys stand in for `e` and `s`.
  private static let sheetControls: [KeyBinding] = [.eventsAnywhere, .screenshotAnywhere]

  /// The coupon entry: a letter is text, never a command.
  static let couponEntry = KeyTable(
    mode: "Coupon entry",
    bindings: [
      .changing(
        .text, help: KeyHelp.Entry(keys: "", action: "type the coupon code", short: "code"),
        explained:
          "edits the code (as typed: the merchant gets it in its case, and the scenario's codes match whatever the case; up to 24 characters, starting from the current code)"
      ) {
        key, model in
        // As typed: onCouponCodeChanged receives "the coupon code entered by the customer".
        guard case .character(let character) = key, !character.isNewline, let draft = model.couponDraft,
          draft.count < 24
        else { return }
        model.couponDraft = draft + String(character)
      },
      KeyBinding(
        [.enter], help: KeyHelp.Entry(keys: "Enter", action: "apply"),
        explained: "applies it: `onCouponCodeChanged`. An empty code removes the coupon"
      ) { _, model, context in
        let code = model.couponDraft ?? ""
        model.couponDraft = nil
        return AppReducer.send(.enterCouponCode(code), to: &model, context: context)
      },
      .changing(
        .these([.escape]),
        help: KeyHelp.Entry(keys: "Esc", action: "discard, back to the sheet", short: "back"),
        explained:
          "discards the draft, back to the sheet's rows; the coupon applied stays and the sheet stays open"
      ) {
        _, model in
        model.couponDraft = nil
      },
      .changing(
        .these([.backspace, .delete]), help: KeyHelp.Entry(keys: "Backspace", action: "delete"),
        explained: "deletes the code's last character"
      ) {
        _, model in model.couponDraft = String((model.couponDraft ?? "").dropLast())
      },
    ], shared: sheetControls)

  /// The passcode, after `p` at the prompt (PassKit takes 4 to 6 digits).
  static let passcode = KeyTable(
    mode: "Passcode",
    bindings: [
      typingPasscode(
        .digits, help: KeyHelp.Entry(keys: "0-9", action: "passcode (4 to 6 digits)", short: "passcode"),
        explained: "types the passcode (up to 6 digits)"
      ) { key, model, _ in
        if case .character(let digit) = key, model.passcodeDraft.count < 6 {
          model.passcodeDraft.append(digit)
        }
        return []
      },
      typingPasscode(
        [.enter], help: KeyHelp.Entry(keys: "Enter", action: "confirm"),
        explained:
          "4 to 6 digits: the payment goes on. Fewer: \"At least 4 digits, then Enter\", and the digits stay to finish"
      ) { _, model, context in
        guard model.passcodeDraft.count >= 4 else {
          // Say so rather than let Enter do nothing.
          model.passcodeProblem = model.checkout.localisation.text(.passcodeTooShort)
          return []
        }
        let passcode = model.passcodeDraft
        model.passcodeDraft = ""
        return AppReducer.send(.authenticate(.passcode(passcode)), to: &model, context: context)
      },
      typingPasscode(
        [.escape], help: KeyHelp.Entry(keys: "Esc", action: "back to the sheet", short: "back"),
        explained: "back to the sheet's rows, the digits dropped; the sheet stays open"
      ) { _, model, context in
        model.passcodeDraft = ""
        return AppReducer.send(.authenticate(.cancelled), to: &model, context: context)
      },
      typingPasscode(
        [.backspace], help: KeyHelp.Entry(keys: "Backspace", action: "delete"),
        explained: "deletes the passcode's last digit"
      ) { _, model, _ in
        model.passcodeDraft = String(model.passcodeDraft.dropLast())
        return []
      },
      // Any other key clears the problem too: typing again is how one answers it.
      KeyBinding(.any, help: nil, explained: "does nothing but clear \"At least 4 digits\"") { _, model, _ in
        model.passcodeProblem = nil
        return []
      },
    ], shared: [.keys] + sheetControls)

  /// A key at the passcode: whatever it does, the problem shown for the last Enter goes.
  private static func typingPasscode(
    _ keys: KeyBinding.Keys, help: KeyHelp.Entry, explained explanation: String,
    perform: @escaping KeyBinding.Perform
  ) -> KeyBinding {
    KeyBinding(keys, help: help, explained: explanation) { key, model, context in
      model.passcodeProblem = nil
      return perform(key, &model, context)
    }
  }

  private static func typingPasscode(
    _ keys: [KeyEvent], help: KeyHelp.Entry, explained explanation: String,
    perform: @escaping KeyBinding.Perform
  ) -> KeyBinding {
    typingPasscode(.these(keys), help: help, explained: explanation, perform: perform)
  }

  /// The Face ID or Touch ID prompt (and its "not recognised").
  static let prompt = KeyTable(
    mode: "Face ID or Touch ID prompt",
    bindings: [
      .sending(
        [.enter], .authenticate(.recognised), help: KeyHelp.Entry(keys: "Enter", action: "recognised"),
        explained:
          "Face ID / Touch ID recognised: the payment goes on. After \"not recognised\", Enter tries again"),
      .sending(
        [.key("n")], .authenticate(.notRecognised), help: KeyHelp.Entry(keys: "n", action: "not recognised")),
      .sending(
        [.key("p")], .authenticate(.usePasscode),
        help: KeyHelp.Entry(keys: "p", action: "use passcode", short: "passcode")),
      .sending(
        [.escape], .authenticate(.cancelled),
        help: KeyHelp.Entry(keys: "Esc", action: "back to the sheet", short: "back"),
        explained: "back to the sheet's rows, no callback; the sheet stays open"),
    ],
    shared: [.keys] + sheetControls
      + [KeyBinding.screenshot, .history, .events, .browseEvents].map(\.unlisted))
}
