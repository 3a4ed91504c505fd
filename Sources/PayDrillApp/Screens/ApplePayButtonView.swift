import CheckoutEngine
import TerminalUI

/// An Apple Pay button as the terminal can draw it: the style's colours (through its roles), square or
/// rounded corners from the radius, PassKit's words for the type (or the custom content's).
package struct ApplePayButtonView {
  var appearance: ApplePayButtonAppearance
  /// Whether the theme is dark, for the `automatic` style.
  var darkAppearance: Bool
  /// The words' language: the shopper's on the method list, English in the developer's gallery.
  var localisation: Localisation = .english

  package init(
    appearance: ApplePayButtonAppearance, darkAppearance: Bool, localisation: Localisation = .english
  ) {
    self.appearance = appearance
    self.darkAppearance = darkAppearance
    self.localisation = localisation
  }

  var button: BoxButton {
    let (fill, outline): (StyleRole, StyleRole)
    switch appearance.style.resolved(darkAppearance: darkAppearance) {
    case .black, .automatic: (fill, outline) = (.buttonBlack, .buttonBlack)
    case .white: (fill, outline) = (.buttonWhite, .buttonWhite)
    case .whiteOutline: (fill, outline) = (.buttonWhite, .buttonOutline)
    }
    return BoxButton(
      label: appearance.label(in: localisation), fill: fill, outline: outline, rounded: appearance.isRounded)
  }

  package func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    button.render(in: rect, into: &buffer)
  }

  /// "automatic → white (dark theme)" for the automatic style, else the style's name.
  package var styleDescription: String {
    guard appearance.style == .automatic else { return appearance.style.rawValue }
    let chosen = appearance.style.resolved(darkAppearance: darkAppearance)
    return "automatic → \(chosen.rawValue) (\(darkAppearance ? "dark" : "light") theme)"
  }
}
