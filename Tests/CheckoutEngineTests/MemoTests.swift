import XCTest

@testable import CheckoutEngine

/// The one memo every cache uses: a value is made once per key, and past its limit a new value forgets the
/// others at once, so that no memo grows with a session.
final class MemoTests: XCTestCase {
  func testAValueIsMadeOnceAndTheLimitForgetsAllAtOnce() {
    let memo = Memo<Int, String>(limit: 3)
    var made = 0
    func value(_ key: Int) -> String {
      memo.value(for: key) {
        made += 1
        return "#\(key)"
      }
    }
    XCTAssertEqual((1...3).map(value), ["#1", "#2", "#3"])
    XCTAssertEqual((1...3).map(value), ["#1", "#2", "#3"])
    XCTAssertEqual(made, 3, "kept")
    XCTAssertEqual(memo.count, 3)
    XCTAssertEqual(value(4), "#4")
    XCTAssertEqual(memo.count, 1, "the fourth forgot the others")
    XCTAssertEqual(value(1), "#1")
    XCTAssertEqual(made, 5, "made again once forgotten")
  }

  func testAFailureIsNotKept() {
    struct Refused: Error {}
    let memo = Memo<String, Int>(limit: 1)
    XCTAssertThrowsError(try memo.value(for: "a") { throw Refused() })
    XCTAssertEqual(memo.count, 0)
    XCTAssertEqual(try memo.value(for: "a") { 1 }, 1)
  }
}
