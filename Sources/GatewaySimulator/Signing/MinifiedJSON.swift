import Foundation

/// JSON as the signature needs it: minified, with the keys in the order they were written. Foundation's
/// serializer would reorder keys, so the whitespace between tokens is removed instead, leaving strings as
/// they are.
public enum MinifiedJSON {
  /// Why a body cannot be signed.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// The body minified; throws when it is not JSON.
  public static func minify(_ text: String) throws -> String {
    do {
      _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    } catch {
      throw Problem(description: "the body is not valid JSON")
    }
    // Valid JSON has whitespace between tokens only as space, tab, CR and LF: its bytes are dropped, the
    // strings' bytes kept as they are.
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    forEachByte(of: text) { byte, quoted in
      if quoted || !isWhitespace(byte) { result.append(byte) }
      return true
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether a body is already minified.
  public static func isMinified(_ text: String) -> Bool {
    (try? minify(text)) == text
  }

  /// Whether a body known to be valid JSON is minified: no whitespace between its tokens. One pass over its
  /// bytes, nothing parsed or copied (the server has read the body as JSON already).
  public static func isMinified(validJSON text: String) -> Bool {
    var minified = true
    forEachByte(of: text) { byte, quoted in
      if !quoted && isWhitespace(byte) { minified = false }
      return minified
    }
    return minified
  }

  /// Visits each byte of JSON text with whether it belongs to a string (its quotes included), until `visit`
  /// returns false.
  private static func forEachByte(of text: String, _ visit: (UInt8, Bool) -> Bool) {
    var inString = false
    var escaped = false
    for byte in text.utf8 {
      let quoted: Bool
      if inString {
        quoted = true
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else {
        inString = byte == UInt8(ascii: "\"")
        quoted = inString
      }
      guard visit(byte, quoted) else { return }
    }
  }

  /// JSON's whitespace between tokens: space, tab, CR and LF.
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
      || byte == UInt8(ascii: "\n")
  }
}
