import Foundation
import XCTest

@testable import GatewaySimulator

/// The JSON Lines reader cuts its stream linearly and within bounds: lines across chunks and several in one,
/// a line past the limit reported once as soon as it passes and then skipped, the stream's last line.
final class JSONLineSplitterTests: XCTestCase {
  private func text(_ pieces: [JSONLineSplitter.Piece]) -> [String] {
    pieces.map {
      switch $0 {
      case .line(let data): return String(decoding: data, as: UTF8.self)
      case .tooLong(let start): return "TOO LONG: " + String(decoding: start, as: UTF8.self)
      }
    }
  }

  func testLinesAcrossChunksAndSeveralInOne() {
    var splitter = JSONLineSplitter(limit: 100)
    XCTAssertEqual(text(splitter.feed(Data("{\"id\":".utf8))), [])
    XCTAssertEqual(text(splitter.feed(Data("1}\n{\"id\":2}\n{\"id\"".utf8))), ["{\"id\":1}", "{\"id\":2}"])
    XCTAssertEqual(text(splitter.feed(Data(":3}".utf8))), [])
    XCTAssertEqual(text(splitter.finish()), ["{\"id\":3}"], "the last line without its newline")
    XCTAssertEqual(text(splitter.finish()), [])
  }

  /// Hardening: a line past the limit is reported once, when it passes (not when a newline that may never
  /// come arrives), only its start is kept, and the next line is read as usual.
  func testALinePastTheLimitIsReportedOnceThenSkippedToItsNewline() {
    var splitter = JSONLineSplitter(limit: 1000)
    let chunk = Data(repeating: UInt8(ascii: "x"), count: 700)
    XCTAssertEqual(text(splitter.feed(chunk)), [])
    let passed = text(splitter.feed(chunk))
    XCTAssertEqual(passed, ["TOO LONG: " + String(repeating: "x", count: JSONLineSplitter.startKept)])
    for _ in 0..<1000 { XCTAssertEqual(splitter.feed(chunk), [], "skipped") }
    XCTAssertEqual(splitter.pending.count, 0, "never kept: 700 KB fed, nothing held")
    XCTAssertEqual(text(splitter.feed(Data("xx\n{\"id\":4}\n".utf8))), ["{\"id\":4}"])
    XCTAssertEqual(text(splitter.feed(Data(repeating: UInt8(ascii: "y"), count: 1001))).count, 1)
    XCTAssertEqual(text(splitter.finish()), [], "an over-long last line is not a line")
  }
}
