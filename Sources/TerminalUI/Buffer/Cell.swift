/// One column of the screen: a grapheme (`Glyph`), how many columns it takes, and its style role. Plain data:
/// copying, comparing or overwriting a cell touches no reference.
///
/// A wide grapheme (CJK, most emoji) takes two columns; the cell to its right is a continuation with no
/// grapheme and width 0, which backends skip. A glyph longer than one scalar names a cluster of its buffer:
/// it is put there with `ScreenBuffer.put(_:width:role:atX:y:)` and read with `ScreenBuffer.grapheme(of:)`.
public struct Cell: Equatable, Sendable {
  public var glyph: Glyph
  public var width: UInt8
  public var role: StyleRole

  public init(_ glyph: Glyph, width: UInt8, role: StyleRole) {
    self.glyph = glyph
    self.width = width
    self.role = role
  }

  /// A cell of one scalar.
  public init(_ scalar: Unicode.Scalar, width: UInt8 = 1, role: StyleRole = .normal) {
    self.init(Glyph(scalar), width: width, role: role)
  }

  /// An empty cell of a role.
  public static func blank(_ role: StyleRole = .normal) -> Cell {
    Cell(" ", width: 1, role: role)
  }

  /// Whether this cell is the right half of a wide grapheme.
  public var isContinuation: Bool { width == 0 }
}
