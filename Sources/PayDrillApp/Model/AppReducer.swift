import CheckoutEngine
import TerminalUI

/// The key map and the terminal's own state: turns keys into engine actions for the current screen, and keeps
/// focus and highlight in step with where the engine went.
public enum AppReducer {
  /// Ctrl-E: toggles the event pane from anywhere, even while typing.
  static let eventPaneToggle: Character = "\u{05}"
  /// Ctrl-S: saves a screenshot from anywhere, even while typing (`s` does when nothing is being typed).
  static let screenshotKey: Character = "\u{13}"

  public static func reduce(_ model: inout AppModel, _ action: AppAction, context: ReduceContext)
    -> [AppEffect]
  {
    let eventsBefore = model.checkout.events.count
    // The REC marker's time, from the clock of whatever happens (a key, an answer, its own second).
    model.recording?.observe(context.now)
    var effects = reduceAction(&model, action, context: context)
    effects += openNextSession(&model, context: context)
    // The log keeps the pane's filter's matches, reading each new event once rather than the whole log every
    // frame.
    model.checkout.events.keepMatches(of: model.eventList.filter)
    if model.checkout.events.count != eventsBefore { effects += notifyHooks(&model) }
    return effects
  }

  /// Opens the backend's latest session once the checkout can: while it waits, or on the method list with
  /// no payment under way (`--serve`).
  private static func openNextSession(_ model: inout AppModel, context: ReduceContext) -> [AppEffect] {
    // Read in place: a copy of the link (its base scenario and the next session) cost a flow more than the
    // rest of this check.
    guard let session = model.backend?.next, let isWaiting = model.backend?.isWaiting else { return [] }
    guard isWaiting || (model.checkout.screen == .methodList && model.checkout.isAtRest) else {
      return []
    }
    guard let base = model.backend?.base else { return [] }
    model.backend?.next = nil
    model.backend?.phase = .open(sessionId: session.sessionId)
    model.highlightedMethod = 0
    return send(.openSession(session.scenario(over: base)), to: &model, context: context)
  }

  /// The hooks hear of the callbacks that just fired.
  private static func notifyHooks(_ model: inout AppModel) -> [AppEffect] {
    let events = model.checkout.events
    if events.count < model.eventsNotified { model.eventsNotified = 0 }
    defer { model.eventsNotified = events.count }
    return [.notifyHooks(Array(events[model.eventsNotified...]))]
  }

  private static func reduceAction(_ model: inout AppModel, _ action: AppAction, context: ReduceContext)
    -> [AppEffect]
  {
    switch action {
    case .tick:
      if model.showsSpinner { model.spinnerFrame += 1 }
      return []
    case .recordingTick:
      return []
    case .checkout(let checkoutAction):
      // Waiting for the backend, there is no Drop-in to create yet: its session creates it.
      if model.backend?.isWaiting == true, checkoutAction == .createCheckout { return [] }
      return send(checkoutAction, to: &model, context: context)
    case .served(let exchange):
      if let session = exchange.session, model.backend != nil { model.backend?.next = session }
      return send(.backendRequest(BackendLink.details(of: exchange)), to: &model, context: context)
    case .key(let key):
      // The last screenshot's notice stays until the next key; a resize is not one.
      if case .resize = key {
      } else {
        model.footerNotice = nil
      }
      return handle(key, in: &model, context: context)
    case .captureScreen(let label):
      return capture(&model, label: label)
    case .screenshotTaken(let id, let outcome):
      switch model.takeAwaited(id, ofKind: [.screenshot, .capture]) {
      case .screenshot:
        model.footerNotice = .screenshot(outcome)
      case .capture:
        // A replay's screen stays as it was; the first failure is kept for the player to report.
        if outcome.isFailure, model.captureFailure == nil { model.captureFailure = outcome }
      case .copy, nil:
        break
      }
      return []
    case .historyLoaded(let id, let listing):
      guard let request = model.history?.request, request == id else { return [] }
      model.history?.fill(with: listing)
      return []
    case .copied(let id, let outcome):
      guard model.takeAwaited(id, ofKind: [.copy]) != nil else { return [] }
      model.footerNotice = .copy(outcome)
      return []
    case .attemptLoaded(let id, let reading):
      guard let request = model.history?.entry?.request, request == id else { return [] }
      model.history?.entry?.fill(with: reading)
      return []
    case .changeGateway(let settings):
      model.gatewaySettings = settings
      return [.configureGateway(settings.forGateway)]
    case .presentation(let presentation):
      model.presentation = presentation
      return []
    case .ledgerFailed(let warning):
      model.ledgerNotice = warning
      return []
    case .serverStopped(let stop):
      model.backend?.stopped = stop
      return []
    case .finish:
      return send(.endRun, to: &model, context: context)
    }
  }

  /// Shows or hides the event pane; hidden, its list lets go of the keys and of its selection.
  static func toggleEventPane(_ model: inout AppModel) {
    model.showsEventPane.toggle()
    if !model.showsEventPane { model.eventList = EventList() }
  }

  /// Saves the screen as a screenshot bundle.
  static func screenshot(_ model: inout AppModel) -> [AppEffect] {
    let id = model.issueAppRequest(for: .screenshot)
    return [.saveScreenshot(id, model)]
  }

  /// A key: the keys of every mode first, then the click or the current mode's table (`KeyTable.current`).
  private static func handle(_ key: KeyEvent, in model: inout AppModel, context: ReduceContext)
    -> [AppEffect]
  {
    switch key {
    case .interrupt:
      return [.quit]
    case .resize(let size):
      model.size = size
      return []
    default:
      // Behind "Terminal too small" nothing can be seen: only a resize and quitting act.
      if model.isTooSmall { return [] }
    }
    if let effects = KeyTable.everywhere.dispatch(key, in: &model, context: context) { return effects }
    if case .click(let x, let y) = key, !model.showsHelp {
      return click(atX: x, y: y, in: &model, context: context)
    }
    return KeyTable.current(for: model).dispatch(key, in: &model, context: context) ?? []
  }

  /// A click does what the keys would: highlight what was clicked, then Enter.
  private static func click(atX x: Int, y: Int, in model: inout AppModel, context: ReduceContext)
    -> [AppEffect]
  {
    guard let tag = RootView.render(model).clickTarget(atX: x, y: y), let target = ScreenTarget(tag: tag)
    else { return [] }
    // With a panel open only its rows take clicks; with the gallery, the history or a chooser open, none do.
    let panelOpen = model.gatewayPanel != nil || model.devicePanel != nil
    if case .panelRow = target {} else if panelOpen { return [] }
    if let overlay = model.overlay, !overlay.takesClicks { return [] }
    // A click on the pane gives it the keys; anywhere else gives them back to the checkout.
    if target == .eventPane {
      model.eventList.isFocused = true
      return []
    }
    model.eventList.isFocused = false
    if case .sheetRow = target, model.sheetChooser != nil || model.couponDraft != nil { return [] }
    var effects: [AppEffect] = []
    switch target {
    case .method(let index): model.highlightedMethod = index
    case .field(let field): return moveFocus(to: .field(field), in: &model, context: context)
    case .formButton(let index):
      effects = moveFocus(to: index == 0 ? .payButton : .backButton, in: &model, context: context)
    case .resultButton(let index): model.resultChoice = index
    case .sheetRow(let row): model.sheetRow = row
    case .walletOption(let index): model.walletChoice = index
    case .panelRow(let index):
      if model.gatewayPanel != nil { model.gatewayPanel = index } else { model.devicePanel = index }
    case .eventPane: return []
    }
    return effects + handle(.enter, in: &model, context: context)
  }

  static func moveFocus(to target: FormFocus, in model: inout AppModel, context: ReduceContext)
    -> [AppEffect]
  {
    var effects: [AppEffect] = []
    if let field = model.focus.field {
      effects = send(.leaveField(field), to: &model, context: context)
    }
    model.focus = target
    return effects
  }

  /// Sends an action to the engine, then puts focus and highlight where the new screen needs them.
  static func send(_ action: CheckoutAction, to model: inout AppModel, context: ReduceContext)
    -> [AppEffect]
  {
    // Kinds, not whole screens: comparing or copying a screen with its data would cost on every action.
    let before = model.checkout.screen.kind
    var wasPaid = false
    if case .result(.success) = model.checkout.screen { wasPaid = true }
    let effects = CheckoutReducer.reduce(&model.checkout, action, context: context).map { effect in
      guard case .authorise(let id, var request) = effect, let fault = model.gatewaySettings.nextFault else {
        return AppEffect.checkout(effect)
      }
      // The armed fault is used by this call, and gone from the panel.
      model.gatewaySettings.nextFault = nil
      request.fault = fault
      return AppEffect.checkout(.authorise(id, request))
    }
    let after = model.checkout.screen.kind
    // A method can leave the list (a device that cannot pay): keep the highlight on a row that exists.
    model.highlightedMethod = min(model.highlightedMethod, max(0, model.checkout.methods.count - 1))
    if action == .submitCard, after == .cardForm,
      let first = ScreenControls.firstInvalidField(of: model.checkout)
    {
      model.focus = .field(first)
    }
    // The same screen with new data (the sheet after an update) keeps its focus and highlight.
    guard before != after else { return effects }
    // A new screen: what was highlighted or typed on the old one goes with it.
    model.controls = .fresh(for: model.checkout)
    if after == .methodList, wasPaid { model.highlightedMethod = 0 }
    // After "Try again" the shopper goes on where they stopped: on Pay, when the form is still valid.
    if action == .tryAgain, after == .cardForm,
      CheckoutReducer.cardFormErrors(of: model.checkout, context: context).isEmpty
    {
      model.focus = .payButton
    }
    return effects
  }
}
