import CheckoutEngine

/// The keys of each screen: the footer shows the first few, `?` shows them all.
enum KeyHelp {
  struct Entry: Equatable {
    var keys: String
    var action: String
    /// A shorter name for the action, for a footer without room for every key's full name.
    var short: String?

    init(keys: String, action: String, short: String? = nil) {
      self.keys = keys
      self.action = action
      self.short = short
    }

    /// The entry with its short name, when it has one.
    var shortened: Entry { Entry(keys: keys, action: short ?? action) }
  }

  /// The footer's last entry wherever there is no room for all the keys: `?` lists every one of them.
  static let allKeys = Entry(keys: "?", action: "all keys")

  /// Saves the screen as a screenshot bundle (Ctrl-S does it while typing).
  static let screenshot = Entry(keys: "s", action: "screenshot", short: "shot")

  /// The keys of what the model shows: the gallery when it is open, else the checkout's screen.
  static func entries(for model: AppModel) -> [Entry] {
    if model.inspector != nil {
      return [
        Entry(keys: "↑↓", action: "scroll"), Entry(keys: "PgUp PgDn", action: "page"),
        Entry(keys: "←→", action: "previous / next event", short: "events"),
        Entry(keys: "y", action: "copy as JSON", short: "copy"), Entry(keys: "Esc", action: "close"),
        Entry(keys: "?", action: "keys"), screenshot,
      ]
    }
    if case .order = model.overlay {
      return [
        Entry(keys: "↑↓", action: "scroll"), Entry(keys: "PgUp PgDn", action: "page"),
        Entry(keys: "Esc o", action: "close"), Entry(keys: "?", action: "keys"), screenshot,
      ]
    }
    if model.eventList.isEditingFilter {
      return [
        Entry(keys: "", action: "type to filter by name, method or field", short: "filter"),
        Entry(keys: "Enter", action: "keep the filter", short: "keep"),
        Entry(keys: "Esc", action: "clear it", short: "clear"), Entry(keys: "Backspace", action: "delete"),
      ]
    }
    if model.eventList.isFocused {
      return [
        Entry(keys: "↑↓", action: "select event", short: "select"),
        Entry(keys: "Enter", action: "open whole", short: "open"),
        Entry(keys: "/", action: "filter"),
        Entry(keys: "PgUp PgDn", action: "page"), Entry(keys: "Home End", action: "first / newest"),
        Entry(keys: "Esc v", action: "back to the checkout", short: "back"), Entry(keys: "?", action: "keys"),
        screenshot,
      ]
    }
    if model.history != nil {
      return [
        Entry(keys: "↑↓", action: "scroll"), Entry(keys: "Esc H", action: "close"),
        Entry(keys: "?", action: "keys"),
        screenshot,
      ]
    }
    if model.devicePanel != nil || model.gatewayPanel != nil {
      return [
        Entry(keys: "↑↓", action: "setting"), Entry(keys: "Enter Space", action: "change"),
        Entry(keys: "Esc", action: "close"), Entry(keys: "?", action: "keys"), screenshot,
      ]
    }
    guard model.gallery == nil else {
      return [
        Entry(keys: "←→", action: "type"), Entry(keys: "↑↓", action: "style"),
        Entry(keys: "+ -", action: "radius"),
        Entry(keys: "Tab", action: "one type / all types"), Entry(keys: "Esc", action: "back"),
        Entry(keys: "q", action: "quit"), Entry(keys: "?", action: "keys"), screenshot,
      ]
    }
    if model.backend?.isWaiting == true {
      return [
        Entry(keys: "H", action: "history"), Entry(keys: "e", action: "events"),
        Entry(keys: "v", action: "browse events", short: "browse"), Entry(keys: "q", action: "quit"),
        screenshot, allKeys,
      ]
    }
    if let sheetEntries = sheetModeEntries(model) { return sheetEntries }
    return entries(for: model.checkout.screen, methodCount: model.checkout.methods.count)
  }

  /// The keys of the sheet's modes that take the keys for themselves: the coupon entry (a letter is text,
  /// never a command) and the Face ID / Touch ID prompt with its passcode.
  private static func sheetModeEntries(_ model: AppModel) -> [Entry]? {
    let controls = [
      Entry(keys: "Ctrl-E", action: "events"), Entry(keys: "Ctrl-S", action: "screenshot", short: "shot"),
    ]
    if model.couponDraft != nil {
      return [
        Entry(keys: "", action: "type the coupon code", short: "code"), Entry(keys: "Enter", action: "apply"),
        Entry(keys: "Esc", action: "discard", short: "back"), Entry(keys: "Backspace", action: "delete"),
      ] + controls
    }
    guard case .authenticating(let step) = model.checkout.applePaySheet?.phase else { return nil }
    switch step {
    case .passcode:
      return [
        Entry(keys: "0-9", action: "passcode (4 to 6 digits)", short: "passcode"),
        Entry(keys: "Enter", action: "confirm"),
        Entry(keys: "Esc", action: "cancel"), Entry(keys: "Backspace", action: "delete"),
        Entry(keys: "?", action: "keys"),
      ] + controls
    case .biometric, .notRecognised:
      return [
        Entry(keys: "Enter", action: "recognised"), Entry(keys: "n", action: "not recognised"),
        Entry(keys: "p", action: "use passcode", short: "passcode"), Entry(keys: "Esc", action: "cancel"),
        Entry(keys: "?", action: "keys"),
      ] + controls
    }
  }

  static func entries(for screen: CheckoutScreen, methodCount: Int = 4) -> [Entry] {
    var entries: [Entry]
    switch screen {
    case .methodList:
      // The panels first: the footer is how a newcomer finds them.
      entries = [
        Entry(keys: "Enter", action: "choose method", short: "choose"),
        Entry(keys: "1-\(methodCount)", action: "choose by number", short: "by number"),
        Entry(keys: "g", action: "gateway"), Entry(keys: "H", action: "history"),
        Entry(keys: "d", action: "device"),
        Entry(keys: "b", action: "Apple Pay buttons", short: "buttons"),
        Entry(keys: "o", action: "the whole order", short: "order"),
        Entry(keys: "↑↓ j k", action: "move"), Entry(keys: "q", action: "quit"),
      ]
    case .cardForm:
      entries = [
        Entry(keys: "Tab ↓", action: "next field", short: "next"),
        Entry(keys: "S-Tab ↑", action: "previous field", short: "previous"),
        Entry(keys: "Enter", action: "next / press button", short: "press"),
        Entry(keys: "Esc", action: "back to methods", short: "back"),
        Entry(keys: "Backspace", action: "delete"),
      ]
    case .processing:
      entries = [Entry(keys: "", action: "waiting for the gateway")]
    case .result(.success):
      entries = [Entry(keys: "Enter", action: "new checkout"), Entry(keys: "q", action: "quit")]
    case .result(.failure):
      entries = [
        Entry(keys: "←→ Tab", action: "choose"), Entry(keys: "Enter", action: "press"),
        Entry(keys: "Esc", action: "other method", short: "other"), Entry(keys: "q", action: "quit"),
      ]
    case .methodUnavailable, .applePaySetUp:
      entries = [Entry(keys: "Enter Esc", action: "back to methods", short: "back")]
    case .initialisationFailed:
      entries = [Entry(keys: "q", action: "quit")]
    case .threeDSChallenge:
      entries = [
        Entry(keys: "0-9", action: "one-time code (1234 passes)", short: "code (1234)"),
        Entry(keys: "Enter", action: "submit"),
        Entry(keys: "Esc", action: "cancel"),
      ]
    case .payPalApproval, .pazeCheckout:
      entries = [
        Entry(keys: "↑↓", action: "choose"), Entry(keys: "Enter", action: "approve"),
        Entry(keys: "Esc", action: "cancel and return", short: "cancel"),
      ]
    case .applePaySheet:
      entries = [
        Entry(keys: "↑↓", action: "rows"), Entry(keys: "Enter", action: "change / pay"),
        Entry(keys: "Esc", action: "cancel"),
        Entry(keys: "t", action: "Face ID / Touch ID / passcode", short: "auth"),
        Entry(keys: "n p", action: "prompt: no match / passcode", short: "prompt"),
      ]
    }
    // Where letters are typed, the control keys stand in for `e` and `s`.
    var typing = screen == .cardForm
    if case .threeDSChallenge = screen { typing = true }
    entries += [
      Entry(keys: typing ? "Ctrl-E" : "e", action: "events"), Entry(keys: "?", action: "keys"),
    ]
    if !typing { entries.append(Entry(keys: "v", action: "browse events", short: "browse")) }
    entries += [
      typing ? Entry(keys: "Ctrl-S", action: "screenshot", short: "shot") : screenshot,
      Entry(keys: "Ctrl-C", action: "quit"),
    ]
    return entries
  }
}
