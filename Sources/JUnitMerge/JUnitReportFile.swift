import Foundation
import JUnitReports

/// A JUnit report read from a file and checked: its suites, in order. The root is `testsuites` holding
/// `testsuite` elements, or one `testsuite` alone (as many tools write it).
public struct JUnitReportFile: Equatable, Sendable {
  /// The path it was read from, as given.
  public var path: String
  public var suites: [JUnitSuite]

  /// Reads and checks the report at `path`.
  public init(path: String) throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw JUnitMergeError(file: path, problem: "no such file")
    }
    guard !isFolder.boolValue else {
      throw JUnitMergeError(file: path, problem: "a folder, not a JUnit report")
    }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int {
      try JUnitReader.checkSize(size, file: path)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw JUnitMergeError(file: path, problem: "cannot be read")
    }
    try self.init(data: data, path: path)
  }

  /// Checks the report `data`, read from `path`.
  public init(data: Data, path: String) throws {
    self.path = path
    let root = try JUnitReader.root(of: data, file: path)
    switch root.name {
    case "testsuite":
      suites = [try JUnitSuite(root, file: path)]
    case "testsuites":
      suites = try root.children.map { child in
        guard child.name == "testsuite" else {
          throw JUnitMergeError(
            file: path, line: child.line,
            problem: "<\(child.name)> inside <testsuites>, where a JUnit report has testsuite elements only")
        }
        return try JUnitSuite(child, file: path)
      }
    default:
      throw JUnitMergeError(
        file: path, line: root.line,
        problem: "not a JUnit report: its root element is <\(root.name)>, not <testsuites> or <testsuite>")
    }
  }
}
