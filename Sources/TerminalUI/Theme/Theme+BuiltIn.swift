extension Theme {
  /// The dark theme; `Themes/dark.json` is this theme written out, and a test keeps the two equal.
  public static let dark = Theme(
    name: "dark", appearance: .dark,
    roles: [
      .normal: TextStyle(),
      .header: TextStyle(foreground: .indexed(15), background: .indexed(24), bold: true),
      .title: TextStyle(foreground: .indexed(15), bold: true),
      .border: TextStyle(foreground: .indexed(244)),
      .muted: TextStyle(foreground: .indexed(245), dim: true),
      .selected: TextStyle(foreground: .indexed(0), background: .indexed(117), bold: true, reverse: false),
      .focused: TextStyle(foreground: .indexed(15), background: .indexed(238), underline: true),
      .input: TextStyle(foreground: .indexed(252), background: .indexed(236)),
      .error: TextStyle(foreground: .indexed(203), bold: true),
      .success: TextStyle(foreground: .indexed(114), bold: true),
      .total: TextStyle(foreground: .indexed(15), bold: true),
      .button: TextStyle(foreground: .indexed(15), background: .indexed(240)),
      .buttonFocused: TextStyle(
        foreground: .indexed(0), background: .indexed(117), bold: true, reverse: false),
      .applePayButton: TextStyle(foreground: .indexed(0), background: .indexed(15), bold: true),
      .buttonBlack: TextStyle(foreground: .indexed(231), background: .indexed(16), bold: true),
      .buttonWhite: TextStyle(foreground: .indexed(16), background: .indexed(231), bold: true),
      .buttonOutline: TextStyle(foreground: .indexed(16), background: .indexed(231)),
      .notice: TextStyle(foreground: .indexed(221), bold: true),
      .spinner: TextStyle(foreground: .indexed(117), bold: true),
      .key: TextStyle(foreground: .indexed(117), bold: true),
      .eventName: TextStyle(foreground: .indexed(150), bold: true),
      .eventTime: TextStyle(foreground: .indexed(244)),
      .eventPane: TextStyle(foreground: .indexed(250)),
    ])

  /// The light theme; `Themes/light.json` is this theme written out, and a test keeps the two equal.
  public static let light = Theme(
    name: "light", appearance: .light,
    roles: [
      .normal: TextStyle(foreground: .indexed(0), background: .indexed(15)),
      .header: TextStyle(foreground: .indexed(15), background: .indexed(25), bold: true),
      .title: TextStyle(foreground: .indexed(16), background: .indexed(15), bold: true),
      .border: TextStyle(foreground: .indexed(248), background: .indexed(15)),
      .muted: TextStyle(foreground: .indexed(242), background: .indexed(15), dim: true),
      .selected: TextStyle(foreground: .indexed(15), background: .indexed(25), bold: true),
      .focused: TextStyle(foreground: .indexed(16), background: .indexed(254), underline: true),
      .input: TextStyle(foreground: .indexed(16), background: .indexed(255)),
      .error: TextStyle(foreground: .indexed(160), background: .indexed(15), bold: true),
      .success: TextStyle(foreground: .indexed(28), background: .indexed(15), bold: true),
      .total: TextStyle(foreground: .indexed(16), background: .indexed(15), bold: true),
      .button: TextStyle(foreground: .indexed(16), background: .indexed(252)),
      .buttonFocused: TextStyle(foreground: .indexed(15), background: .indexed(25), bold: true),
      .applePayButton: TextStyle(foreground: .indexed(15), background: .indexed(16), bold: true),
      .buttonBlack: TextStyle(foreground: .indexed(231), background: .indexed(16), bold: true),
      .buttonWhite: TextStyle(foreground: .indexed(16), background: .indexed(231), bold: true),
      .buttonOutline: TextStyle(foreground: .indexed(16), background: .indexed(231)),
      .notice: TextStyle(foreground: .indexed(130), background: .indexed(15), bold: true),
      .spinner: TextStyle(foreground: .indexed(25), background: .indexed(15), bold: true),
      .key: TextStyle(foreground: .indexed(25), background: .indexed(15), bold: true),
      .eventName: TextStyle(foreground: .indexed(28), background: .indexed(15), bold: true),
      .eventTime: TextStyle(foreground: .indexed(244), background: .indexed(15)),
      .eventPane: TextStyle(foreground: .indexed(236), background: .indexed(15)),
    ])

  /// For projectors and demos (`--zoom`): pure white on black, bold text, saturated accents, no dim text;
  /// `Themes/high-contrast.json` is this theme written out.
  public static let highContrast = Theme(
    name: "high-contrast", appearance: .dark,
    roles: [
      .normal: TextStyle(foreground: .indexed(15), background: .indexed(0)),
      .header: TextStyle(foreground: .indexed(0), background: .indexed(11), bold: true),
      .title: TextStyle(foreground: .indexed(15), background: .indexed(0), bold: true, underline: true),
      .border: TextStyle(foreground: .indexed(15), background: .indexed(0), bold: true),
      .muted: TextStyle(foreground: .indexed(252), background: .indexed(0)),
      .selected: TextStyle(foreground: .indexed(0), background: .indexed(11), bold: true),
      .focused: TextStyle(foreground: .indexed(0), background: .indexed(14), bold: true, underline: true),
      .input: TextStyle(foreground: .indexed(15), background: .indexed(238), bold: true),
      .error: TextStyle(foreground: .indexed(9), background: .indexed(0), bold: true),
      .success: TextStyle(foreground: .indexed(10), background: .indexed(0), bold: true),
      .total: TextStyle(foreground: .indexed(11), background: .indexed(0), bold: true),
      .button: TextStyle(foreground: .indexed(0), background: .indexed(15), bold: true),
      .buttonFocused: TextStyle(foreground: .indexed(0), background: .indexed(11), bold: true),
      .applePayButton: TextStyle(foreground: .indexed(0), background: .indexed(15), bold: true),
      .buttonBlack: TextStyle(foreground: .indexed(231), background: .indexed(16), bold: true),
      .buttonWhite: TextStyle(foreground: .indexed(16), background: .indexed(231), bold: true),
      .buttonOutline: TextStyle(foreground: .indexed(16), background: .indexed(231), bold: true),
      .notice: TextStyle(foreground: .indexed(11), background: .indexed(0), bold: true),
      .spinner: TextStyle(foreground: .indexed(14), background: .indexed(0), bold: true),
      .key: TextStyle(foreground: .indexed(14), background: .indexed(0), bold: true),
      .eventName: TextStyle(foreground: .indexed(10), background: .indexed(0), bold: true),
      .eventTime: TextStyle(foreground: .indexed(15), background: .indexed(0)),
      .eventPane: TextStyle(foreground: .indexed(15), background: .indexed(0)),
    ])
}
