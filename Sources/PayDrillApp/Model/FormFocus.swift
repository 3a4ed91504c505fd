import CheckoutEngine

/// Which element of the card form has the keyboard: a field, the Pay button or the Back button.
public enum FormFocus: Equatable, Sendable {
  case field(CardField)
  case payButton
  case backButton

  /// Tab order: the form's fields, Pay, Back.
  static func order(_ fields: [CardField]) -> [FormFocus] {
    fields.map(FormFocus.field) + [.payButton, .backButton]
  }

  /// The next element in tab order among the form's fields, wrapping around.
  func next(among fields: [CardField]) -> FormFocus { moved(by: 1, among: fields) }

  /// The previous element in tab order among the form's fields, wrapping around.
  func previous(among fields: [CardField]) -> FormFocus { moved(by: -1, among: fields) }

  private func moved(by step: Int, among fields: [CardField]) -> FormFocus {
    let order = Self.order(fields)
    let index = order.firstIndex(of: self) ?? 0
    return order[(index + step + order.count) % order.count]
  }

  /// The card field, when the focus is on one.
  var field: CardField? {
    if case .field(let field) = self { return field }
    return nil
  }
}
