import Foundation

/// Checks on a JSON file's shape that Foundation's parsers do not make, or make with a misleading message:
/// nesting deeper than any scenario or theme (Foundation stops at 512 levels and calls the file "not valid
/// JSON") and strings longer than any field needs. (Numbers that do not fit their field are
/// `StrictJSONDecoder`'s to name, with their path.)
enum JSONShape {
  /// The deepest nesting of objects and lists PayDrill reads; its own files use fewer than 10 levels.
  static let maximumDepth = 64
  /// The longest string PayDrill reads, in bytes.
  static let maximumStringBytes = 64 * 1024

  /// The first line whose nesting or string is beyond the limits, and what to say about it; nil when the
  /// data is within them. One pass over the bytes, no recursion, whatever the data is.
  static func problem(in data: Data) -> (line: Int, text: String)? {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (line: Int, text: String)? in
      var line = 1
      var depth = 0
      var inString = false
      var escaped = false
      var stringStart = 0
      var stringLine = 1
      for (offset, byte) in bytes.enumerated() {
        if byte == UInt8(ascii: "\n") { line += 1 }
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          } else if offset - stringStart > maximumStringBytes {
            return (
              stringLine, "a string longer than \(maximumStringBytes / 1024) KB (PayDrill reads shorter ones)"
            )
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\""):
          inString = true
          stringStart = offset
          stringLine = line
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          if depth > maximumDepth {
            return (
              line,
              "objects and lists nested more than \(maximumDepth) levels deep (a scenario or theme needs fewer than 10)"
            )
          }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
        default: break
        }
      }
      return nil
    }
  }
}
