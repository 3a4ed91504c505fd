import CheckoutEngine
import PayDrillApp
import TerminalUI

/// `paydrill buttons --print`: the button drawn in plain text, what it is, and the snippet to paste.
enum ButtonPrintout {
  static func text(_ appearance: ApplePayButtonAppearance, darkAppearance: Bool) -> String {
    let view = ApplePayButtonView(appearance: appearance, darkAppearance: darkAppearance)
    var buffer = ScreenBuffer(width: 36, height: 3)
    view.render(in: buffer.bounds, into: &buffer)
    let radius = ApplePayButtonAppearance.radiusText(appearance.radius)
    return
      (buffer.lines + [
        "",
        "type .\(appearance.type.rawValue) (\"\(appearance.type.label)\"): \(appearance.type.purpose)",
        "style \(view.styleDescription): \(appearance.style.summary)",
        "radius \(radius) (\(appearance.isRounded ? "rounded" : "square") corners)",
        "use cases: \(appearance.type.useCases)",
      ] + appearance.standInLines + [""] + appearance.snippet).joined(separator: "\n")
  }
}
