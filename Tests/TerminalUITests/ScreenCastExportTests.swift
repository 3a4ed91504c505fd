import Foundation
import XCTest

@testable import TerminalUI

/// The screen as a recording: asciicast v2, each change an `AnsiScreenUpdate`.
final class ScreenCastExportTests: XCTestCase {
  private let escape = "\u{1B}["

  /// A framed screen with a wide grapheme and a total.
  static func screen(total: String = "$42.38") -> ScreenBuffer {
    var buffer = ScreenBuffer(width: 20, height: 5)
    Frame(title: "Pay").render(in: Rect(x: 0, y: 0, width: 20, height: 5), into: &buffer)
    buffer.write("東京", x: 2, y: 1, role: .normal)
    buffer.write(total, x: 2, y: 2, role: .total)
    return buffer
  }

  /// The grid a terminal ends on after the bytes: a tiny emulator of what the updates use (cursor moves,
  /// SGR, clearing, wide graphemes), enough to check that the updates reach every cell.
  private func replay(_ bytes: String, width: Int, height: Int) -> [[String]] {
    var grid = Array(repeating: Array(repeating: " ", count: width), count: height)
    var (x, y) = (0, 0)
    var scanner = Substring(bytes)
    while let character = scanner.first {
      scanner = scanner.dropFirst()
      if character == "\u{1B}" {
        // ESC [ parameters final
        scanner = scanner.dropFirst()
        let parameters = scanner.prefix { !$0.isLetter }
        scanner = scanner.dropFirst(parameters.count)
        let final = scanner.first
        scanner = scanner.dropFirst()
        if final == "H" {
          let numbers = parameters.split(separator: ";").compactMap { Int($0) }
          (y, x) = numbers.count == 2 ? (numbers[0] - 1, numbers[1] - 1) : (0, 0)
        } else if final == "J" {
          grid = Array(repeating: Array(repeating: " ", count: width), count: height)
        }
        continue
      }
      grid[y][x] = String(character)
      let columns = DisplayWidth.of(character)
      if columns == 2 { grid[y][x + 1] = "" }
      x += columns
    }
    return grid
  }

  private func cells(_ buffer: ScreenBuffer) -> [[String]] {
    (0..<buffer.height).map { y in
      (0..<buffer.width).map { x in buffer[x, y].isContinuation ? "" : buffer.grapheme(atX: x, y: y) }
    }
  }

  func testTheFirstUpdateClearsAndWritesEveryCellAndTheNextOnlyWhatChanged() {
    let first = Self.screen()
    let whole = AnsiScreenUpdate.text(from: nil, to: first, theme: .dark)
    XCTAssertTrue(whole.hasPrefix(AnsiScreenUpdate.start), whole)
    XCTAssertEqual(replay(whole, width: 20, height: 5), cells(first))
    XCTAssertTrue(whole.contains(escape + "0;38;5;244m╭─"), "the dark theme's border colour: \(whole)")

    let second = Self.screen(total: "$45.00")
    let change = AnsiScreenUpdate.text(from: first, to: second, theme: .dark)
    // The first digits that differ, reached by one cursor move, in the total's colours.
    XCTAssertEqual(change, escape + "3;5H" + escape + "0;1;97m5" + escape + "3;7H" + "00")
    XCTAssertEqual(replay(whole + change, width: 20, height: 5), cells(second))
    XCTAssertEqual(AnsiScreenUpdate.text(from: second, to: second, theme: .dark), "")
  }

  func testAWideGraphemeReplacedByNarrowOnesLeavesNoHalfBehind() {
    let first = Self.screen()
    var second = first
    second.write("ab ", x: 3, y: 1, role: .normal)
    let bytes =
      AnsiScreenUpdate.text(from: nil, to: first, theme: .light)
      + AnsiScreenUpdate.text(from: first, to: second, theme: .light)
    XCTAssertEqual(replay(bytes, width: 20, height: 5), cells(second))
    XCTAssertEqual(second.lines[1], "│  ab" + String(repeating: " ", count: 14) + "│")
  }

  func testACastHasItsHeaderAndOneEventPerInstantWithExactSeconds() throws {
    var cast = Asciicast(
      theme: .dark, title: "PayDrill · test", start: Date(timeIntervalSince1970: 1_764_600_000.25))
    cast.append(Self.screen(), atMilliseconds: 0)
    cast.append(Self.screen(total: "$1.00"), atMilliseconds: 1250)
    // Two frames of one instant: only the last is played.
    cast.append(Self.screen(total: "$2.00"), atMilliseconds: 1250)
    cast.append(Self.screen(total: "$3.00"), atMilliseconds: 2000)
    let lines = cast.text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 5, "the header, three changes and the end")
    let header = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    XCTAssertEqual(header["version"] as? Int, 2)
    XCTAssertEqual(header["width"] as? Int, 20)
    XCTAssertEqual(header["height"] as? Int, 5)
    XCTAssertEqual(header["timestamp"] as? Int, 1_764_600_000)
    XCTAssertEqual(header["title"] as? String, "PayDrill · test")
    XCTAssertEqual(header["env"] as? [String: String], ["TERM": "xterm-256color"])
    XCTAssertTrue(lines[2].hasPrefix("[1.25,\"o\","), lines[2])
    XCTAssertTrue(lines[3].hasPrefix("[2,\"o\","), lines[3])
    var bytes = ""
    for line in lines.dropFirst() {
      let event = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
      XCTAssertEqual(event[1] as? String, "o")
      bytes += try XCTUnwrap(event[2] as? String)
    }
    XCTAssertEqual(replay(bytes, width: 20, height: 5), cells(Self.screen(total: "$3.00")))
    XCTAssertFalse(bytes.contains("$2.00"), "the frame replaced at its instant is not played")
    XCTAssertTrue(lines[4].contains("?25h"), "the end shows the cursor again")
  }
}
