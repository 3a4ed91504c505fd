/// Text broken into lines at spaces to fit a width; words longer than the width are cut (Japanese, which has
/// no spaces, among them), never before a character that may not start a line.
public enum WrappedText {
  /// What Japanese and Chinese never put at the start of a line (kinsoku): closing punctuation, the
  /// prolonged sound mark, small kana.
  static let noLineStart: Set<Character> = [
    "。", "、", "，", "．", "）", "」", "』", "】", "〕", "！", "？", "：", "；", "ー", "っ", "ゃ", "ゅ", "ょ",
    "ッ", "ャ", "ュ", "ョ", "ァ", "ィ", "ゥ", "ェ", "ォ",
  ]

  /// The lines of `text` no wider than `width` columns.
  public static func lines(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    // Where every scalar is a grapheme of its own and no CR makes a CR LF, the bytes split where the
    // graphemes would, without breaking the text into graphemes.
    let byBytes = !text.utf8.contains(0x0D) && DisplayWidth.narrowColumns(text) != nil
    for paragraph in split(Substring(text), at: "\n", byBytes: byBytes, omittingEmpty: false) {
      var line = ""
      var lineWidth = 0
      for word in split(paragraph, at: " ", byBytes: byBytes, omittingEmpty: true) {
        // A space between ASCII characters joins no grapheme across it: the widths add up, and the line
        // need not be measured again for every word (nor built before it is known to fit).
        let candidateWidth =
          line.isEmpty
          ? DisplayWidth.of(String(word))
          : line.utf8.last! < 0x80 && word.utf8.first! < 0x80
            ? lineWidth + 1 + DisplayWidth.of(String(word)) : DisplayWidth.of(line + " " + word)
        if candidateWidth <= width {
          if line.isEmpty {
            line = String(word)
          } else {
            line += " "
            line += word
          }
          lineWidth = candidateWidth
        } else {
          if !line.isEmpty { lines.append(line) }
          line = String(word)
          while DisplayWidth.of(line) > width {
            var head = prefix(line, width: width)
            // A character that may not start a line takes the one before it along.
            if head.count > 1, let next = line.dropFirst(head.count).first, noLineStart.contains(next) {
              head.removeLast()
            }
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

  /// `text` split at an ASCII separator: at its bytes when `byBytes` says that gives the same pieces,
  /// otherwise at its graphemes.
  private static func split(_ text: Substring, at separator: Character, byBytes: Bool, omittingEmpty: Bool)
    -> [Substring]
  {
    guard byBytes, let byte = separator.asciiValue else {
      return text.split(separator: separator, omittingEmptySubsequences: omittingEmpty)
    }
    return text.utf8.split(separator: byte, omittingEmptySubsequences: omittingEmpty).map { Substring($0) }
  }

  /// Parts packed into lines no wider than `width`, joined by `separator` within a line: a part is never
  /// split across lines unless it is wider than a line alone (then it wraps at its spaces). For lists whose
  /// items must read whole (`isReady false · hasUI true`).
  public static func lines(packing parts: [String], separator: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, DisplayWidth.of(last + separator + part) <= width {
        lines[lines.count - 1] = last + separator + part
      } else {
        lines += Self.lines(part, width: width)
      }
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
