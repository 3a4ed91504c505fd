import CheckoutEngine

/// The screen captures a tape's player asks for (`play --screens`): the same `saveScreenshot` effect as the
/// `s` key, labelled, with no notice in the footer (a replay's screens stay what they were).
extension AppReducer {
  /// Asks the interpreter to save the screen, labelled.
  static func capture(_ model: inout AppModel, label: String) -> [AppEffect] {
    let id = model.issueAppRequest()
    model.pendingCapture = id
    return [.saveScreenshot(id, model, label: label)]
  }

  /// Takes a capture's answer: the first failure is kept for the player to report.
  static func captured(_ model: inout AppModel, _ id: RequestID, _ outcome: ScreenshotOutcome) -> [AppEffect]
  {
    guard model.pendingCapture == id else { return [] }
    model.pendingCapture = nil
    if outcome.isFailure, model.captureFailure == nil { model.captureFailure = outcome }
    return []
  }
}
