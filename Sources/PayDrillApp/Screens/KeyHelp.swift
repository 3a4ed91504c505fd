import CheckoutEngine

/// How the footer and `?` name the keys: each line comes from a binding of the current mode's `KeyTable`,
/// in the table's order, so what they list is what the reducer does.
enum KeyHelp {
  /// One line of the help: the keys as written, what they do, and a shorter name for a footer without room.
  struct Entry: Equatable, Sendable {
    var keys: String
    var action: String
    /// A shorter name for the action, for a footer without room for every key's full name.
    var short: String?

    /// The entry with its short name, when it has one.
    var shortened: Entry { Entry(keys: keys, action: short ?? action) }
  }

  /// The footer's last entry wherever there is no room for all the keys: `?` lists every one of them.
  static let allKeys = Entry(keys: "?", action: "all keys")

  /// Saves the screen as a screenshot bundle (Ctrl-S does it while typing).
  static let screenshot = Entry(keys: "s", action: "screenshot", short: "shot")

  /// The keys of the mode the model is in.
  static func entries(for model: AppModel) -> [Entry] {
    KeyTable.current(for: model).entries
  }

  /// The keys of a checkout screen, with nothing open over it.
  static func entries(for screen: CheckoutScreen, methodCount: Int = 4) -> [Entry] {
    KeyTable.screen(screen, methodCount: methodCount).entries
  }
}
