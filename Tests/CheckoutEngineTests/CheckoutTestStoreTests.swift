import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// The engine's test store compares the request book: a request the test did not state is a difference, and
/// the failure says how to state it.
final class CheckoutTestStoreTests: XCTestCase {
  func testARequestTheTestDidNotStateIsADifferenceNamedWithItsHelperCall() {
    let expected = RequestBook()
    var actual = RequestBook()
    let id = actual.issue(.beforeSubmit(.card))
    XCTAssertNotEqual(expected, actual)
    let message = CheckoutTestStore.bookDifference(expected: expected, actual: actual)
    XCTAssertTrue(message.contains("expected [], got [\(id)]"), message)
    XCTAssertTrue(message.contains("$0.requests.issued(RequestID(1), .beforeSubmit("), message)

    var stated = RequestBook()
    stated.issued(id, .beforeSubmit(.card))
    XCTAssertEqual(stated, actual, "stating the request makes the books equal")
  }
}
