import XCTest

import CheckoutEngine

/// The request book as tests state it: each test says which requests an action issued, answered or abandoned
/// (the stores compare the whole book, never copy it).
extension RequestBook {
  /// States that the requests matching `kinds` were abandoned (the sheet closed, the checkout moved on):
  /// the expected book stops waiting for them; the test fails when it was waiting for none.
  mutating func abandoned(
    where matches: (Awaited) -> Bool, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertFalse(
      abandon(where: matches).isEmpty, "no request of that kind is waited for", file: file, line: line)
  }

  /// States that an action issued `id` for `awaited`: the expected book issues it the way the engine does,
  /// and the test fails when the id the book gives is not `id`.
  mutating func issued(
    _ id: RequestID, _ awaited: Awaited, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(issue(awaited), id, "the id issued for \(awaited)", file: file, line: line)
  }

  /// States that an action cancelled the timer `id` (its `.cancel` effect): the expected book stops waiting
  /// for it, and the test fails when the expected book was not waiting for it.
  mutating func cancelled(_ id: RequestID, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertNotNil(settle(id), "\(id) is not waited for", file: file, line: line)
  }

  /// States that an action answered `id`: the expected book stops waiting for it, and the test fails when
  /// the expected book was not waiting for it.
  mutating func answered(_ id: RequestID, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertNotNil(settle(id), "\(id) is not waited for", file: file, line: line)
  }
}
