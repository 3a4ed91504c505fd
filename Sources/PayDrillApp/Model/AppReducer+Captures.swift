import CheckoutEngine

/// The screen captures a tape's player asks for (`play --screens`): the same `saveScreenshot` effect as the
/// `s` key, labelled, with no notice in the footer (a replay's screens stay what they were); the answer is
/// routed by `AppModel.awaiting` (`AppReducer.reduceAction`).
extension AppReducer {
  /// Asks the interpreter to save the screen, labelled.
  static func capture(_ model: inout AppModel, label: String) -> [AppEffect] {
    let id = model.issueAppRequest(for: .capture)
    return [.saveScreenshot(id, model, label: label)]
  }
}
