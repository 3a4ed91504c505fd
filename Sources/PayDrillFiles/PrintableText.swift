/// Text from data PayDrill did not write itself (a scenario's name, a plugin's error code or message), made
/// safe to print to a terminal: every control character (C0, DEL and C1, ESC among them) is written out as
/// `\u{1B}`, so that no escape sequence from a file, a plugin or an HTTP client (`paydrill serve`'s log)
/// reaches the terminal, and a line stays one line.
public enum PrintableText {
  /// The text with each control character written out as `\u{…}`.
  public static func visible(_ text: String) -> String {
    // Printable ASCII, the usual text, is known without a property look-up.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var visible = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        visible += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        visible.unicodeScalars.append(scalar)
      }
    }
    return visible
  }

  /// Whether a scalar is a control character (general category Cc): U+0000-001F and U+007F-009F, and only
  /// those, without the property's table look-up (the fuzzer asks it of every message and every cell).
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
