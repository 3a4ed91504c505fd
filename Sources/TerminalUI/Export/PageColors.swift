/// The colours a screen is painted in outside a terminal (the HTML and SVG exports), where no terminal's
/// default colours exist: the theme's `normal` colours stand for them, else light grey on near-black for a
/// dark theme and near-black on white for a light one. Both exports read a role's colours here, so that a
/// page and a picture of the same screen look the same.
public struct PageColors: Equatable, Sendable {
  /// `#rrggbb` of the text where a style leaves the colour to the terminal.
  public var foreground: String
  /// `#rrggbb` of the page.
  public var background: String

  public init(theme: Theme) {
    let normal = theme.style(for: .normal)
    let dark = theme.appearance == .dark
    foreground = Self.hex(normal.foreground) ?? (dark ? "#d0d0d0" : "#1c1c1c")
    background = Self.hex(normal.background) ?? (dark ? "#121212" : "#ffffff")
  }

  /// A style's text and background colours on the page: a default colour is the page's, and reverse video
  /// swaps the two.
  public func colors(of style: TextStyle) -> (foreground: String, background: String) {
    var front = Self.hex(style.foreground) ?? foreground
    var back = Self.hex(style.background) ?? background
    if style.reverse { swap(&front, &back) }
    return (front, back)
  }

  /// Whether a style paints a background of its own (a colour, or reverse video), rather than the page's.
  public static func paintsBackground(_ style: TextStyle) -> Bool {
    style.reverse || style.background != .terminalDefault
  }

  /// `#rrggbb` of a colour, or nil for the terminal's default.
  public static func hex(_ color: TerminalColor) -> String? {
    guard let (red, green, blue) = color.rgbComponents else { return nil }
    return "#"
      + [red, green, blue].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
  }
}
