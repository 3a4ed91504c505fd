import Foundation
import XCTest

@testable import PayDrillApp
@testable import PayDrillFiles

/// The line of a file's first byte that is not UTF-8, whether ASCII, other UTF-8 or nothing comes first.
final class UTF8TextTests: XCTestCase {
  func testTheFirstBadByteIsFoundOnItsLine() {
    let cases: [([UInt8], Int?)] = [
      (Array("{\n  \"a\": 1\n}\n".utf8), nil),
      (Array("é\n✓\n".utf8), nil),
      ([], nil),
      (Array("a\nb\n".utf8) + [0xFF], 3),
      ([0xFF] + Array("\n".utf8), 1),
      (Array("a\né\n\n".utf8) + [0xC0, 0x80], 4),
      (Array("é".utf8) + [0x0A, 0xED, 0xA0, 0x80], 2),
      (Array("ab".utf8) + [0xE2, 0x9C] + Array("\n".utf8), 1),
    ]
    for (bytes, line) in cases {
      XCTAssertEqual(UTF8Text.firstInvalidLine(in: Data(bytes)), line, "\(bytes)")
    }
  }
}
