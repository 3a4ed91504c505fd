import TerminalUI

/// What is open over the checkout: one thing at a time, or nothing. Opening one closes the other.
///
/// Everything an overlay is to the rest of the app is said here, in one place: its case, the key table its
/// mode dispatches from (`keys`), whether clicks reach the rows under it (`takesClicks`) and how it draws
/// (`render`). A new overlay is a case here, its state, its view and its `KeyTable`; the compiler's
/// exhaustive switches below point at the rest (docs/architecture.md, "Adding an overlay").
enum Overlay: Equatable, Sendable {
  /// The keys' help (`?`) over what was open, which it lists the keys of and gives back when any key
  /// closes it.
  indirect case help(over: Overlay?)
  /// The Apple Pay button gallery (`b`, or `paydrill buttons`).
  case gallery(ButtonGallery)
  /// The gateway panel (`g`), with its highlighted row.
  case gatewayPanel(row: Int)
  /// The device panel (`d`), with its highlighted row.
  case devicePanel(row: Int)
  /// The run history (`H`).
  case history(HistoryPanel)
  /// One event opened whole from the event list (Enter).
  case inspector(EventInspector)
  /// The whole order, opened from the method list (`o`).
  case order(OrderList)
}

extension Overlay {
  /// The key tables of every overlay's mode, in the order `docs/reference/keys.md` lists them.
  static let keyTables: [KeyTable] = [
    .gallery, .galleryGrid, .gatewayPanel, .devicePanel, .history, .historyEntry, .inspector, .order, .help,
  ]

  /// The table of the mode this overlay opens: every key goes to it while it is open.
  var keys: KeyTable {
    switch self {
    case .help: return .help
    case .gallery(let gallery): return gallery.view == .types ? .galleryGrid : .gallery
    case .gatewayPanel: return .gatewayPanel
    case .devicePanel: return .devicePanel
    case .history(let panel): return panel.entry == nil ? .history : .historyEntry
    case .inspector: return .inspector
    case .order: return .order
    }
  }

  /// Whether a click reaches what is under it: the panels' rows, and the checkout under the help. The
  /// gallery, the history, the inspector and the whole order take no click.
  var takesClicks: Bool {
    switch self {
    case .help, .gatewayPanel, .devicePanel: return true
    case .gallery, .history, .inspector, .order: return false
    }
  }

  /// Draws it over the checkout `model` shows, in `body` (the screen but its header and footer). The help
  /// and the gallery take the screen instead of covering it: `RootView` draws them first.
  func render(over model: AppModel, in body: Rect, into buffer: inout ScreenBuffer) {
    switch self {
    case .help, .gallery: break
    case .devicePanel(let row):
      DevicePanel.view(model.checkout.device, highlighted: row).render(in: body, into: &buffer)
    case .gatewayPanel(let row):
      GatewayPanel.view(model.gatewaySettings, highlighted: row, plugin: model.gatewayPlugin).render(
        in: body, into: &buffer)
    case .history(let panel):
      HistoryPanelView(panel: panel, timeZone: model.timeZone).render(
        in: body, size: model.size, into: &buffer)
    case .inspector(let inspector):
      EventInspectorView(inspector: inspector, events: model.checkout.events).render(
        size: model.size, into: &buffer)
    case .order(let list):
      OrderListView(list: list, scenario: model.checkout.scenario, localisation: model.checkout.localisation)
        .render(size: model.size, into: &buffer)
    }
  }
}
