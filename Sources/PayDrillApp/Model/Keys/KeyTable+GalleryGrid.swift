import TerminalUI

/// The button gallery's grid of every type (Tab in the gallery): the arrows move in the grid as it is
/// drawn, the gallery's other keys as they are.
extension KeyTable {
  static let galleryGrid = KeyTable(
    mode: "The button gallery's grid of every type",
    about: "Tab in the gallery shows every type in one style, in columns; the arrows move in that grid.",
    bindings: [
      gridBinding(
        [.left, .key("h"), .right, .key("l")], "←→", "across the grid", short: "across",
        "the type beside, in the same row"
      ) { key in [.right, .key("l")].contains(key) ? (1, 0) : (-1, 0) },
      gridBinding(
        [.up, .key("k"), .down, .key("j")], "↑↓", "up or down the grid", short: "up / down",
        "the type above or below, in the same column"
      ) { key in [.down, .key("j")].contains(key) ? (0, 1) : (0, -1) },
      .changing(
        .these([.pageDown, .pageUp]), help: KeyHelp.Entry(keys: "PgUp PgDn", action: "style"),
        explained: "previous or next style, the whole grid in it (↑↓ do this in the view of one type)"
      ) { key, model in model.gallery?.stepStyle(by: key == .pageDown ? 1 : -1) },
    ]
      // The radius, the view, Esc and q, as in the rest of the gallery.
      + gallery.bindings.filter { binding in !binding.namedKeys.contains { [.left, .up].contains($0) } },
    shared: gallery.shared)

  private static func gridBinding(
    _ keys: [KeyEvent], _ label: String, _ action: String, short: String, _ explanation: String,
    _ step: @escaping @Sendable (KeyEvent) -> (across: Int, down: Int)
  ) -> KeyBinding {
    .changing(
      .these(keys), help: KeyHelp.Entry(keys: label, action: action, short: short), explained: explanation
    ) {
      key, model in
      let (across, down) = step(key)
      let columns = ButtonGalleryView.gridColumns(screenWidth: model.size.columns)
      model.gallery?.moveInGrid(across: across, down: down, columns: columns)
    }
  }
}
