import Foundation

/// What a terminal without UTF-8 (`LANG=C`, `LC_ALL=C`) is shown instead of a cell's grapheme: only ASCII,
/// one character per column, so the layout the views computed stays the same.
///
/// Frames, separators, bullets, arrows, ticks and the spinner have a fixed ASCII stand-in (`+-|`, `*`, `>`,
/// `^`, `v`, `|/-\`); a Latin letter with accents loses them (`é` is `e`); anything else (a CJK character,
/// an emoji, a symbol without a stand-in, a byte the locale could not decode) is `?`. Views and their golden
/// files keep the Unicode text: only the backend maps, when it presents.
public enum AsciiGlyphs {
  /// The fixed stand-ins, one column each.
  static let standIns: [Character: Character] = {
    var table: [Character: Character] = [:]
    func map(_ glyphs: String, to ascii: Character) {
      for glyph in glyphs { table[glyph] = ascii }
    }
    map("─━═╌┄—–‒―▁", to: "-")
    map("│┃║╎┆▏", to: "|")
    map("╭╮╰╯┌┐└┘├┤┬┴┼╔╗╚╝", to: "+")
    map("•●∙⁃", to: "*")
    map("○◦", to: "o")
    map("·", to: "-")
    map("▸▶›→»", to: ">")
    map("◂◀‹←«", to: "<")
    map("↑▲", to: "^")
    map("↓▼", to: "v")
    map("…", to: ".")
    map("⚠", to: "!")
    map("✓✔", to: "v")
    map("✗✘×", to: "x")
    map("±≈", to: "~")
    map("‘’′", to: "'")
    map("“”″", to: "\"")
    map("€", to: "E")
    map("£", to: "L")
    map("¥", to: "Y")
    map("\u{A0}\u{202F}\u{2009}\u{2007}", to: " ")
    // The spinner's braille frames turn as a classic ASCII spinner.
    for (index, frame) in "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".enumerated() {
      table[frame] = Array("|/-\\")[index % 4]
    }
    return table
  }()

  /// The ASCII text for a cell of `width` columns holding `grapheme`: as many characters as columns (a wide
  /// grapheme is `?` and a space; a continuation cell is empty, because its wide grapheme already covers it).
  public static func ascii(for grapheme: String, width: Int) -> String {
    guard width > 0 else { return "" }
    if grapheme.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) && grapheme.utf8.count == width {
      return grapheme
    }
    guard width == 1, let character = grapheme.first, grapheme.count == 1 else {
      return "?" + String(repeating: " ", count: max(0, width - 1))
    }
    return String(ascii(for: character))
  }

  /// One column's ASCII stand-in for a character.
  public static func ascii(for character: Character) -> Character {
    if character.isASCII, let value = character.asciiValue, value >= 0x20, value < 0x7F { return character }
    if let standIn = standIns[character] { return standIn }
    // A Latin letter with accents: its base letter (é is e + ◌́).
    let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.first
    if let base, base.isASCII, base.properties.isAlphabetic { return Character(base) }
    return "?"
  }
}
