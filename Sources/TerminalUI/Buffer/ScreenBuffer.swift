/// The screen as a grid of cells. Views draw into it; a backend puts it on a terminal or keeps it in memory.
public struct ScreenBuffer: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank(), count: self.width * self.height)
  }

  public init(size: Size) {
    self.init(width: size.columns, height: size.rows)
  }

  /// The whole screen as a rectangle.
  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// A cell. Writing over one half of a wide grapheme blanks its other half, so that a wide grapheme is never
  /// split (an overlay drawn across one would otherwise leave half of it, and shift the rest of the row).
  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * width + x] }
    set {
      let index = y * width + x
      let old = cells[index]
      if old.width == 0, newValue.width != 0, x > 0, cells[index - 1].width == 2 {
        cells[index - 1] = .blank(cells[index - 1].role)
      }
      if old.width == 2, newValue.width != 2, x + 1 < width, cells[index + 1].width == 0 {
        cells[index + 1] = .blank(cells[index + 1].role)
      }
      cells[index] = newValue
    }
  }

  /// Whether a position is on screen.
  public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

  /// Fills a rectangle with blanks of a role.
  public mutating func fill(_ rect: Rect, role: StyleRole) {
    for y in max(0, rect.y)..<min(height, rect.maxY) {
      for x in max(0, rect.x)..<min(width, rect.maxX) {
        self[x, y] = .blank(role)
      }
    }
  }

  /// Sets the role of every cell in a rectangle, keeping the text.
  public mutating func paint(_ rect: Rect, role: StyleRole) {
    for y in max(0, rect.y)..<min(height, rect.maxY) {
      for x in max(0, rect.x)..<min(width, rect.maxX) {
        self[x, y].role = role
      }
    }
  }

  /// Writes text from a position, clipped to `maxWidth` columns and to the screen; a wide grapheme that does
  /// not fit whole is left out. Returns the columns written.
  @discardableResult
  public mutating func write(_ text: String, x: Int, y: Int, role: StyleRole, maxWidth: Int? = nil) -> Int {
    guard y >= 0, y < height else { return 0 }
    let limit = min(width, x + (maxWidth ?? width))
    var column = x
    for character in text {
      let columns = DisplayWidth.of(character)
      if columns == 0 { continue }
      if column + columns > limit { break }
      if column >= 0 {
        self[column, y] = Cell(grapheme: String(character), width: UInt8(columns), role: role)
        if columns == 2 { self[column + 1, y] = Cell(grapheme: "", width: 0, role: role) }
      }
      column += columns
    }
    return max(0, column - x)
  }

  /// Writes text clipped to `maxWidth`, ending with "…" when it had to be cut.
  @discardableResult
  public mutating func write(truncating text: String, x: Int, y: Int, role: StyleRole, maxWidth: Int) -> Int {
    guard maxWidth > 0 else { return 0 }
    if DisplayWidth.of(text) <= maxWidth { return write(text, x: x, y: y, role: role, maxWidth: maxWidth) }
    let written = write(text, x: x, y: y, role: role, maxWidth: maxWidth - 1)
    return written + write("…", x: x + written, y: y, role: role, maxWidth: 1)
  }

  /// Each row's text, trailing blanks removed: what a person (or `tmux capture-pane`) sees.
  public var lines: [String] {
    (0..<height).map { y in
      var line = ""
      for x in 0..<width where !self[x, y].isContinuation {
        line += self[x, y].grapheme
      }
      return String(line.reversed().drop(while: { $0 == " " }).reversed())
    }
  }

  /// The screen as plain text, one line per row.
  public var text: String { lines.joined(separator: "\n") }

  /// The screen's style roles, one letter per column, for golden files that catch colour regressions.
  public var roleGrid: String {
    (0..<height).map { y in String((0..<width).map { self[$0, y].role.letter }) }.joined(separator: "\n")
  }
}
