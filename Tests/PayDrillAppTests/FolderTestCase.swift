import Foundation
import XCTest

/// A test case with a folder of its own: made empty in the system's temporary directory before each test,
/// removed with everything in it after. Ledgers, screenshots and the files they write go there.
class FolderTestCase: XCTestCase {
  /// This test's folder.
  private(set) var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-\(type(of: self))-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
    try super.tearDownWithError()
  }
}
