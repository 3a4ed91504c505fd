import Foundation

/// The text of a file PayDrill reads (tapes, scenarios, themes), checked to be UTF-8 so that a bad byte is
/// reported with its line rather than as a parse error somewhere else.
package enum UTF8Text {
  /// The line (from 1) of the first byte that is not part of valid UTF-8, or nil when all of it is.
  static func firstInvalidLine(in data: Data) -> Int? {
    // Read from the data's storage: `Data`'s own iterator costs several times the decoding, and a file is
    // checked each time it is read (the fuzzer reads thousands).
    data.withUnsafeBytes { bytes in
      var line = 1
      // ASCII bytes are whole scalars: counted as they are, up to the first other byte, where a scalar
      // starts and the decoder takes over.
      var start = 0
      while start < bytes.count, bytes[start] < 0x80 {
        if bytes[start] == UInt8(ascii: "\n") { line += 1 }
        start += 1
      }
      var iterator = UnsafeRawBufferPointer(rebasing: bytes[start...]).makeIterator()
      var decoder = Unicode.UTF8()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
        case .emptyInput: return nil
        case .error: return line
        }
      }
    }
  }

  /// The UTF-8 byte-order mark, EF BB BF, that some editors put first. JSON text must not begin with one
  /// (RFC 8259, section 8.1), and a tape's first command would not be a command with it.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// What to say about a file that starts with a byte-order mark: it is refused by name, rather than read as
  /// an unknown first character somewhere else.
  static let byteOrderMarkProblem = "starts with a UTF-8 byte-order mark (BOM); save it without one"

  /// The line of the first bad byte and what to say about it, or nil when the data is UTF-8 without a
  /// byte-order mark.
  package static func problem(in data: Data) -> (line: Int, text: String)? {
    if data.starts(with: byteOrderMark) { return (1, byteOrderMarkProblem) }
    return firstInvalidLine(in: data).map {
      ($0, "not UTF-8 text (a byte here is not UTF-8; save the file as UTF-8)")
    }
  }
}
