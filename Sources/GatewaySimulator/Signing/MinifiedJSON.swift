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
    var result = ""
    var inString = false
    var escaped = false
    for character in text {
      if inString {
        result.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
        result.append(character)
      } else if !character.isWhitespace {
        result.append(character)
      }
    }
    return result
  }

  /// Whether a body is already minified.
  public static func isMinified(_ text: String) -> Bool {
    (try? minify(text)) == text
  }
}
