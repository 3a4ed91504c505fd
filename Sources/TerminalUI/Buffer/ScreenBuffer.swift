/// The screen as a grid of cells. Views draw into it; a backend puts it on a terminal or keeps it in memory.
public struct ScreenBuffer: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]
  /// What the mouse can click, in the order the views drew it (a later target is on top).
  public private(set) var clickTargets: [ClickTarget] = []
  /// The graphemes of more than one scalar that cells name.
  private(set) var clusters = ClusterTable()

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
  /// split (an overlay drawn across one would otherwise leave half of it, and shift the rest of the row). A
  /// cell whose glyph is a cluster belongs to its buffer: put a grapheme elsewhere with `put`.
  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * width + x] }
    set {
      let width = width
      cells.withUnsafeMutableBufferPointer { Self.put(newValue, x: x, y: y, width: width, into: $0) }
    }
  }

  /// Puts any grapheme (one scalar, a cluster, or several graphemes, which the fuzzer's checks must catch) in
  /// a cell, by the subscript's rule.
  public mutating func put(_ grapheme: String, width: UInt8, role: StyleRole, atX x: Int, y: Int) {
    self[x, y] = Cell(clusters.glyph(for: grapheme), width: width, role: role)
  }

  /// The text of a cell of this buffer: its scalar, its cluster, or nothing.
  public func grapheme(of cell: Cell) -> String {
    if let scalar = cell.glyph.scalar { return String(Character(scalar)) }
    return cell.glyph.clusterIndex.map { clusters[$0] } ?? ""
  }

  /// The text of the cell at a position.
  public func grapheme(atX x: Int, y: Int) -> String {
    grapheme(of: self[x, y])
  }

  /// Whether a cell of this buffer and one of `other` hold the same grapheme: the same scalar, or clusters of
  /// the very same bytes (each buffer numbers its own).
  @inline(__always)
  func holdsSameGrapheme(_ cell: Cell, as otherCell: Cell, of other: ScreenBuffer) -> Bool {
    if let mine = cell.glyph.clusterIndex, let theirs = otherCell.glyph.clusterIndex {
      return clusters[mine].utf8.elementsEqual(other.clusters[theirs].utf8)
    }
    return cell.glyph == otherCell.glyph
  }

  /// Whether the cell at a position is the one `other` has there: the same grapheme, width and role. What a
  /// backend that keeps the last frame compares to skip a cell.
  public func holdsSameCell(atX x: Int, y: Int, as other: ScreenBuffer) -> Bool {
    let (cell, otherCell) = (self[x, y], other[x, y])
    return cell.width == otherCell.width && cell.role == otherCell.role
      && holdsSameGrapheme(cell, as: otherCell, of: other)
  }

  /// Two buffers are equal when they show the same: the same size, click targets and cells, a cluster by its
  /// text (each buffer numbers its own clusters, so the tables themselves are not compared).
  public static func == (lhs: ScreenBuffer, rhs: ScreenBuffer) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.clickTargets == rhs.clickTargets
      && (0..<lhs.height).allSatisfy { y in
        (0..<lhs.width).allSatisfy { x in lhs.holdsSameCell(atX: x, y: y, as: rhs) }
      }
  }

  /// The subscript's rule, on the storage: writes that put many cells reach it once, not once a cell.
  @inline(__always)
  private static func put(
    _ cell: Cell, x: Int, y: Int, width: Int, into cells: UnsafeMutableBufferPointer<Cell>
  ) {
    let index = y * width + x
    let old = cells[index].width
    if old == 0, cell.width != 0, x > 0, cells[index - 1].width == 2 {
      cells[index - 1] = .blank(cells[index - 1].role)
    }
    if old == 2, cell.width != 2, x + 1 < width, cells[index + 1].width == 0 {
      cells[index + 1] = .blank(cells[index + 1].role)
    }
    cells[index] = cell
  }

  /// Forgets every click target, keeping their room: a frame drawn again into the same buffer starts with
  /// none.
  public mutating func removeClickTargets() {
    clickTargets.removeAll(keepingCapacity: true)
  }

  /// Marks a rectangle as clickable with a tag.
  public mutating func addClickTarget(_ rect: Rect, tag: String) {
    clickTargets.append(ClickTarget(rect: rect, tag: tag))
  }

  /// The tag of the topmost target at a position, if any.
  public func clickTarget(atX x: Int, y: Int) -> String? {
    clickTargets.last { $0.rect.contains(x: x, y: y) }?.tag
  }

  /// Whether a position is on screen.
  public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

  /// Fills a rectangle with blanks of a role.
  public mutating func fill(_ rect: Rect, role: StyleRole) {
    let rows = max(0, rect.y)..<max(max(0, rect.y), min(height, rect.maxY))
    let columns = max(0, rect.x)..<max(max(0, rect.x), min(width, rect.maxX))
    guard !rows.isEmpty, !columns.isEmpty else { return }
    let (blank, width) = (Cell.blank(role), width)
    // A fill of the whole screen, as every frame starts, leaves no cell naming a cluster.
    if rows.count == height, columns.count == width { clusters.removeAll() }
    // One pass over the storage, no checks per cell; only a wide grapheme cut by the rectangle's edges loses
    // its other half (the subscript's rule).
    cells.withUnsafeMutableBufferPointer { cells in
      for y in rows {
        let row = y * width
        if columns.lowerBound > 0, cells[row + columns.lowerBound - 1].width == 2 {
          cells[row + columns.lowerBound - 1] = .blank(cells[row + columns.lowerBound - 1].role)
        }
        if columns.upperBound < width, cells[row + columns.upperBound].width == 0 {
          cells[row + columns.upperBound] = .blank(cells[row + columns.upperBound].role)
        }
        for x in columns { cells[row + x] = blank }
      }
    }
  }

  /// Writes text from a position, clipped to `maxWidth` columns and to the screen; a wide grapheme that does
  /// not fit whole is left out, and an emoji cluster that terminals disagree on is written as its
  /// `EmojiFallback`. Returns the columns written.
  @discardableResult
  public mutating func write(_ text: String, x: Int, y: Int, role: StyleRole, maxWidth: Int? = nil) -> Int {
    if let written = writeASCII(text, x: x, y: y, role: role, maxWidth: maxWidth)
      ?? writeNarrow(text, x: x, y: y, role: role, maxWidth: maxWidth)
    {
      return written
    }
    // An emoji cluster that terminals draw at widths of their own is stored as its fallback (🇫🇷 as F and R).
    return place(
      EmojiFallback.applied(to: text).lazy.map { (String($0), DisplayWidth.of($0)) }, x: x, y: y, role: role,
      maxWidth: maxWidth)
  }

  /// Writes a character `count` times from a position, clipped as `write` clips (a frame's edges).
  @discardableResult
  public mutating func write(
    repeating character: Character, count: Int, x: Int, y: Int, role: StyleRole, maxWidth: Int? = nil
  ) -> Int {
    if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
      DisplayWidth.narrowScalarColumns(scalar.value) == 1
    {
      // A border or a rule: a grapheme of one column, nothing to look up.
      return writeRun(Glyph(scalar), count: count, x: x, y: y, role: role, maxWidth: maxWidth)
    }
    if let replacement = EmojiFallback.replacement(for: character) {
      return write(
        String(repeating: replacement, count: max(0, count)), x: x, y: y, role: role, maxWidth: maxWidth)
    }
    return place(
      repeatElement((String(character), DisplayWidth.of(character)), count: max(0, count)), x: x, y: y,
      role: role, maxWidth: maxWidth)
  }

  /// `write` for ASCII text, most of what screens show: one byte is one grapheme (CR LF aside, whose two bytes
  /// are 0 columns as it is), read straight from the text's bytes without breaking graphemes or looking up
  /// properties. Nil when the text is not all ASCII (or not stored as contiguous UTF-8).
  private mutating func writeASCII(_ text: String, x: Int, y: Int, role: StyleRole, maxWidth: Int?) -> Int? {
    // Off the screen, nothing is written, whatever the text.
    guard y >= 0, y < height else { return 0 }
    let (width, limit) = (width, min(width, x + (maxWidth ?? width)))
    return text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      var column = x
      cells.withUnsafeMutableBufferPointer { cells in
        for byte in bytes where byte >= 0x20 && byte != 0x7F {
          if column + 1 > limit { break }
          if column >= 0 {
            Self.put(
              Cell(Glyph(Unicode.Scalar(byte)), width: 1, role: role), x: column, y: y, width: width,
              into: cells)
          }
          column += 1
        }
      }
      return max(0, column - x)
    } ?? nil
  }

  /// Writes a character once on each of `rows`, in column `x` (a frame's side): on each row what
  /// `write(repeating: character, count: 1, x: x, y: row, role: role)` writes, the storage reached once.
  public mutating func write(repeating character: Character, x: Int, rows: Range<Int>, role: StyleRole) {
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
      DisplayWidth.narrowScalarColumns(scalar.value) == 1
    else {
      for y in rows { write(repeating: character, count: 1, x: x, y: y, role: role) }
      return
    }
    guard x >= 0, x < width else { return }
    let (cell, width, height) = (Cell(scalar, width: 1, role: role), width, height)
    cells.withUnsafeMutableBufferPointer { cells in
      for y in rows where y >= 0 && y < height {
        Self.put(cell, x: x, y: y, width: width, into: cells)
      }
    }
  }

  /// A one-column glyph `count` times from a position, clipped as `write` clips.
  private mutating func writeRun(_ glyph: Glyph, count: Int, x: Int, y: Int, role: StyleRole, maxWidth: Int?)
    -> Int
  {
    guard y >= 0, y < height else { return 0 }
    let limit = min(width, x + (maxWidth ?? width))
    let end = min(x + max(0, count), max(x, limit))
    let (cell, width) = (Cell(glyph, width: 1, role: role), width)
    cells.withUnsafeMutableBufferPointer { cells in
      for column in max(0, x)..<max(max(0, x), end) {
        Self.put(cell, x: column, y: y, width: width, into: cells)
      }
    }
    return max(0, end - x)
  }

  /// `write` for text whose every scalar is a grapheme of its own (`DisplayWidth.narrowColumns`: ASCII and
  /// `·`, `•`, `…`, box drawing), a scalar a cell, without breaking graphemes. Nil for any other text.
  private mutating func writeNarrow(_ text: String, x: Int, y: Int, role: StyleRole, maxWidth: Int?) -> Int? {
    guard DisplayWidth.narrowColumns(text) != nil else { return nil }
    guard y >= 0, y < height else { return 0 }
    let limit = min(width, x + (maxWidth ?? width))
    var column = x
    for scalar in text.unicodeScalars where DisplayWidth.narrowScalarColumns(scalar.value) == 1 {
      if column + 1 > limit { break }
      if column >= 0 {
        self[column, y] = Cell(scalar, width: 1, role: role)
      }
      column += 1
    }
    return max(0, column - x)
  }

  /// Puts graphemes with their widths in cells from a position: the rules of `write`.
  private mutating func place<Graphemes: Sequence>(
    _ graphemes: Graphemes, x: Int, y: Int, role: StyleRole, maxWidth: Int?
  ) -> Int where Graphemes.Element == (String, Int) {
    guard y >= 0, y < height else { return 0 }
    let limit = min(width, x + (maxWidth ?? width))
    var column = x
    for (grapheme, columns) in graphemes {
      if columns == 0 { continue }
      if column + columns > limit { break }
      if column >= 0 {
        put(grapheme, width: UInt8(columns), role: role, atX: column, y: y)
        if columns == 2 { self[column + 1, y] = Cell(.empty, width: 0, role: role) }
      }
      column += columns
    }
    return max(0, column - x)
  }

  /// Writes text clipped to `maxWidth`, ending with "…" when it had to be cut.
  @discardableResult
  public mutating func write(truncating text: String, x: Int, y: Int, role: StyleRole, maxWidth: Int) -> Int {
    guard maxWidth > 0 else { return 0 }
    // No text is wider than its UTF-8 bytes (a two-column grapheme takes three bytes at least): text of no
    // more bytes than columns fits without being measured.
    if text.utf8.count <= maxWidth || DisplayWidth.of(text) <= maxWidth {
      return write(text, x: x, y: y, role: role, maxWidth: maxWidth)
    }
    let written = write(text, x: x, y: y, role: role, maxWidth: maxWidth - 1)
    return written + write("…", x: x + written, y: y, role: role, maxWidth: 1)
  }

  /// Each row's text, trailing blanks removed: what a person (or `tmux capture-pane`) sees.
  public var lines: [String] {
    var row = [UInt8](repeating: 0, count: width * bytesPerCell)
    return row.withUnsafeMutableBufferPointer { row in
      (0..<height).map { y in
        String(decoding: UnsafeBufferPointer(rebasing: row[..<writeText(ofRow: y, into: row)]), as: UTF8.self)
      }
    }
  }

  /// The screen as plain text, one line per row.
  public var text: String {
    String(unsafeUninitializedCapacity: height * (width * bytesPerCell + 1)) { bytes in
      var count = 0
      for y in 0..<height {
        if y > 0 {
          bytes[count] = 0x0A
          count += 1
        }
        count += writeText(ofRow: y, into: UnsafeMutableBufferPointer(rebasing: bytes[count...]))
      }
      return count
    }
  }

  /// The most UTF-8 bytes a cell's text takes: a scalar's 4, or the longest cluster's.
  private var bytesPerCell: Int { max(4, clusters.longestUTF8Count) }

  /// Writes a row's graphemes as UTF-8 from the start of `bytes` (room for `bytesPerCell` a column),
  /// trailing blanks removed, in one pass over its cells, and returns how many bytes it wrote: `play` reads
  /// the screen after every change it waits on, so this must cost less than drawing the frame. An ASCII
  /// cell is its code. Removing the trailing space bytes removes the trailing " " characters, unless a space
  /// joins the grapheme before it (after a prepended concatenation mark, which no view writes): then the row
  /// is trimmed by characters instead.
  private func writeText(ofRow y: Int, into bytes: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var count = 0
    func write(_ byte: UInt8) {
      bytes[count] = byte
      count += 1
    }
    cells.withUnsafeBufferPointer { cells in
      for cell in cells[y * width..<(y + 1) * width] where !cell.isContinuation {
        if cell.glyph.value < 0x80 {
          write(UInt8(truncatingIfNeeded: cell.glyph.value))
        } else if let scalar = cell.glyph.scalar {
          UTF8.encode(scalar, into: write)
        } else if let index = cell.glyph.clusterIndex {
          clusters[index].utf8.forEach(write)
        }
      }
    }
    var end = count
    while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
    if end > 0, end < count, bytes[end - 1] >= 0x80 {
      // The last scalar before the spaces (back over UTF-8's continuation bytes to its lead byte) and one
      // space: one character when the space joins it.
      var lead = end - 1
      while lead > 0, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
      if String(decoding: UnsafeBufferPointer(rebasing: bytes[lead...end]), as: UTF8.self).count == 1 {
        let row = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<count]), as: UTF8.self)
        let trimmed = String(row.reversed().drop(while: { $0 == " " }).reversed()).utf8
        return UnsafeMutableBufferPointer(rebasing: bytes[..<trimmed.count]).initialize(from: trimmed).index
      }
    }
    return end
  }

  /// The screen's style roles, one letter per column, for golden files that catch colour regressions.
  public var roleGrid: String {
    (0..<height).map { y in String((0..<width).map { self[$0, y].role.letter }) }.joined(separator: "\n")
  }
}
