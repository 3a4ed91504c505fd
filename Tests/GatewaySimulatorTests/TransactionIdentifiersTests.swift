import Foundation
import XCTest

@testable import GatewaySimulator

final class TransactionIdentifiersTests: XCTestCase {
  /// The ids are written without Foundation's UUID: each must read as the UUID Foundation writes for the
  /// same bytes, lower-cased, a version-4 UUID.
  func testIdsAreFoundationsTextOfTheirUUIDLowerCased() throws {
    let identifiers = TransactionIdentifiers(seed: 42)
    for _ in 0..<200 {
      let id = identifiers.next()
      let uuid = try XCTUnwrap(UUID(uuidString: id))
      XCTAssertEqual(id, uuid.uuidString.lowercased())
      XCTAssertEqual(Array(id)[14], "4")
    }
  }

  func testEveryByteValueIsWrittenAsFoundationWritesIt() {
    for first in stride(from: 0, to: 256, by: 16) {
      let bytes = (0..<16).map { UInt8((first + $0 * 17) % 256) }
      let uuid = UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
          bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
      XCTAssertEqual(TransactionIdentifiers.uuidText(bytes), uuid.uuidString.lowercased())
    }
  }
}
