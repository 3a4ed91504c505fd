/// A screen captured from tmux (`capture-pane -p`), read by column: where each character stands, so that a
/// test can say whether the frames came out whole and no scalar of an emoji sequence was left on screen.
struct CapturedScreen {
  let text: String
  /// Each row's characters by the column tmux put them in.
  let rows: [[Int: Character]]

  /// Reads the columns of a screen whose only wide characters are emoji (U+1F000 and up: 2 columns) and
  /// that holds no combining character, as a screen of PayDrill's emoji fallbacks does.
  init(_ text: String) {
    self.text = text
    rows = text.components(separatedBy: "\n").map { line in
      var cells: [Int: Character] = [:]
      var column = 0
      for character in line {
        cells[column] = character
        column += character.unicodeScalars.first.map { $0.value >= 0x1F000 ? 2 : 1 } ?? 1
      }
      return cells
    }
  }

  /// The joiners, variation selectors, keycap marks, regional indicators and skin tones on screen, which
  /// PayDrill never draws (they are what a terminal and ncurses measure differently).
  var strayEmojiScalars: [UInt32] {
    text.unicodeScalars.map(\.value).filter {
      [0x200D, 0xFE0E, 0xFE0F, 0x20E3].contains($0) || (0x1F1E6...0x1F1FF).contains($0)
        || (0x1F3FB...0x1F3FF).contains($0)
    }
  }

  /// Where a frame's side is missing: every column of a corner of the first frame row (╭ ╮) must hold │ on
  /// every row down to its bottom corner (╰ ╯). Empty when every side stands in its column.
  var brokenBorders: [String] {
    guard let top = rows.firstIndex(where: { $0.values.contains("╭") }) else { return ["no frame"] }
    var broken: [String] = []
    for x in rows[top].filter({ $0.value == "╭" || $0.value == "╮" }).keys.sorted() {
      let bottom = rows[(top + 1)...].firstIndex { $0[x] == "╰" || $0[x] == "╯" } ?? rows.count
      for y in top + 1..<bottom where rows[y][x] != "│" {
        broken.append(
          "row \(y + 1), column \(x + 1) holds \(rows[y][x].map { "\"\($0)\"" } ?? "nothing"), not │")
      }
    }
    return broken
  }
}
