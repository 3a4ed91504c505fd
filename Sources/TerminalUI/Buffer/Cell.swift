/// One column of the screen: a grapheme, how many columns it takes, and its style role.
///
/// A wide grapheme (CJK, most emoji) takes two columns; the cell to its right is a continuation with an empty
/// grapheme and width 0, which backends skip.
public struct Cell: Equatable, Sendable {
  public var grapheme: String
  public var width: UInt8
  public var role: StyleRole
  /// The bytes a cell's layout would leave as padding after its width and role, written as zeros: a row of
  /// cells is then compared with the same row of the frame before as one run of bytes (`holdsSameGlyphs`),
  /// which padding left as whatever the copy left there made miss on nearly every row.
  private var reservedHalf: UInt16 = 0
  private var reservedWord: UInt32 = 0

  public init(grapheme: String, width: UInt8, role: StyleRole) {
    self.grapheme = grapheme
    self.width = width
    self.role = role
  }

  /// An empty cell of a role.
  public static func blank(_ role: StyleRole = .normal) -> Cell {
    Cell(grapheme: " ", width: 1, role: role)
  }

  /// Whether this cell is the right half of a wide grapheme.
  public var isContinuation: Bool { width == 0 }
}
