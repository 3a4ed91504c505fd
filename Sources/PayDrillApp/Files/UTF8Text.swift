import Foundation

/// The text of a file PayDrill reads (tapes, scenarios, themes), checked to be UTF-8 so that a bad byte is
/// reported with its line rather than as a parse error somewhere else.
enum UTF8Text {
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

  /// The line of the first bad byte and what to say about it, or nil when the data is UTF-8.
  static func problem(in data: Data) -> (line: Int, text: String)? {
    firstInvalidLine(in: data).map {
      ($0, "not UTF-8 text (a byte here is not UTF-8; save the file as UTF-8)")
    }
  }
}
