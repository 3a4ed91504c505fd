/// Text broken into lines at spaces to fit a width; words longer than the width are cut.
public enum WrappedText {
  /// The lines of `text` no wider than `width` columns.
  public static func lines(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        // A space between ASCII characters joins no grapheme across it: the widths add up, and the line
        // need not be measured again for every word.
        let candidateWidth =
          !line.isEmpty && line.utf8.last! < 0x80 && word.utf8.first! < 0x80
          ? lineWidth + 1 + DisplayWidth.of(String(word)) : DisplayWidth.of(candidate)
        if candidateWidth <= width {
          line = candidate
          lineWidth = candidateWidth
        } else {
          if !line.isEmpty { lines.append(line) }
          line = String(word)
          while DisplayWidth.of(line) > width {
            let head = prefix(line, width: width)
            lines.append(head)
            line = String(line.dropFirst(head.count))
          }
          lineWidth = DisplayWidth.of(line)
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// The longest start of `text` that fits in `width` columns.
  public static func prefix(_ text: String, width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let columns = DisplayWidth.of(character)
      if used + columns > width { break }
      result.append(character)
      used += columns
    }
    return result
  }
}
