import TerminalUI

/// `docs/reference/keys.md`, written from the key tables: a section a mode, a row a binding, so that the
/// reference says what the reducer does. `KeyReferenceTests` fails, naming the mode, when the committed page
/// differs; `PAYDRILL_RECORD_SNAPSHOTS=1` rewrites it.
enum KeyReference {
  /// The tables the page documents, in its order.
  static let tables: [KeyTable] =
    [
      .methodList(methodCount: 9), .cardForm, .processing, .success, .failure, .backToMethods,
      .initialisationFailed, .threeDSChallenge, .payPalApproval, .pazeCheckout, .applePaySheet, .chooser,
      .couponEntry, .prompt, .passcode, .eventList, .eventFilter, .waitingForBackend,
    ] + Overlay.keyTables

  /// The keys of the whole terminal, described once.
  static let shared: [KeyBinding] = [
    .quitAnywhere, .eventsAnywhere, .screenshotAnywhere, .keys, .screenshot, .history, .events,
    .browseEvents, .quit,
  ]

  /// The page's sections: a title and its text, the first one the page's head.
  static func sections() -> [(title: String, text: String)] {
    var sections = [(title: "Keys", text: head), (title: "Every mode", text: everyMode())]
    for table in tables { sections.append((title: table.mode, text: section(of: table))) }
    sections.append((title: "`paydrill demo`", text: demo))
    return sections
  }

  /// The whole page.
  static func page() -> String {
    sections().enumerated().map { index, section in
      (index == 0 ? "# " : "## ") + section.title + "\n\n" + section.text
    }.joined(separator: "\n")
  }

  private static func section(of table: KeyTable) -> String {
    var text = table.about.map { $0 + "\n\n" } ?? ""
    if !table.bindings.isEmpty { text += "| Key | Does |\n| --- | --- |\n" }
    for binding in table.bindings {
      let does = binding.explanation ?? binding.help?.action ?? ""
      text += "| \(spelling(of: binding.keys).isEmpty ? "—" : spelling(of: binding.keys)) | \(does) |\n"
    }
    var also: [String] = []
    for binding in table.shared {
      let keys = spelling(of: binding.keys)
      if !also.contains(keys) { also.append(keys) }
    }
    if !also.isEmpty {
      text +=
        (table.bindings.isEmpty ? "" : "\n")
        + (table.bindings.isEmpty ? "Only these act" : "Also here")
        + " (see [every mode](#every-mode)): \(also.joined(separator: ", ")).\n"
    }
    return text
  }

  private static func everyMode() -> String {
    var text = """
      The keys of the whole terminal, wherever a mode below lists them under "also here". Ctrl-C, Ctrl-E and
      Ctrl-S act in every mode, even over the help and while typing.

      | Key | Does |
      | --- | --- |

      """
    for binding in shared {
      text += "| \(spelling(of: binding.keys)) | \(binding.explanation ?? binding.help?.action ?? "") |\n"
    }
    return text + "| mouse click (first button) | \(mouse) |\n"
  }

  /// How the page writes a binding's keys.
  static func spelling(of keys: KeyBinding.Keys) -> String {
    switch keys {
    case .these(let events): return events.map(spelling(of:)).joined(separator: ", ")
    case .digits: return "`0`–`9`"
    case .text: return "typing"
    case .any: return "any key"
    }
  }

  private static func spelling(of key: KeyEvent) -> String {
    switch key {
    case .character(AppReducer.eventPaneToggle): return "Ctrl-E"
    case .character(AppReducer.screenshotKey): return "Ctrl-S"
    case .character(" "): return "Space"
    case .character(let character): return "`\(character)`"
    case .enter: return "Enter"
    case .tab: return "Tab"
    case .backTab: return "Shift-Tab"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .escape: return "Escape"
    case .backspace: return "Backspace"
    case .delete: return "Delete"
    case .home: return "Home"
    case .end: return "End"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .interrupt: return "Ctrl-C"
    case .resize: return "a resize"
    case .click: return "a click"
    }
  }

  private static let head = """
    Every key of the interactive checkout, mode by mode: a screen, or what is open over it. This page is
    written from the key tables the checkout runs (`KeyTable`, in `Sources/PayDrillApp/Model/Keys/`): do not
    edit it by hand; change the table and run
    `PAYDRILL_RECORD_SNAPSHOTS=1 swift test --filter KeyReferenceTests`
    ([adding a key](../architecture.md#adding-a-key)). In the program, `?` shows the keys of the mode you are
    in (the footer shows as many as fit, with short names where needed, and always ends with `? all keys`).
    Tapes name keys as [tape commands](tapes.md#commands).

    """

  private static let mouse = """
    where the terminal reports clicks, does what the keys would on what was clicked: chooses a method, \
    focuses a card field, presses Pay, Back and the result's buttons, picks a sheet row, a PayPal or Paze \
    option, or a panel's row (changing it). With a panel open only its rows take clicks; while the gallery, \
    the history, the event inspector, the whole order or a sheet chooser is open, clicks do nothing. A click \
    on the event pane gives it the keys, one on the checkout gives them back. To select text with the \
    mouse, hold Shift (most terminals)
    """

  private static let demo = """
    While a tape is presented, the keys drive the playback, not the checkout (see
    [presenting a tape](../guides/tapes-and-qa.md#presenting-a-tape-paydrill-demo)):

    | Key | Does |
    | --- | --- |
    | Space | pauses and resumes |
    | → | plays one step, or skips the wait in progress; after a `Wait` or `Expect` that did not hold, goes on |
    | `q`, Escape, Ctrl-C | stops |

    """
}
