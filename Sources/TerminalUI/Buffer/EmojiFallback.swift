/// What an emoji cluster that terminals draw at widths of their own is put on screen as: text whose width
/// every terminal, ncurses and PayDrill agree on.
///
/// ncurses keeps a cell's text as one spacing character and the zero-width ones after it (`setcchar` stops
/// at the next spacing character), and measures it with the C library's `wcwidth`; terminals draw a whole
/// emoji cluster at a width of their own. So a family 👨‍👩‍👧 (2+0+2+0+2 for `wcwidth`, 2 for most terminals),
/// a flag 🇫🇷 (1+1 for glibc, 2 drawn), a skin tone 👍🏽, a keycap 1️⃣ or ☺️ (VS16 asks for 2 columns that
/// `wcwidth` never gives) would leave stray characters or push a border after a redraw. Instead:
///
/// - a flag (a pair of regional indicators) is its two region letters in ASCII capitals: 🇫🇷 is `FR`;
/// - any other emoji followed by a joiner (ZWJ), a skin-tone modifier, a variation selector (VS15, VS16),
///   the keycap mark or tag characters is its first scalar alone: 👨‍👩‍👧 is 👨, 👍🏽 is 👍, ☺️ is ☺ (1
///   column, its default text presentation), ❤️ is ❤, 1️⃣ is 1.
///
/// Every other grapheme (a letter with combining accents among them) is drawn as itself. `DisplayWidth`
/// measures a cluster as its fallback, and `ScreenBuffer` stores the fallback, so the buffer, the golden
/// files and the terminal agree column for column.
public enum EmojiFallback {
  /// The text drawn in place of `character`, or nil when it is drawn as itself.
  public static func replacement(for character: Character) -> String? {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return nil }
    if isRegionalIndicator(first.value) {
      var letters = ""
      letters.unicodeScalars.append(contentsOf: scalars.compactMap(regionLetter))
      return letters
    }
    let rest = scalars.dropFirst()
    guard !rest.isEmpty, first.properties.isEmoji, rest.contains(where: isEmojiSequenceScalar) else {
      return nil
    }
    return String(first)
  }

  /// `text` with every cluster in `replacement`'s rules replaced; `text` itself when it has none.
  public static func applied(to text: String) -> String {
    // A look at the scalars is cheaper than breaking the text into graphemes: most text has none of these.
    guard text.unicodeScalars.contains(where: { mayStartFallback($0.value) }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      if let replacement = replacement(for: character) {
        result += replacement
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// Whether a scalar makes a cluster it is in a candidate for a fallback: a regional indicator, or one of
  /// the scalars that build emoji sequences. The skin-tone modifiers (`isEmojiModifier`) are a range here:
  /// this runs over every scalar of non-ASCII text, and `EmojiFallbackTests` checks the range against the
  /// property.
  static func mayStartFallback(_ value: UInt32) -> Bool {
    isRegionalIndicator(value) || value == 0x200D || value == 0xFE0E || value == 0xFE0F || value == 0x20E3
      || (0x1F3FB...0x1F3FF).contains(value) || (0xE0020...0xE007F).contains(value)
  }

  /// A scalar that, after an emoji, makes a sequence terminals draw their own way: the zero-width joiner,
  /// a skin-tone modifier, a variation selector, the combining keycap or a tag character.
  private static func isEmojiSequenceScalar(_ scalar: Unicode.Scalar) -> Bool {
    !isRegionalIndicator(scalar.value) && mayStartFallback(scalar.value)
  }

  /// U+1F1E6 REGIONAL INDICATOR SYMBOL LETTER A … U+1F1FF LETTER Z (no property of the standard library
  /// names them).
  static func isRegionalIndicator(_ value: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(value) }

  /// The ASCII capital a regional indicator stands for; nil for any other scalar.
  private static func regionLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    guard isRegionalIndicator(scalar.value) else { return nil }
    return Unicode.Scalar(UInt8(ascii: "A") + UInt8(scalar.value - 0x1F1E6))
  }
}
