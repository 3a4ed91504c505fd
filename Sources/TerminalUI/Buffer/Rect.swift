/// A rectangle of the screen, in columns and rows from the top left.
public struct Rect: Equatable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The rectangle shrunk by a margin on each side.
  /// Whether a cell is inside.
  public func contains(x: Int, y: Int) -> Bool { x >= self.x && x < maxX && y >= self.y && y < maxY }

  public func inset(by horizontal: Int, _ vertical: Int) -> Rect {
    Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
  }

  /// The first `count` rows, and the rest.
  public func splitTop(_ count: Int) -> (top: Rect, rest: Rect) {
    let top = min(max(0, count), height)
    return (
      Rect(x: x, y: y, width: width, height: top), Rect(x: x, y: y + top, width: width, height: height - top)
    )
  }

  /// The last `count` rows, and the rest above them.
  public func splitBottom(_ count: Int) -> (rest: Rect, bottom: Rect) {
    let bottom = min(max(0, count), height)
    return (
      Rect(x: x, y: y, width: width, height: height - bottom),
      Rect(x: x, y: maxY - bottom, width: width, height: bottom)
    )
  }

  /// The first `count` columns, and the rest.
  public func splitLeft(_ count: Int) -> (left: Rect, rest: Rect) {
    let left = min(max(0, count), width)
    return (
      Rect(x: x, y: y, width: left, height: height),
      Rect(x: x + left, y: y, width: width - left, height: height)
    )
  }
}

/// A terminal's size in columns and rows.
public struct Size: Equatable, Sendable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  public var description: String { "\(columns)×\(rows)" }

  /// Parses "100x32".
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0,
      columns <= 1000, rows <= 1000
    else { return nil }
    self.init(columns: columns, rows: rows)
  }
}
