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
    var inString = false
    var escaped = false
    for byte in text.utf8 {
      if inString {
        result.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
        result.append(byte)
      } else if ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(
        byte)
      {
        result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether a body is already minified.
  public static func isMinified(_ text: String) -> Bool {
    (try? minify(text)) == text
  }
}
