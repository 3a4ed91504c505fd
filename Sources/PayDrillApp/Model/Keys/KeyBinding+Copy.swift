import TerminalUI

/// `y`: copies what a person needs elsewhere, the same way wherever it is (`AppReducer.copy`): OSC 52 to
/// the terminal and a file whose path the footer gives.
extension KeyBinding {
  /// What the reference says of every copy, after what it copies.
  static let copyExplained =
    ": sent to the terminal's clipboard (OSC 52) and saved as a file whose path the footer gives ([copying](../guides/terminals.md#copying))"

  /// `y` copying `text(model)` (nothing when it gives nil); `what` is what the reference says it copies.
  static func copying(
    _ what: String, help: KeyHelp.Entry? = KeyHelp.Entry(keys: "y", action: "copy"),
    _ text: @escaping @Sendable (AppModel) -> String?
  ) -> KeyBinding {
    KeyBinding([.key("y")], help: help, explained: "copies " + what + copyExplained) { _, model, _ in
      guard let copied = text(model) else { return [] }
      return AppReducer.copy(copied, in: &model)
    }
  }
}
