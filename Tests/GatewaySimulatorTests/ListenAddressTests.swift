import XCTest

@testable import GatewaySimulator

/// Where `paydrill serve` listens, and whether only this machine can reach it.
final class ListenAddressTests: XCTestCase {
  /// Issue 25: `[0:0:0:0:0:0:0:1]` was warned about as public. Loopback is read from the address's bytes,
  /// however it is written.
  func testEverySpellingOfLoopbackIsLoopback() throws {
    for text in [
      "127.0.0.1:1", "127.1.2.3:1", "localhost:1", ":1", "[::1]:1", "[0:0:0:0:0:0:0:1]:1", "[::0:1]:1",
      "[0000:0000::0001]:1", "[::ffff:127.0.0.1]:1",
    ] {
      let address = try XCTUnwrap(ListenAddress(parsing: text), text)
      XCTAssertTrue(address.isLoopback, text)
    }
    for text in [
      "0.0.0.0:1", "[::]:1", "10.0.0.1:1", "[::2]:1", "[1::1]:1", "[::ffff:10.0.0.1]:1", "128.0.0.1:1",
    ] {
      let address = try XCTUnwrap(ListenAddress(parsing: text), text)
      XCTAssertFalse(address.isLoopback, text)
    }
  }
}
