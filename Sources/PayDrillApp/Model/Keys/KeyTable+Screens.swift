import CheckoutEngine
import TerminalUI

/// The tables of the checkout's screens.
extension KeyTable {
  /// What every screen lists last. Where letters are typed, the control keys stand in for `e` and `s`; the
  /// letters still act wherever nothing is being typed (on the card form's buttons).
  static func screenTail(typing: Bool) -> [KeyBinding] {
    let listed: [KeyBinding] =
      typing
      ? [.eventsAnywhere, .keys, .screenshotAnywhere, .quitAnywhere]
      : [.events, .keys, .browseEvents, .screenshot, .quitAnywhere]
    // The card form's buttons take `v` and `s`; `e` never acts on a screen that types.
    let unlisted: [KeyBinding] = typing ? [.browseEvents, .screenshot] : []
    return listed + (unlisted + [.history]).map(\.unlisted)
  }

  /// The table of a checkout screen (the Apple Pay sheet's own parts aside: `KeyTable.current(for:)`).
  static func screen(_ screen: CheckoutScreen, methodCount: Int) -> KeyTable {
    switch screen {
    case .methodList: return methodList(methodCount: methodCount)
    case .cardForm: return cardForm
    case .processing: return processing
    case .result(.success): return success
    case .result(.failure): return failure
    case .methodUnavailable, .applePaySetUp: return backToMethods
    case .initialisationFailed: return initialisationFailed
    case .threeDSChallenge: return threeDSChallenge
    case .payPalApproval: return payPalApproval
    case .pazeCheckout: return pazeCheckout
    case .applePaySheet: return applePaySheet
    }
  }

  /// The method list; `1-N` names as many methods as it has. The footer reads it every frame: the tables for
  /// up to nine methods are built once.
  static func methodList(methodCount: Int) -> KeyTable {
    methodLists.indices.contains(methodCount) ? methodLists[methodCount] : makeMethodList(methodCount)
  }

  private static let methodLists = (0...9).map(makeMethodList)

  private static func makeMethodList(_ methodCount: Int) -> KeyTable {
    KeyTable(
      mode: "Method list",
      bindings: [
        // The panels first: the footer is how a newcomer finds them.
        KeyBinding(
          [.enter, .right], help: KeyHelp.Entry(keys: "Enter", action: "choose method", short: "choose"),
          explained: "chooses the highlighted method"
        ) { _, model, context in
          let methods = model.checkout.methods
          guard methods.indices.contains(model.highlightedMethod) else { return [] }
          return AppReducer.send(
            .selectMethod(methods[model.highlightedMethod]), to: &model, context: context)
        },
        KeyBinding(
          .digits,
          help: KeyHelp.Entry(keys: "1-\(methodCount)", action: "choose by number", short: "by number"),
          explained: "chooses a method by its number (only numbers in the list)"
        ) { key, model, context in
          // Only the numbers of the list choose.
          guard case .character(let digit) = key, let number = digit.wholeNumberValue,
            model.checkout.methods.indices.contains(number - 1)
          else { return [] }
          model.highlightedMethod = number - 1
          return AppReducer.send(
            .selectMethod(model.checkout.methods[model.highlightedMethod]), to: &model, context: context)
        },
        .changing(
          .these([.key("g")]), help: KeyHelp.Entry(keys: "g", action: "gateway"),
          explained: "opens the [gateway panel](../guides/gateway.md#the-gateway-panel)"
        ) { _, model in
          model.gatewayPanel = 0
        },
        .history,
        .changing(
          .these([.key("d")]), help: KeyHelp.Entry(keys: "d", action: "device"),
          explained: "opens the [device panel](../guides/apple-pay.md#the-device-panel)"
        ) { _, model in
          model.devicePanel = 0
        },
        .changing(
          .these([.key("b")]), help: KeyHelp.Entry(keys: "b", action: "Apple Pay buttons", short: "buttons"),
          explained:
            "opens the [Apple Pay button gallery](../guides/apple-pay.md#the-apple-pay-button-gallery)"
        ) { _, model in
          model.gallery = ButtonGallery(
            appearance: model.checkout.scenario.applePay?.button ?? ApplePayButtonAppearance())
        },
        .changing(
          .these([.key("o")]), help: KeyHelp.Entry(keys: "o", action: "the whole order", short: "order"),
          explained:
            "opens the whole order: every item with its price (the summary keeps to its first items and \"N more items\" when the order is long, so that the methods stay on screen)"
        ) {
          _, model in model.overlay = .order(OrderList())
        },
        .copying("the session's id (what `paydrill --session ID` and your backend know it by)", help: nil) {
          $0.checkout.sessionId
        },
        .changing(
          .these([.up, .key("k"), .down, .key("j")]), help: KeyHelp.Entry(keys: "↑↓ j k", action: "move"),
          explained: "moves the highlight"
        ) {
          key, model in
          let last = max(0, model.checkout.methods.count - 1)
          model.highlightedMethod =
            [.up, .key("k")].contains(key)
            ? max(0, model.highlightedMethod - 1) : min(last, model.highlightedMethod + 1)
        },
        .quit,
      ], shared: screenTail(typing: false))
  }

  static let cardForm = KeyTable(
    mode: "Card form",
    bindings: [
      KeyBinding(
        [.tab, .down], help: KeyHelp.Entry(keys: "Tab ↓", action: "next field", short: "next"),
        explained: "next: number → expiry → security code → name → Pay → Back, then round again"
      ) {
        _, model, context in
        AppReducer.moveFocus(
          to: model.focus.next(among: model.checkout.cardFields), in: &model, context: context)
      },
      KeyBinding(
        [.backTab, .up], help: KeyHelp.Entry(keys: "S-Tab ↑", action: "previous field", short: "previous"),
        explained: "previous"
      ) { _, model, context in
        AppReducer.moveFocus(
          to: model.focus.previous(among: model.checkout.cardFields), in: &model, context: context)
      },
      KeyBinding(
        [.enter], help: KeyHelp.Entry(keys: "Enter", action: "next / press button", short: "press"),
        explained: "on a field: next field. On Pay: submits. On Back: back to the method list"
      ) {
        _, model, context in
        switch model.focus {
        case .field:
          return AppReducer.moveFocus(
            to: model.focus.next(among: model.checkout.cardFields), in: &model, context: context)
        case .payButton: return AppReducer.send(.submitCard, to: &model, context: context)
        case .backButton: return AppReducer.send(.backToMethods, to: &model, context: context)
        }
      },
      .sending(
        [.escape], .backToMethods, help: KeyHelp.Entry(keys: "Esc", action: "back to methods", short: "back"),
        explained: "back to the method list (the form is cleared)"),
      KeyBinding(
        [.backspace, .delete], help: KeyHelp.Entry(keys: "Backspace", action: "delete"),
        explained: "deletes the last character of the focused field"
      ) {
        _, model, context in
        guard let field = model.focus.field else { return [] }
        return AppReducer.send(.deleteBackward(in: field), to: &model, context: context)
      },
      KeyBinding(
        .text, help: nil,
        explained: "fills the focused field (digits only for number, expiry and security code)",
        when: { $0.focus.field != nil }
      ) { key, model, context in
        guard case .character(let character) = key, let field = model.focus.field else { return [] }
        return AppReducer.send(.type(String(character), into: field), to: &model, context: context)
      },
    ], shared: screenTail(typing: true))

  static let processing = KeyTable(
    mode: "Processing",
    bindings: [
      .note(
        KeyHelp.Entry(keys: "", action: "waiting for the gateway"), explained: "keys wait for the gateway")
    ], shared: screenTail(typing: false))

  static let success = KeyTable(
    mode: "Success",
    bindings: [
      KeyBinding(
        [.enter, .escape], help: KeyHelp.Entry(keys: "Enter", action: "new checkout"),
        explained:
          "starts a new checkout of the same scenario, in a new session and on the same device (the event log is kept). With `--session` it stays in your backend's session, now spent: a payment in it is refused (`SESSION_SPENT`). With `--serve`, waits for your backend's next session instead"
      ) { _, model, context in newCheckout(&model, context: context) },
      .copying(
        "the payment's `systemTransactionId`, what your backend verifies (`Examples/merchant-backend.py verify ID`)",
        help: KeyHelp.Entry(keys: "y", action: "copy systemTransactionId", short: "copy id")
      ) { model in
        guard case .result(.success(let receipt)) = model.checkout.screen else { return nil }
        return receipt.result.systemTransactionId
      },
      .quit,
    ], shared: screenTail(typing: false))

  static let failure = KeyTable(
    mode: "Failure",
    bindings: [
      .changing(
        .these([.up, .left, .backTab, .key("k"), .down, .right, .tab, .key("j")]),
        help: KeyHelp.Entry(keys: "←→ Tab", action: "choose"),
        explained:
          "moves between \"Try again\" and \"Choose another method\" (after a refusal that ended the session there is one button)"
      ) { key, model in
        guard !sessionEnded(model) else { return }
        model.resultChoice = [.up, .left, .backTab, .key("k")].contains(key) ? 0 : 1
      },
      KeyBinding(
        [.enter], help: KeyHelp.Entry(keys: "Enter", action: "press"),
        explained:
          "presses the highlighted button. \"Try again\" goes back to the form with what was typed, the focus on Pay when it is still valid (after Apple Pay, PayPal or Paze: to the method list). After `GATEWAY_TIMEOUT` or `NETWORK_ERROR` nobody knows whether the gateway charged, so paying again with the same method and amount is the same payment: it keeps its [idempotency key](../guides/gateway.md#the-gateway-panel) and is charged at most once. After `SESSION_SPENT` or `SESSION_EXPIRED` nothing can be paid in the session: the one button is \"Start a new checkout\" (with `--serve`: waits for your backend's next session)"
      ) { _, model, context in
        if sessionEnded(model) { return newCheckout(&model, context: context) }
        return AppReducer.send(
          model.resultChoice == 0 ? .tryAgain : .backToMethods, to: &model, context: context)
      },
      .sending(
        [.escape], .backToMethods, help: KeyHelp.Entry(keys: "Esc", action: "other method", short: "other"),
        explained: "back to the method list"),
      .quit,
    ], shared: screenTail(typing: false))

  /// "Start a new checkout": in a new session of the scenario's; with `--serve`, the backend's session is
  /// spent and the checkout waits for its next one.
  static func newCheckout(_ model: inout AppModel, context: ReduceContext) -> [AppEffect] {
    if model.backend != nil {
      model.backend?.phase = .waiting
      return []
    }
    return AppReducer.send(.startNewCheckout, to: &model, context: context)
  }

  /// Whether the failure on show ended the session (spent, expired): then only a new checkout can work.
  static func sessionEnded(_ model: AppModel) -> Bool {
    guard case .result(.failure(_, let error, _)) = model.checkout.screen else { return false }
    return error.endsTheSession
  }

  /// "Not available" and "Set up Apple Pay": back to the method list.
  static let backToMethods = KeyTable(
    mode: "\"Not available\", \"Set up Apple Pay\"",
    bindings: [
      .sending(
        [.enter, .escape], .backToMethods,
        help: KeyHelp.Entry(keys: "Enter Esc", action: "back to methods", short: "back"),
        explained: "back to the method list")
    ], shared: screenTail(typing: false))

  static let initialisationFailed = KeyTable(
    mode: "\"Unable to load checkout\"", bindings: [.quit], shared: screenTail(typing: false))

  static let threeDSChallenge = KeyTable(
    mode: "3-D Secure challenge",
    bindings: [
      .changing(
        .digits,
        help: KeyHelp.Entry(keys: "0-9", action: "one-time code (1234 passes)", short: "code (1234)"),
        explained: "types the one-time code (up to 8 digits; `1234` passes)",
        when: { $0.challengeDraft.count < 8 }
      ) { key, model in
        if case .character(let digit) = key { model.challengeDraft.append(digit) }
      },
      .changing(.these([.backspace]), help: nil, explained: "deletes the code's last digit") { _, model in
        model.challengeDraft.removeLast(min(1, model.challengeDraft.count))
      },
      KeyBinding(
        [.enter], help: KeyHelp.Entry(keys: "Enter", action: "submit"), explained: "submits the code"
      ) { _, model, context in
        AppReducer.send(.submitChallengeCode(model.challengeDraft), to: &model, context: context)
      },
      .sending(
        [.escape], .cancelChallenge, help: KeyHelp.Entry(keys: "Esc", action: "cancel"),
        explained: "cancels the challenge: `onError` `THREE_DS_CANCELLED`"),
    ], shared: screenTail(typing: true))

  static let payPalApproval = walletPage(
    mode: "PayPal approval page", count: { CheckoutReducer.payPalOptions($0.checkout).count },
    approve: { model, index in .approvePayPal(CheckoutReducer.payPalOptions(model.checkout)[index]) },
    cancel: .cancelPayPal)

  static let pazeCheckout = walletPage(
    mode: "Paze checkout", count: { _ in PazeCard.allCases.count },
    approve: { _, index in .approvePaze(PazeCard.allCases[index]) }, cancel: .cancelPaze)

  /// A wallet's page: ↑ ↓ choose an option, Enter approves it, Escape cancels.
  private static func walletPage(
    mode: String, count: @escaping @Sendable (AppModel) -> Int,
    approve: @escaping @Sendable (AppModel, Int) -> CheckoutAction, cancel: CheckoutAction
  ) -> KeyTable {
    KeyTable(
      mode: mode,
      bindings: [
        .changing(
          .these([.up, .key("k"), .down, .key("j"), .tab]), help: KeyHelp.Entry(keys: "↑↓", action: "choose"),
          explained: "moves between the options (PayPal's funding options, the Paze wallet's cards)"
        ) {
          key, model in
          model.walletChoice =
            [.up, .key("k")].contains(key)
            ? max(0, model.walletChoice - 1) : min(count(model) - 1, model.walletChoice + 1)
        },
        KeyBinding(
          [.enter], help: KeyHelp.Entry(keys: "Enter", action: "approve"),
          explained: "approves with the highlighted option",
          when: { (0..<count($0)).contains($0.walletChoice) }
        ) { _, model, context in
          AppReducer.send(approve(model, model.walletChoice), to: &model, context: context)
        },
        .sending(
          [.escape], cancel, help: KeyHelp.Entry(keys: "Esc", action: "cancel and return", short: "cancel"),
          explained:
            "cancels: PayPal with `onError` `PAYPAL_CANCELED`; Paze with no callback (\"Paze was closed; nothing was charged.\"); back to the method list"
        ),
      ], shared: screenTail(typing: false))
  }
}
