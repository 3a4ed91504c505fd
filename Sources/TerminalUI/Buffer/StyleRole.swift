/// What a piece of text *is* on screen. Cells carry roles, not colours; the theme decides how each role looks.
public enum StyleRole: String, CaseIterable, Sendable, Codable {
  case normal
  case header
  case title
  case border
  case muted
  case selected
  case focused
  case input
  case error
  case success
  case total
  case button
  case buttonFocused
  case applePayButton
  /// An Apple Pay button of the `black` style: black fill, white text.
  case buttonBlack
  /// An Apple Pay button of the `white` style (and the inside of `whiteOutline`): white fill, black text.
  case buttonWhite
  /// The outline of a `whiteOutline` Apple Pay button.
  case buttonOutline
  case notice
  case spinner
  case key
  case eventName
  case eventTime
  case eventPane

  /// One letter per role, for the role grids of golden screen files.
  public var letter: Character {
    switch self {
    case .normal: return "."
    case .header: return "H"
    case .title: return "T"
    case .border: return "b"
    case .muted: return "m"
    case .selected: return "S"
    case .focused: return "F"
    case .input: return "I"
    case .error: return "E"
    case .success: return "K"
    case .total: return "$"
    case .button: return "B"
    case .buttonFocused: return "P"
    case .applePayButton: return "A"
    case .buttonBlack: return "X"
    case .buttonWhite: return "W"
    case .buttonOutline: return "O"
    case .notice: return "N"
    case .spinner: return "s"
    case .key: return "k"
    case .eventName: return "e"
    case .eventTime: return "t"
    case .eventPane: return "p"
    }
  }
}
