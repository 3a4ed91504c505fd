/// Neighbouring cells of one row that share a style role, with their text: what the exports (ANSI, HTML)
/// style as one piece.
public struct StyledRun: Equatable, Sendable {
  public var role: StyleRole
  public var text: String

  /// Whether the run is only spaces.
  public var isBlank: Bool { text.allSatisfy { $0 == " " } }

  /// The runs of a row, left to right; the right halves of wide graphemes are skipped, so the runs' text
  /// is the row's text, trailing blanks included.
  public static func runs(ofRow y: Int, in buffer: ScreenBuffer) -> [StyledRun] {
    var runs: [StyledRun] = []
    for x in 0..<buffer.width where !buffer[x, y].isContinuation {
      let cell = buffer[x, y]
      if let last = runs.indices.last, runs[last].role == cell.role {
        runs[last].text += buffer.grapheme(of: cell)
      } else {
        runs.append(StyledRun(role: cell.role, text: buffer.grapheme(of: cell)))
      }
    }
    return runs
  }
}
