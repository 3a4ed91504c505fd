import PayDrillApp

/// The one way another thread gives the checkout an action: into the interpreter's inbox, taken on the
/// runtime's next turn (`EffectInterpreter.postbox`).
public struct ActionPostbox: Sendable {
  let inbox: ActionInbox

  public func post(_ action: AppAction) {
    inbox.post(action)
  }
}
