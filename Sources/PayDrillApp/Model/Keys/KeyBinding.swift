import CheckoutEngine
import TerminalUI

/// One binding of a mode's key table: the keys it takes, when it acts, what it does, and how the footer, `?`
/// and `docs/reference/keys.md` name it. The reducer runs it; the help draws it: nothing copies it.
struct KeyBinding: Sendable {
  /// Which keys a binding takes.
  enum Keys: Sendable, Equatable {
    /// These keys, named.
    case these([KeyEvent])
    /// Any ASCII digit `0`–`9`.
    case digits
    /// Any character typed (a letter, a digit, a space).
    case text
    /// Any key at all (the help overlay: any key closes it).
    case any

    func take(_ key: KeyEvent) -> Bool {
      switch self {
      case .these(let keys): return keys.contains(key)
      case .digits:
        guard case .character(let character) = key else { return false }
        return character.isASCII && character.isNumber
      case .text:
        if case .character = key { return true }
        return false
      case .any: return true
      }
    }

    /// Whether the keys are named one by one: a named key wins over a class of keys (`.digits`, `.text`,
    /// `.any`) in the same table, wherever either stands.
    var isNamed: Bool {
      if case .these = self { return true }
      return false
    }
  }

  /// What a binding does: the key pressed, the model to change, the effects it asks for.
  typealias Perform = @Sendable (KeyEvent, inout AppModel, ReduceContext) -> [AppEffect]

  var keys: Keys
  /// How the footer and `?` list it; nil for a key that acts without being listed (→ beside Enter).
  var help: KeyHelp.Entry?
  /// When it acts, beyond being in the current mode's table; nil: always.
  var when: (@Sendable (AppModel) -> Bool)?
  /// What `docs/reference/keys.md` says it does, where the help's few words are not enough.
  var explanation: String?
  var perform: Perform

  init(
    _ keys: Keys, help: KeyHelp.Entry?, explained explanation: String? = nil,
    when: (@Sendable (AppModel) -> Bool)? = nil, perform: @escaping Perform
  ) {
    self.keys = keys
    self.help = help
    self.explanation = explanation
    self.when = when
    self.perform = perform
  }

  /// A binding of the named keys.
  init(
    _ keys: [KeyEvent], help: KeyHelp.Entry?, explained explanation: String? = nil,
    when: (@Sendable (AppModel) -> Bool)? = nil, perform: @escaping Perform
  ) {
    self.init(.these(keys), help: help, explained: explanation, when: when, perform: perform)
  }

  /// A line of the help that no key acts on by itself (what the screen waits for, a key of another part of
  /// the screen worth knowing).
  static func note(_ help: KeyHelp.Entry, explained explanation: String? = nil) -> KeyBinding {
    KeyBinding(.these([]), help: help, explained: explanation) { _, _, _ in [] }
  }

  /// The keys it names (none for a class of keys).
  var namedKeys: [KeyEvent] {
    if case .these(let keys) = keys { return keys }
    return []
  }

  /// Whether it takes `key` in this state of the model.
  func takes(_ key: KeyEvent, in model: AppModel) -> Bool {
    keys.take(key) && (when?(model) ?? true)
  }
}

extension KeyEvent {
  /// A character key.
  static func key(_ character: Character) -> KeyEvent { .character(character) }
}
