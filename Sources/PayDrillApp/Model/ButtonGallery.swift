import CheckoutEngine

/// The Apple Pay button gallery: the selected type, style and radius, and which view shows them.
public struct ButtonGallery: Equatable, Sendable {
  /// One type in the four styles, large; or every type in one style.
  public enum View: Equatable, Sendable {
    case styles
    case types
  }

  public var appearance: ApplePayButtonAppearance
  public var view: View = .styles

  public init(appearance: ApplePayButtonAppearance = ApplePayButtonAppearance(), view: View = .styles) {
    self.appearance = appearance
    self.view = view
  }

  /// Moves to the next (or previous) type, wrapping around.
  mutating func stepType(by offset: Int) {
    let all = ApplePayButtonType.allCases
    let index = all.firstIndex(of: appearance.type) ?? 0
    appearance.type = all[(index + offset + all.count) % all.count]
  }

  /// Moves to the next (or previous) style, wrapping around.
  mutating func stepStyle(by offset: Int) {
    let all = ApplePayButtonStyle.allCases
    let index = all.firstIndex(of: appearance.style) ?? 0
    appearance.style = all[(index + offset + all.count) % all.count]
  }

  /// Changes the radius by whole points, within 0…24 (a larger radius the configuration gave steps down
  /// from where it is).
  mutating func stepRadius(by points: Double) {
    let ceiling = max(ApplePayButtonAppearance.maximumRadius, appearance.radius)
    appearance.radius = min(ceiling, max(0, (appearance.radius + points).rounded()))
  }

  /// Moves through the grid of every type (the `types` view), laid out as `ButtonGalleryView` draws it:
  /// `columns` columns filled top to bottom. Across (`columns` ±1) stays in the row, down and up
  /// (`rows` ±1) in the column; at an edge the type stays.
  mutating func moveInGrid(across: Int, down: Int, columns: Int) {
    let all = ApplePayButtonType.allCases
    let rows = ButtonGalleryView.gridRows(columns: columns)
    let index = all.firstIndex(of: appearance.type) ?? 0
    let row = index % rows + down
    let column = index / rows + across
    let next = column * rows + row
    guard (0..<rows).contains(row), column >= 0, all.indices.contains(next) else { return }
    appearance.type = all[next]
  }

  /// The gallery's keys; returns false when the key is not one of them.
  mutating func handle(_ key: GalleryKey) {
    switch key {
    case .nextType: stepType(by: 1)
    case .previousType: stepType(by: -1)
    case .nextStyle: stepStyle(by: 1)
    case .previousStyle: stepStyle(by: -1)
    case .widerRadius: stepRadius(by: 1)
    case .narrowerRadius: stepRadius(by: -1)
    case .switchView: view = view == .styles ? .types : .styles
    }
  }

  /// What the gallery's keys do.
  enum GalleryKey {
    case nextType, previousType, nextStyle, previousStyle, widerRadius, narrowerRadius, switchView
  }
}
