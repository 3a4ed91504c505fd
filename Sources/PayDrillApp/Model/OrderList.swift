import TerminalUI

/// The whole order opened over the method list (`o`): every item of an order too long for the summary,
/// which keeps to its first items and "N more items" so that the methods stay on screen.
struct OrderList: Equatable, Sendable {
  /// The first line shown.
  var scroll = 0

  /// Scrolls the open order as `key` does wherever a text is read by scrolling (`ScrollKeys`).
  static func scroll(_ key: KeyEvent, in model: inout AppModel) {
    guard case .order(var list) = model.overlay else { return }
    let area = ReadingPane.textArea(in: model.size)
    let lineCount = OrderListView.lines(
      of: model.checkout.scenario, localisation: model.checkout.localisation, width: area.width
    ).count
    guard
      let scroll = ScrollKeys.offset(after: key, from: list.scroll, page: area.height, lineCount: lineCount)
    else { return }
    list.scroll = scroll
    model.overlay = .order(list)
  }
}
