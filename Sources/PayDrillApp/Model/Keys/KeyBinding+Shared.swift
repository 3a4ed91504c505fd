import CheckoutEngine
import TerminalUI

/// The bindings many modes share: the keys of the whole terminal (events, screenshots, help, history,
/// quitting). A mode's table lists the ones that act in it.
extension KeyBinding {
  /// The same binding, acting but not listed in the footer or `?` (its mode lists another spelling).
  var unlisted: KeyBinding {
    var binding = self
    binding.help = nil
    return binding
  }

  /// The same binding, listed as `help`.
  func listed(as help: KeyHelp.Entry) -> KeyBinding {
    var binding = self
    binding.help = help
    return binding
  }

  /// Ctrl-C quits: the terminal delivers it as `.interrupt` and the reducer takes it before any mode.
  static let quitAnywhere = KeyBinding(
    [.interrupt], help: KeyHelp.Entry(keys: "Ctrl-C", action: "quit"),
    explained: "quits and gives the terminal back (exit status 0)"
  ) {
    _, _, _ in [.quit]
  }

  /// Ctrl-E shows or hides the event pane, even while typing.
  static let eventsAnywhere = KeyBinding(
    [.key(AppReducer.eventPaneToggle)], help: KeyHelp.Entry(keys: "Ctrl-E", action: "events"),
    explained: "shows or hides the event pane, even while typing in a field"
  ) { _, model, _ in
    AppReducer.toggleEventPane(&model)
    return []
  }

  /// Ctrl-S saves a screenshot bundle, even while typing.
  static let screenshotAnywhere = KeyBinding(
    [.key(AppReducer.screenshotKey)],
    help: KeyHelp.Entry(keys: "Ctrl-S", action: "screenshot", short: "shot"),
    explained:
      "saves a [screenshot bundle](../guides/tapes-and-qa.md#screenshot-bundles), even while typing in a field"
  ) { _, model, _ in AppReducer.screenshot(&model) }

  /// `?` opens the keys of the current mode, wherever `?` is not text being typed.
  static let keys = KeyBinding(
    [.key("?")], help: KeyHelp.Entry(keys: "?", action: "keys"),
    explained:
      "shows the keys of this mode, wherever `?` is not text (the name and postcode fields, the coupon entry, the event filter). Any key closes it and does nothing else (Ctrl-C, Ctrl-E and Ctrl-S still act)",
    when: { !$0.takesAsText("?") }
  ) { _, model, _ in
    model.showsHelp = true
    return []
  }

  /// `s` saves a screenshot bundle where nothing is being typed.
  static let screenshot = KeyBinding(
    [.key("s")], help: KeyHelp.screenshot,
    explained:
      "saves a [screenshot bundle](../guides/tapes-and-qa.md#screenshot-bundles) where nothing is being typed; the footer says where until the next key",
    when: { !$0.isTyping }
  ) {
    _, model, _ in AppReducer.screenshot(&model)
  }

  /// `H` opens the run history over the checkout.
  static let history = KeyBinding(
    [.key("H")], help: KeyHelp.Entry(keys: "H", action: "history"),
    explained:
      "opens the [run history](../guides/run-history.md) panel (the latest attempts of the ledger), where nothing is being typed",
    when: { !$0.isTyping }
  ) { _, model, _ in
    var panel = HistoryPanel()
    let id = model.issueAppRequest()
    panel.request = id
    model.history = panel
    return [.loadHistory(id)]
  }

  /// `e` shows or hides the event pane where letters are not typed (never on the card form).
  static let events = KeyBinding(
    [.key("e")], help: KeyHelp.Entry(keys: "e", action: "events"),
    explained:
      "shows or hides the event pane, where nothing is being typed (not on the card form: Ctrl-E there)",
    when: { !$0.isTyping && $0.checkout.screen != .cardForm }
  ) { _, model, _ in
    AppReducer.toggleEventPane(&model)
    return []
  }

  /// `v` gives the event pane the keys; `/` goes straight to its filter.
  static let browseEvents = KeyBinding(
    [.key("v"), .key("/")], help: KeyHelp.Entry(keys: "v", action: "browse events", short: "browse"),
    explained:
      "gives the [event pane](events.md#browsing-filtering-and-opening-events) the keys (`/`: straight to its filter), where it shows (not zoomed) and nothing is being typed",
    when: { !$0.isTyping && $0.showsEventPane && !$0.zoom }
  ) { key, model, _ in
    model.eventList.isFocused = true
    model.eventList.isEditingFilter = key == .key("/")
    return []
  }

  /// `q` quits.
  static let quit = KeyBinding(
    [.key("q")], help: KeyHelp.Entry(keys: "q", action: "quit"), explained: "quits"
  ) { _, _, _ in
    [.quit]
  }

  /// A binding that sends one engine action.
  static func sending(
    _ keys: [KeyEvent], _ action: CheckoutAction, help: KeyHelp.Entry?, explained explanation: String? = nil,
    when: (@Sendable (AppModel) -> Bool)? = nil
  ) -> KeyBinding {
    KeyBinding(keys, help: help, explained: explanation, when: when) { _, model, context in
      AppReducer.send(action, to: &model, context: context)
    }
  }

  /// A binding that changes the model and asks for nothing.
  /// ↑↓ (Home, End) scrolling a reading pane a line, or to its ends: `what` names what scrolls in keys.md.
  static func scrollingLines(
    of what: String, _ scroll: @escaping @Sendable (KeyEvent, inout AppModel) -> Void
  ) -> KeyBinding {
    .changing(
      .these(ScrollKeys.lineKeys), help: KeyHelp.Entry(keys: "↑↓", action: "scroll"),
      explained: "scroll the \(what) a line, or to its ends", scroll)
  }

  /// PgUp and PgDn scrolling a reading pane a page.
  static func scrollingPages(_ scroll: @escaping @Sendable (KeyEvent, inout AppModel) -> Void) -> KeyBinding {
    .changing(
      .these(ScrollKeys.pageKeys), help: KeyHelp.Entry(keys: "PgUp PgDn", action: "page"),
      explained: "scroll a page", scroll)
  }

  static func changing(
    _ keys: Keys, help: KeyHelp.Entry?, explained explanation: String? = nil,
    when: (@Sendable (AppModel) -> Bool)? = nil,
    _ change: @escaping @Sendable (KeyEvent, inout AppModel) -> Void
  ) -> KeyBinding {
    KeyBinding(keys, help: help, explained: explanation, when: when) { key, model, _ in
      change(key, &model)
      return []
    }
  }
}
