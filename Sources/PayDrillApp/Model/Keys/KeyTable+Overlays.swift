import CheckoutEngine
import TerminalUI

/// The tables of what opens over the checkout (the help, the gallery, the panels, the history, the event
/// inspector, the whole order), of the event pane with the keys, and of the wait for a backend's session.
extension KeyTable {
  /// The keys that act in every mode, before the mode's own (even with the help open, even while typing).
  static let everywhere = KeyTable(
    mode: "anywhere", bindings: [.quitAnywhere, .eventsAnywhere, .screenshotAnywhere])

  /// The help overlay: any key closes it and does nothing else.
  static let help = KeyTable(
    mode: "The keys' help (`?`)",
    bindings: [
      .changing(.any, help: nil, explained: "closes it and does nothing else") { _, model in
        model.showsHelp = false
      }
    ])

  /// What every overlay lists last: the help and a screenshot.
  private static let overlayTail: [KeyBinding] = [.keys, .screenshot]

  static let gallery = KeyTable(
    mode: "The Apple Pay button gallery",
    bindings: [
      galleryBinding(
        [.right, .key("l"), .left, .key("h")], "←→", "type",
        "previous or next type (the 16 of the SDK documents)"
      ) { key in
        key == .right || key == .key("l") ? .nextType : .previousType
      },
      galleryBinding([.down, .key("j"), .up, .key("k")], "↑↓", "style", "previous or next style") { key in
        key == .down || key == .key("j") ? .nextStyle : .previousStyle
      },
      galleryBinding(
        [.key("+"), .key("="), .key("-"), .key("_")], "+ -", "radius",
        "radius up or down by one point, within 0 to 24 (a larger configured radius steps down)"
      ) { key in
        key == .key("+") || key == .key("=") ? .widerRadius : .narrowerRadius
      },
      galleryBinding(
        [.tab, .backTab, .key("v")], "Tab", "one type / all types",
        "one type in every style, or every type in one style"
      ) { _ in .switchView },
      KeyBinding(
        [.escape], help: KeyHelp.Entry(keys: "Esc", action: "back"),
        explained:
          "closes the gallery: back to the method list. After `paydrill buttons`, where the gallery is the program, Escape quits"
      ) { _, model, _ in
        model.gallery = nil
        return model.galleryIsHome ? [.quit] : []
      },
      .quit,
      .copying("the configuration snippet shown (`config.buttonType = …`)") {
        $0.gallery?.appearance.snippet.joined(separator: "\n")
      },
    ], shared: overlayTail)

  private static func galleryBinding(
    _ keys: [KeyEvent], _ label: String, _ action: String, _ explanation: String,
    _ step: @escaping @Sendable (KeyEvent) -> ButtonGallery.GalleryKey
  ) -> KeyBinding {
    .changing(.these(keys), help: KeyHelp.Entry(keys: label, action: action), explained: explanation) {
      key, model in model.gallery?.handle(step(key))
    }
  }

  static let gatewayPanel = settingsPanel(
    mode: "Gateway panel", close: "g", changes: "it applies to the next gateway call",
    rowCount: GatewayPanel.rows.count, row: \.gatewayPanel
  ) {
    model, row, _ in
    let applied = model.gatewaySettings.forGateway
    model.gatewaySettings = GatewayPanel.changing(row, of: model.gatewaySettings)
    let now = model.gatewaySettings.forGateway
    return now == applied ? [] : [.configureGateway(now)]
  }

  static let devicePanel = settingsPanel(
    mode: "Device panel", close: "d", changes: "the checkout is created again",
    rowCount: DevicePanel.rows.count, row: \.devicePanel
  ) {
    model, row, context in
    AppReducer.send(
      .changeDevice(DevicePanel.changing(row, of: model.checkout.device)), to: &model, context: context)
  }

  /// A settings panel: ↑ ↓ move between its rows, Enter or Space changes the highlighted one.
  private static func settingsPanel(
    mode: String, close: Character, changes: String, rowCount: Int,
    row: WritableKeyPath<AppModel, Int?> & Sendable,
    change: @escaping @Sendable (inout AppModel, Int, ReduceContext) -> [AppEffect]
  ) -> KeyTable {
    KeyTable(
      mode: mode,
      bindings: [
        .changing(
          .these([.up, .key("k"), .down, .key("j"), .tab]),
          help: KeyHelp.Entry(keys: "↑↓", action: "setting"), explained: "moves between the settings"
        ) { key, model in
          guard let current = model[keyPath: row] else { return }
          model[keyPath: row] =
            [.up, .key("k")].contains(key) ? max(0, current - 1) : min(rowCount - 1, current + 1)
        },
        KeyBinding(
          [.enter, .key(" "), .right], help: KeyHelp.Entry(keys: "Enter Space", action: "change"),
          explained: "changes the highlighted setting to its next value; " + changes
        ) {
          _, model, context in
          guard let current = model[keyPath: row] else { return [] }
          return change(&model, current, context)
        },
        .changing(
          .these([.escape, .key(close)]), help: KeyHelp.Entry(keys: "Esc", action: "close"),
          explained: "closes the panel"
        ) {
          _, model in
          model[keyPath: row] = nil
        },
      ], shared: overlayTail)
  }

  static let history = KeyTable(
    mode: "History panel",
    bindings: [
      .changing(
        .these([.up, .key("k"), .down, .key("j")]), help: KeyHelp.Entry(keys: "↑↓", action: "select"),
        explained: "selects an attempt (the list scrolls with it)"
      ) {
        key, model in
        let rows = HistoryPanelView.visibleRows(in: ReadingPane.box(in: model.size))
        model.history?.select(by: [.up, .key("k")].contains(key) ? -1 : 1, visible: rows)
      },
      KeyBinding(
        [.enter], help: KeyHelp.Entry(keys: "Enter", action: "open"),
        explained:
          "opens the selected attempt whole: every field, its session and transaction ids, its events as the event inspector shows them (what `paydrill history show ID` prints)"
      ) { _, model, _ in
        guard let attempt = model.history?.selectedAttempt, let row = attempt.id else { return [] }
        let id = model.issueAppRequest()
        model.history?.entry = HistoryEntry(id: row, request: id)
        return [.loadAttempt(id, row)]
      },
      .copying("the selected attempt's row, every column whole under the table's header") { model in
        model.history?.copiedRow(timeZone: model.timeZone)
      },
      .changing(
        .these([.escape, .key("H"), .key("q")]), help: KeyHelp.Entry(keys: "Esc H", action: "close"),
        explained: "closes the panel"
      ) {
        _, model in model.history = nil
      },
    ], shared: overlayTail)

  /// One attempt of the history opened whole (Enter in the history panel).
  static let historyEntry = KeyTable(
    mode: "History entry",
    bindings: [
      .scrollingLines(of: "attempt", HistoryEntry.scroll),
      .scrollingPages(HistoryEntry.scroll),
      .copying(
        "the attempt as `paydrill history show ID` prints it: its fields, then its events as JSON Lines"
      ) {
        model in model.history?.entry?.copiedText(timeZone: model.timeZone)
      },
      .changing(
        .these([.escape, .enter, .key("q")]), help: KeyHelp.Entry(keys: "Esc", action: "back"),
        explained: "back to the history's list"
      ) { _, model in model.history?.entry = nil },
      .changing(
        .these([.key("H")]), help: nil, explained: "closes the history"
      ) { _, model in model.history = nil },
    ], shared: overlayTail)

  static let inspector = KeyTable(
    mode: "Event inspector",
    bindings: [
      .scrollingLines(of: "event's JSON", EventInspector.scroll),
      .scrollingPages(EventInspector.scroll),
      .changing(
        .these([.left, .key("h"), .right, .key("l")]),
        help: KeyHelp.Entry(keys: "←→", action: "previous / next event", short: "events"),
        explained: "the previous or next event the list shows: with a filter on, the previous or next match"
      ) { key, model in
        EventInspector.step(by: [.left, .key("h")].contains(key) ? -1 : 1, in: &model)
      },
      KeyBinding(
        [.key("y")], help: KeyHelp.Entry(keys: "y", action: "copy as JSON", short: "copy"),
        explained: "copies the event as JSON (card numbers and keys masked)" + KeyBinding.copyExplained
      ) { _, model, _ in EventInspector.copy(in: &model) },
      .changing(
        .these([.escape, .enter, .key("q")]), help: KeyHelp.Entry(keys: "Esc", action: "close"),
        explained: "closes it"
      ) { _, model in model.inspector = nil },
    ], shared: overlayTail)

  static let order = KeyTable(
    mode: "The whole order",
    bindings: [
      .scrollingLines(of: "order", OrderList.scroll),
      .scrollingPages(OrderList.scroll),
      .changing(
        .these([.escape, .enter, .key("o"), .key("q")]), help: KeyHelp.Entry(keys: "Esc o", action: "close"),
        explained: "closes it"
      ) { _, model in model.overlay = nil },
    ], shared: overlayTail)

  /// The event pane's filter being typed: every character is text.
  static let eventFilter = KeyTable(
    mode: "Event filter",
    bindings: [
      .changing(
        .text,
        help: KeyHelp.Entry(keys: "", action: "type to filter by name, method or field", short: "filter"),
        explained:
          "the filter's text (part of a name, a method or a `key=value` field, any case), matched as you type",
        browse),
      .changing(
        .these([.enter]), help: KeyHelp.Entry(keys: "Enter", action: "keep the filter", short: "keep"),
        explained: "keeps the filter and goes back to browsing the matches", browse
      ),
      .changing(
        .these([.escape]), help: KeyHelp.Entry(keys: "Esc", action: "clear it", short: "clear"),
        explained: "clears the filter", browse),
      .changing(
        .these([.backspace]), help: KeyHelp.Entry(keys: "Backspace", action: "delete"),
        explained: "deletes the filter's last character", browse),
    ])

  /// The event pane with the keys: the checkout waits until it gives them back.
  static let eventList = KeyTable(
    mode: "Event pane, with the keys",
    bindings: [
      .changing(
        .these([.up, .key("k"), .down, .key("j")]),
        help: KeyHelp.Entry(keys: "↑↓", action: "select event", short: "select"),
        explained: "select an event", browse),
      .changing(
        .these([.enter]), help: KeyHelp.Entry(keys: "Enter", action: "open whole", short: "open"),
        explained: "opens the selected event whole in the inspector"
      ) {
        _, model in
        if let index = model.eventList.selectedEvent(in: model.checkout.events) {
          model.inspector = EventInspector(index: index)
        }
      },
      .changing(
        .these([.key("/")]), help: KeyHelp.Entry(keys: "/", action: "filter"),
        explained: "filters the events", browse),
      .changing(
        .these([.pageUp, .pageDown]), help: KeyHelp.Entry(keys: "PgUp PgDn", action: "page"),
        explained: "move ten events", browse),
      .changing(
        .these([.home, .end]), help: KeyHelp.Entry(keys: "Home End", action: "first / newest"),
        explained: "the first event; the newest (the pane then follows new events again)", browse),
      .changing(
        .these([.escape, .key("v")]),
        help: KeyHelp.Entry(keys: "Esc v", action: "back to the checkout", short: "back"),
        explained: "gives the keys back to the checkout (and clears the filter)",
        browse),
    ], shared: [.keys, .screenshot, KeyBinding.history.unlisted, KeyBinding.events.unlisted])

  /// A key for the event list (`EventList.handle`).
  private static let browse: @Sendable (KeyEvent, inout AppModel) -> Void = { key, model in
    _ = model.eventList.handle(key, events: model.checkout.events)
  }

  /// Waiting for the backend's session (`--serve`): nothing of a checkout takes keys.
  static let waitingForBackend = KeyTable(
    mode: "Waiting for your backend's session (`--serve`)",
    about: """
      The method list, while `--serve` waits for your backend's session: there is no Drop-in until the \
      session arrives, and nothing of a checkout takes keys (see \
      [your backend](../guides/your-backend.md#the-server-inside-the-checkout-paydrill---serve)).
      """,
    bindings: [],
    shared: [
      .history, .events, .browseEvents, .quit, .screenshot, KeyBinding.keys.listed(as: KeyHelp.allKeys),
    ])
}
