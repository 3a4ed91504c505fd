import Foundation
import TerminalUI
import XCTest

/// Golden files of screens: `NAME.txt` holds the text grid and `NAME.roles.txt` the style-role letters.
/// Run with `PAYDRILL_RECORD_SNAPSHOTS=1` to rewrite them, then review the diff like code: a test that
/// rewrites a golden file fails, so that a recording run never passes unnoticed.
enum Snapshot {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")

  static var isRecording: Bool { ProcessInfo.processInfo.environment["PAYDRILL_RECORD_SNAPSHOTS"] == "1" }

  static func assert(
    _ buffer: ScreenBuffer, named name: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    compare(buffer.text + "\n", with: "\(name).txt", file: file, line: line)
    compare(buffer.roleGrid + "\n", with: "\(name).roles.txt", file: file, line: line)
  }

  /// Compares text with a golden file (or rewrites it when recording, and fails).
  static func compare(
    _ actual: String, with fileName: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    if let failure = verdict(actual, with: fileName) { XCTFail(failure, file: file, line: line) }
  }

  /// What comparing text with the golden file `fileName` in `folder` says: nil when they are the same, else
  /// why the test fails. Recording writes the file and is a failure too, so that it never passes unnoticed.
  static func verdict(
    _ actual: String, with fileName: String, in folder: URL = folder, recording: Bool = isRecording
  ) -> String? {
    let url = folder.appendingPathComponent(fileName)
    if recording {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      return recorded(actual, to: url)
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      return "missing golden file \(fileName); run with PAYDRILL_RECORD_SNAPSHOTS=1 and review it"
    }
    guard expected != actual else { return nil }
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    let first =
      (0..<min(expectedLines.count, actualLines.count)).first { expectedLines[$0] != actualLines[$0] }
      ?? min(expectedLines.count, actualLines.count)
    let shownExpected = first < expectedLines.count ? expectedLines[first] : "<end>"
    let shownActual = first < actualLines.count ? actualLines[first] : "<end>"
    return
      "\(fileName) differs at line \(first + 1):\n  expected: \(shownExpected)\n  actual:   \(shownActual)\n--- actual ---\n\(actual)"
  }

  /// Writes a golden file and fails the test that wrote it: the recording is reviewed, then the test runs
  /// again without the variable. Every golden file (screens, events, the keys page, the themes) goes
  /// through here.
  static func record(_ text: String, to url: URL, file: StaticString = #filePath, line: UInt = #line) {
    XCTFail(recorded(text, to: url), file: file, line: line)
  }

  /// Writes a golden file; returns the failure that says so (or why it could not be written).
  static func recorded(_ text: String, to url: URL) -> String {
    do {
      try text.write(to: url, atomically: true, encoding: .utf8)
      return "recorded \(url.path); run again without PAYDRILL_RECORD_SNAPSHOTS and read the diff"
    } catch {
      return "could not record \(url.path): \(error)"
    }
  }
}
