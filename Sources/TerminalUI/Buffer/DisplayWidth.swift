/// How many terminal columns a grapheme takes: 0 for combining marks and controls, 2 for East Asian wide
/// and emoji presentation, 1 otherwise.
public enum DisplayWidth {
  public static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
    if first.properties.generalCategory == .nonspacingMark
      || first.properties.generalCategory == .enclosingMark
    {
      return 0
    }
    if isWide(first) { return 2 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji {
      return 2
    }
    return 1
  }

  /// Columns taken by a whole string.
  public static func of(_ text: String) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if scalar.properties.isEmojiPresentation { return true }
    return (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value)
      || (0x3041...0x33FF).contains(value) || (0x3400...0x4DBF).contains(value)
      || (0x4E00...0x9FFF).contains(value) || (0xA000...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
  }
}
