import TerminalUI

/// The keys that scroll a text taller than its area, the same wherever one is read by scrolling (the event
/// inspector, the whole order): ↑ ↓ (`k` `j`) a line, PgUp PgDn (Space) a page, Home End the ends.
enum ScrollKeys {
  /// The keys that move a line, or to an end.
  static let lineKeys: [KeyEvent] = [.up, .character("k"), .down, .character("j"), .home, .end]
  /// The keys that move a page.
  static let pageKeys: [KeyEvent] = [.pageUp, .pageDown, .character(" ")]

  /// The first line shown after `key`, kept within the text (the last page ends at its last line); nil
  /// when the key does not scroll.
  static func offset(after key: KeyEvent, from offset: Int, page: Int, lineCount: Int) -> Int? {
    let last = max(0, lineCount - page)
    let moved: Int
    switch key {
    case .up, .character("k"): moved = offset - 1
    case .down, .character("j"): moved = offset + 1
    case .pageUp: moved = offset - max(1, page - 1)
    case .pageDown, .character(" "): moved = offset + max(1, page - 1)
    case .home: moved = 0
    case .end: moved = last
    default: return nil
    }
    return min(max(0, moved), last)
  }

  /// Moves `offset` as `key` does over a text read in the reading pane of a terminal `size`, whose lines at
  /// the pane's width `lineCount` gives; returns whether the key scrolls (the inspector, the whole order and a
  /// history entry go through here).
  static func scroll(
    _ key: KeyEvent, _ offset: inout Int, in size: Size, lineCount: (_ width: Int) -> Int
  ) -> Bool {
    let area = ReadingPane.textArea(in: size)
    guard
      let moved = Self.offset(after: key, from: offset, page: area.height, lineCount: lineCount(area.width))
    else { return false }
    offset = moved
    return true
  }
}
