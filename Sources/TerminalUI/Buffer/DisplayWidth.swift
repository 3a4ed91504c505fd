/// How many terminal columns a grapheme takes: 0 for combining marks and controls, 2 for East Asian wide
/// and emoji presentation, 1 otherwise; an emoji cluster that terminals draw at widths of their own (a ZWJ
/// sequence, a flag, a skin tone, a variation selector) takes what its `EmojiFallback` takes, since that is
/// what `ScreenBuffer` stores and the terminal draws.
///
/// Screens measure every character of every frame, and the Unicode property look-ups are costly: the ranges
/// that are one column whatever their properties (ASCII, Latin, box drawing, common punctuation) answer
/// without them.
public enum DisplayWidth {
  public static func of(_ character: Character) -> Int {
    if let ascii = character.asciiValue {
      // One scalar (or CR LF, which counts as its line feed): a control is 0 columns, the rest 1.
      return ascii < 0x20 || ascii == 0x7F ? 0 : 1
    }
    let scalars = character.unicodeScalars
    if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex,
      isNarrowWithoutLookUp(only.value)
    {
      return 1
    }
    return measured(character)
  }

  /// Scalars that are one column alone, without a look-up: Latin-1 and Latin Extended (no combining marks
  /// before U+0300), the dashes, quotes, bullet and ellipsis of General Punctuation, the arrows (the keys
  /// every footer shows), box drawing, block elements and the geometric shapes before U+25FD (the first
  /// two-column emoji there), and the braille of the spinner (no combining mark in any of them, and no emoji
  /// drawn at two columns). `DisplayWidthTests` checks each against `measured`.
  static func isNarrowWithoutLookUp(_ value: UInt32) -> Bool {
    (0xA0..<0x300).contains(value) || (0x2010...0x2027).contains(value) || (0x2190...0x21FF).contains(value)
      || (0x2500...0x25FC).contains(value) || (0x2800...0x28FF).contains(value)
  }

  /// The width from the character's Unicode properties.
  static func measured(_ character: Character) -> Int {
    if let fallback = EmojiFallback.replacement(for: character) { return of(fallback) }
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
    if first.properties.generalCategory == .nonspacingMark
      || first.properties.generalCategory == .enclosingMark
    {
      return 0
    }
    return isWide(first) ? 2 : 1
  }

  /// Columns taken by a whole string.
  public static func of(_ text: String) -> Int {
    if let columns = asciiColumns(text) ?? narrowColumns(text) { return columns }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The columns of text whose every scalar is ASCII or narrow without a look-up (`·`, `•`, `…`, `─`, `é`
  /// precomposed): none of them joins a neighbour into one grapheme (CR LF aside, 0 columns either way), so
  /// each scalar is a grapheme of its own, a column but the controls, and the text need not be broken into
  /// graphemes. Nil when another scalar is in it.
  static func narrowColumns(_ text: String) -> Int? {
    var columns = 0
    for scalar in text.unicodeScalars {
      guard let narrow = narrowScalarColumns(scalar.value) else { return nil }
      columns += narrow
    }
    return columns
  }

  /// The columns of a scalar that is a grapheme of its own whatever surrounds it (ASCII, or narrow without a
  /// look-up): 0 for a control, 1 otherwise; nil for any other scalar.
  static func narrowScalarColumns(_ value: UInt32) -> Int? {
    if value < 0x80 { return value < 0x20 || value == 0x7F ? 0 : 1 }
    return isNarrowWithoutLookUp(value) ? 1 : nil
  }

  /// The columns of ASCII text, read from its bytes in one pass: a column per byte but the controls (CR LF is
  /// one grapheme of 0 columns either way); nil when the text is not all ASCII.
  static func asciiColumns(_ text: String) -> Int? {
    let counted = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      var columns = 0
      for byte in bytes {
        if byte >= 0x80 { return nil }
        if byte >= 0x20 && byte != 0x7F { columns += 1 }
      }
      return columns
    }
    if let counted { return counted }
    // Text not stored as contiguous UTF-8 (bridged): byte by byte.
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    return text.utf8.reduce(0) { $0 + ($1 < 0x20 || $1 == 0x7F ? 0 : 1) }
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
