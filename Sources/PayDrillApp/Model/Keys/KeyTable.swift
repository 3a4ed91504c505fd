import CheckoutEngine
import TerminalUI

/// The keys of one mode of the terminal (a screen, an overlay, a part of the Apple Pay sheet): the reducer
/// dispatches a key from the current mode's table, and the footer and `?` list the same table's bindings.
struct KeyTable: Sendable {
  /// Where it applies, in the words of `docs/reference/keys.md` ("method list", "gateway panel").
  var mode: String
  /// The mode's own keys, in the order the footer and `?` list them.
  var bindings: [KeyBinding]
  /// The keys of the whole terminal that act in this mode too (help, events, screenshots), listed after
  /// its own; `docs/reference/keys.md` describes them once.
  var shared: [KeyBinding]

  /// What `docs/reference/keys.md` says of the mode before its keys, if anything.
  var about: String?

  init(mode: String, about: String? = nil, bindings: [KeyBinding], shared: [KeyBinding] = []) {
    self.mode = mode
    self.about = about
    self.bindings = bindings
    // A shared key the mode lists among its own (`H` on the method list) is not repeated.
    let own = bindings.flatMap(\.namedKeys)
    self.shared = shared.filter { !$0.namedKeys.contains(where: own.contains) }
  }

  /// The help's lines, in order.
  var entries: [KeyHelp.Entry] { (bindings + shared).compactMap(\.help) }

  /// Runs the binding that takes `key`, if one does. A named key wins over a class of keys (digits, text);
  /// otherwise the first binding that takes it acts.
  func dispatch(_ key: KeyEvent, in model: inout AppModel, context: ReduceContext) -> [AppEffect]? {
    let binding = binding(for: key, named: true, in: model) ?? binding(for: key, named: false, in: model)
    return binding?.perform(key, &model, context)
  }

  /// The first binding, own then shared, that takes `key` by its name (or by its class); looked up in place,
  /// without joining the two lists, which costs a copy of every binding on every key.
  private func binding(for key: KeyEvent, named: Bool, in model: AppModel) -> KeyBinding? {
    if let index = bindings.firstIndex(where: { $0.keys.isNamed == named && $0.takes(key, in: model) }) {
      return bindings[index]
    }
    return shared.first { $0.keys.isNamed == named && $0.takes(key, in: model) }
  }
}

extension KeyTable {
  /// The table of the mode the model is in: what is open over the checkout first, then the event pane
  /// with the keys, the wait for a backend, and the checkout's screen (the Apple Pay sheet by its part).
  static func current(for model: AppModel) -> KeyTable {
    if let overlay = model.overlay { return overlay.keys }
    if model.eventList.isEditingFilter { return .eventFilter }
    if model.eventList.isFocused { return .eventList }
    if model.backend?.isWaiting == true { return .waitingForBackend }
    if case .applePaySheet = model.checkout.screen, let sheet = model.checkout.applePaySheet {
      switch sheet.phase {
      case .authenticating(.passcode): return .passcode
      case .authenticating: return .prompt
      case .processing: return .applePaySheet
      case .reviewing:
        if model.couponDraft != nil { return .couponEntry }
        if model.sheetChooser != nil { return .chooser }
      }
    }
    return screen(model.checkout.screen, methodCount: model.checkout.methods.count)
  }
}
