import TerminalUI

/// The whole order opened over the method list (`o`): every item of an order too long for the summary,
/// which keeps to its first items and "N more items" so that the methods stay on screen.
struct OrderList: Equatable, Sendable {
  /// The first line shown.
  var scroll = 0

  /// Scrolls the open order as `key` does wherever a text is read by scrolling (`ScrollKeys`).
  static func scroll(_ key: KeyEvent, in model: inout AppModel) {
    guard case .order(var list) = model.overlay else { return }
    let checkout = model.checkout
    let scrolled = ScrollKeys.scroll(key, &list.scroll, in: model.size) {
      OrderListView.lines(of: checkout.scenario, localisation: checkout.localisation, width: $0).count
    }
    if scrolled { model.overlay = .order(list) }
  }
}
