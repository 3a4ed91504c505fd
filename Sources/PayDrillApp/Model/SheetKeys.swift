import CheckoutEngine
import TerminalUI

/// The keys of the Apple Pay sheet: rows, choosers, the coupon entry and the simulated biometric prompt.
enum SheetKeys {
  /// What a key on the sheet does: an engine action, or nothing beyond the model's own state.
  static func handle(_ key: KeyEvent, in model: inout AppModel) -> CheckoutAction? {
    guard let sheet = model.checkout.applePaySheet, let configuration = model.checkout.scenario.applePay
    else {
      return nil
    }
    switch sheet.phase {
    case .processing:
      return nil
    case .authenticating(let step):
      return authenticationKey(key, step: step, in: &model)
    case .reviewing:
      break
    }
    if model.couponDraft != nil { return couponKey(key, in: &model) }
    if let highlighted = model.sheetChooser {
      return chooserKey(key, highlighted: highlighted, sheet: sheet, configuration: configuration, in: &model)
    }
    let rows = SheetRow.rows(for: configuration)
    let index = rows.firstIndex(of: model.sheetRow) ?? 0
    switch key {
    case .up, .backTab, .character("k"):
      model.sheetRow = rows[max(0, index - 1)]
    case .down, .tab, .character("j"):
      model.sheetRow = rows[min(rows.count - 1, index + 1)]
    case .escape:
      return .cancelSheet
    case .character("t"):
      return .switchAuthentication
    case .enter, .right:
      guard sheet.pendingUpdate == nil else { return nil }
      switch model.sheetRow {
      case .pay: return .requestAuthorisation
      case .coupon: model.couponDraft = sheet.couponCode
      case .card, .shippingContact, .shippingMethod, .contact:
        let options = SheetChoices.options(for: model.sheetRow, checkout: model.checkout)
        guard !options.isEmpty else { return nil }
        model.sheetChooser = SheetChoices.selectedIndex(for: model.sheetRow, checkout: model.checkout)
      }
    default:
      break
    }
    return nil
  }

  private static func chooserKey(
    _ key: KeyEvent, highlighted: Int, sheet: ApplePaySheet, configuration: ApplePayConfiguration,
    in model: inout AppModel
  ) -> CheckoutAction? {
    let count = SheetChoices.options(for: model.sheetRow, checkout: model.checkout).count
    switch key {
    case .up, .character("k"): model.sheetChooser = max(0, highlighted - 1)
    case .down, .character("j"): model.sheetChooser = min(count - 1, highlighted + 1)
    case .escape, .left: model.sheetChooser = nil
    case .enter:
      model.sheetChooser = nil
      switch model.sheetRow {
      case .card: return .selectCard(highlighted)
      case .shippingContact, .contact: return .selectShippingContact(highlighted)
      case .shippingMethod:
        guard sheet.shippingMethods.indices.contains(highlighted) else { return nil }
        return .selectShippingMethod(sheet.shippingMethods[highlighted].identifier)
      case .coupon, .pay: return nil
      }
    default: break
    }
    return nil
  }

  private static func couponKey(_ key: KeyEvent, in model: inout AppModel) -> CheckoutAction? {
    switch key {
    case .escape: model.couponDraft = nil
    case .backspace, .delete: model.couponDraft = String((model.couponDraft ?? "").dropLast())
    case .enter:
      let code = model.couponDraft ?? ""
      model.couponDraft = nil
      return .enterCouponCode(code)
    case .character(let character) where !character.isNewline && (model.couponDraft ?? "").count < 24:
      // As typed: onCouponCodeChanged receives "the coupon code entered by the customer".
      model.couponDraft = (model.couponDraft ?? "") + String(character)
    default: break
    }
    return nil
  }

  private static func authenticationKey(
    _ key: KeyEvent, step: ApplePaySheet.AuthenticationStep, in model: inout AppModel
  ) -> CheckoutAction? {
    if step == .passcode {
      model.passcodeProblem = nil
      switch key {
      case .escape:
        model.passcodeDraft = ""
        return .authenticate(.cancelled)
      case .backspace: model.passcodeDraft = String(model.passcodeDraft.dropLast())
      case .enter where model.passcodeDraft.count < 4:
        // PassKit takes 4 to 6 digits: say so rather than let Enter do nothing.
        model.passcodeProblem = model.checkout.localisation.text(.passcodeTooShort)
      case .enter:
        defer { model.passcodeDraft = "" }
        return .authenticate(.passcode(model.passcodeDraft))
      case .character(let digit) where digit.isASCII && digit.isNumber && model.passcodeDraft.count < 6:
        model.passcodeDraft.append(digit)
      default: break
      }
      return nil
    }
    switch key {
    case .enter: return .authenticate(.recognised)
    case .character("n"): return .authenticate(.notRecognised)
    case .character("p"): return .authenticate(.usePasscode)
    case .escape: return .authenticate(.cancelled)
    default: return nil
    }
  }
}
