import CheckoutEngine
import TerminalUI

/// The button gallery: one type in all four styles, large, or every type in one style; the selection's use
/// cases, radius and the configuration snippet to paste.
struct ButtonGalleryView {
  var gallery: ButtonGallery
  var darkAppearance: Bool

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let inner = Frame(title: "Apple Pay buttons").render(in: rect, into: &buffer).inset(by: 1, 0)
    let appearance = gallery.appearance
    var y = inner.y
    let selected = ApplePayButtonView(appearance: appearance, darkAppearance: darkAppearance)
    let heading =
      "type .\(appearance.type.rawValue) · style \(selected.styleDescription) · radius "
      + "\(ApplePayButtonAppearance.radiusText(appearance.radius)) (\(appearance.isRounded ? "rounded" : "square") corners)"
    buffer.write(truncating: heading, x: inner.x, y: y, role: .title, maxWidth: inner.width)
    y += 1
    for line in [
      "\(appearance.type.purpose) Use cases: \(appearance.type.useCases)",
      appearance.style.summary,
    ] + appearance.standInLines {
      for piece in WrappedText.lines(line, width: inner.width) where y < inner.maxY {
        buffer.write(piece, x: inner.x, y: y, role: .muted)
        y += 1
      }
    }
    y += 1
    let snippetHeight = appearance.snippet.count + 1
    let area = Rect(x: inner.x, y: y, width: inner.width, height: max(0, inner.maxY - y - snippetHeight))
    switch gallery.view {
    case .styles: renderStyles(in: area, into: &buffer)
    case .types: renderTypes(in: area, into: &buffer)
    }
    var snippetY = inner.maxY - appearance.snippet.count
    for line in appearance.snippet {
      buffer.write(truncating: line, x: inner.x, y: snippetY, role: .key, maxWidth: inner.width)
      snippetY += 1
    }
  }

  /// The selected type in black, white, whiteOutline and automatic, three rows each.
  private func renderStyles(in rect: Rect, into buffer: inout ScreenBuffer) {
    let buttonWidth = min(36, rect.width - 24)
    let rowHeight = rect.height >= 16 ? 4 : 3
    for (index, style) in ApplePayButtonStyle.allCases.enumerated() {
      let y = rect.y + index * rowHeight
      guard y + 3 <= rect.maxY else {
        if y < rect.maxY { compactRow(style, y: y, in: rect, into: &buffer) }
        continue
      }
      var appearance = gallery.appearance
      appearance.style = style
      let view = ApplePayButtonView(appearance: appearance, darkAppearance: darkAppearance)
      let marker = style == gallery.appearance.style ? "▸ " : "  "
      buffer.write(marker, x: rect.x, y: y + 1, role: .key)
      view.render(in: Rect(x: rect.x + 2, y: y, width: buttonWidth, height: 3), into: &buffer)
      buffer.write(
        truncating:
          "\(view.styleDescription) · radius \(ApplePayButtonAppearance.radiusText(appearance.radius))",
        x: rect.x + buttonWidth + 4, y: y + 1,
        role: style == gallery.appearance.style ? .title : .muted,
        maxWidth: rect.maxX - rect.x - buttonWidth - 4)
    }
  }

  private func compactRow(
    _ style: ApplePayButtonStyle, y: Int, in rect: Rect, into buffer: inout ScreenBuffer
  ) {
    var appearance = gallery.appearance
    appearance.style = style
    let view = ApplePayButtonView(appearance: appearance, darkAppearance: darkAppearance)
    buffer.write(style == gallery.appearance.style ? "▸ " : "  ", x: rect.x, y: y, role: .key)
    view.button.renderCompact(in: Rect(x: rect.x + 2, y: y, width: rect.width - 2, height: 1), into: &buffer)
  }

  /// How wide a column of the grid of every type is.
  static let gridColumnWidth = 32

  /// What the gallery's frame and the space inside it take of the screen's width.
  static let margins = 4

  /// How many columns the grid of every type has on a screen `screenWidth` wide: what ←→ move across.
  static func gridColumns(screenWidth: Int) -> Int {
    max(1, min(3, (screenWidth - margins) / gridColumnWidth))
  }

  /// How many rows the grid has in `columns` columns, filled top to bottom.
  static func gridRows(columns: Int) -> Int {
    (ApplePayButtonType.allCases.count + columns - 1) / columns
  }

  /// Every type in the selected style, one row each, in columns.
  private func renderTypes(in rect: Rect, into buffer: inout ScreenBuffer) {
    let types = ApplePayButtonType.allCases
    let columnWidth = Self.gridColumnWidth
    let columns = Self.gridColumns(screenWidth: rect.width + Self.margins)
    let rows = Self.gridRows(columns: columns)
    for (index, type) in types.enumerated() {
      let column = index / rows
      let row = index % rows
      let y = rect.y + row
      guard y < rect.maxY else { continue }
      var appearance = gallery.appearance
      appearance.type = type
      let x = rect.x + column * columnWidth
      buffer.write(type == gallery.appearance.type ? "▸" : " ", x: x, y: y, role: .key)
      ApplePayButtonView(appearance: appearance, darkAppearance: darkAppearance).button
        .renderCompact(in: Rect(x: x + 2, y: y, width: columnWidth - 3, height: 1), into: &buffer)
    }
  }
}
