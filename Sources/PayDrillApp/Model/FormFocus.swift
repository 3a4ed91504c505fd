import CheckoutEngine

/// Which element of the card form has the keyboard: a field, the Pay button or the Back button.
public enum FormFocus: Equatable, Sendable {
  case field(CardField)
  case payButton
  case backButton

  /// Tab order: the four fields, Pay, Back.
  static let order: [FormFocus] = CardField.allCases.map(FormFocus.field) + [.payButton, .backButton]

  /// The next element in tab order, wrapping around.
  var next: FormFocus { Self.order[(index + 1) % Self.order.count] }

  /// The previous element in tab order, wrapping around.
  var previous: FormFocus { Self.order[(index + Self.order.count - 1) % Self.order.count] }

  private var index: Int { Self.order.firstIndex(of: self) ?? 0 }

  /// The card field, when the focus is on one.
  var field: CardField? {
    if case .field(let field) = self { return field }
    return nil
  }
}
