import CheckoutEngine

/// Copies (`y`): the text a person needs elsewhere (the gallery's snippet, a transaction or session id, a
/// history row, an event) goes out as one effect that answers: OSC 52 to the terminal and a file, whose path
/// the footer then gives.
extension AppReducer {
  /// Asks the interpreter to copy `text`; a card number (a plugin's "transaction id", say) goes out masked
  /// to its last four: a copy never holds one.
  static func copy(_ text: String, in model: inout AppModel) -> [AppEffect] {
    let id = model.issueAppRequest(for: .copy)
    return [.copyToClipboard(id, SecretRedaction.masked(text))]
  }
}
