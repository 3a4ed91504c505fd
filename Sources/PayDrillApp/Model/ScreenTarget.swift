import CheckoutEngine

/// What a click can land on. Views mark each as a `ClickTarget` tagged with `tag`; a click then does what
/// the keys would (highlight the thing, then Enter).
package enum ScreenTarget: Equatable {
  /// A row of the method list, by index.
  case method(Int)
  /// A field of the card form.
  case field(CardField)
  /// The card form's Pay (0) or Back (1).
  case formButton(Int)
  /// A button of the result screen.
  case resultButton(Int)
  /// A row of the Apple Pay sheet.
  case sheetRow(SheetRow)
  /// An option of a wallet's page (PayPal's funding, Paze's cards).
  case walletOption(Int)
  /// A row of the open panel (device or gateway).
  case panelRow(Int)
  /// The event pane: a click gives it the keys, as `v` does.
  case eventPane

  /// The tag a view gives the target.
  package var tag: String {
    switch self {
    case .method(let index): return "method:\(index)"
    case .field(let field): return "field:\(field.rawValue)"
    case .formButton(let index): return "form:\(index)"
    case .resultButton(let index): return "result:\(index)"
    case .sheetRow(let row): return "sheet:\(row)"
    case .walletOption(let index): return "wallet:\(index)"
    case .panelRow(let index): return "panel:\(index)"
    case .eventPane: return "events:pane"
    }
  }

  /// The prefix of a row of buttons' tags (`ButtonRow` adds the index).
  static let formButtonPrefix = "form:"
  static let resultButtonPrefix = "result:"

  /// The target a tag names.
  init?(tag: String) {
    let parts = tag.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return nil }
    let index = Int(parts[1])
    switch (parts[0], index) {
    case ("method", let index?): self = .method(index)
    case ("form", let index?): self = .formButton(index)
    case ("result", let index?): self = .resultButton(index)
    case ("wallet", let index?): self = .walletOption(index)
    case ("panel", let index?): self = .panelRow(index)
    case ("events", _): self = .eventPane
    case ("field", _):
      guard let field = CardField(rawValue: parts[1]) else { return nil }
      self = .field(field)
    case ("sheet", _):
      guard let row = SheetRow.allCases.first(where: { "\($0)" == parts[1] }) else { return nil }
      self = .sheetRow(row)
    default: return nil
    }
  }
}
