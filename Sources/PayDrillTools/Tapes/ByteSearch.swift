import Foundation

/// Finds a string's exact bytes in a text: how a `Wait` finds a plain pattern on the screen and the fuzzer
/// looks for a session key in what the checkout wrote, after every change. UTF-8 is self-synchronising, so
/// the bytes match where the code points do. Foundation's `range(of:)` and the standard library's generic
/// `firstRange(of:)` cost ten to a hundred times as much on a screen's text.
enum ByteSearch {
  /// Whether `text` holds `bytes` (nothing is in everything).
  static func contains(_ text: String, _ bytes: [UInt8]) -> Bool {
    var text = text
    return text.withUTF8 { text in
      bytes.withUnsafeBufferPointer { bytes in
        guard let first = bytes.first else { return true }
        guard text.count >= bytes.count else { return false }
        for start in 0...(text.count - bytes.count)
        where text[start] == first && memcmp(text.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
        {
          return true
        }
        return false
      }
    }
  }
}
