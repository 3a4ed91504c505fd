import CheckoutTestSupport
import Foundation
import XCTest

/// docs/reference/openapi.yaml, the description of every endpoint `paydrill serve` answers, and
/// Tools/openapi-check.py, which checks it and checks answers against it with the python3 on the PATH (the
/// one `make deps` installs openapi-spec-validator, jsonschema and Schemathesis into).
enum OpenAPIDescription {
  static let path = PayDrillBinary.packageRoot.appendingPathComponent("docs/reference/openapi.yaml").path
  static let checker = PayDrillBinary.packageRoot.appendingPathComponent("Tools/openapi-check.py").path

  /// An answer of the server, as recorded for the check.
  struct Answer: Encodable {
    var method: String
    var path: String
    var status: Int
    var body: String
  }

  /// Skips when python3 or its packages are missing, except on CI, where that is a failure: `make test`
  /// installs them.
  static func requireTools(file: StaticString = #filePath, line: UInt = #line) throws {
    try PayDrillBinary.requirePython(file: file, line: line)
    if let message = missingTools(file: file, line: line) { throw XCTSkip(message) }
  }

  /// Why the checks cannot run (python3's packages are missing), or nil when they can; a failure as well
  /// under `CI=true`.
  static func missingTools(file: StaticString = #filePath, line: UInt = #line) -> String? {
    PayDrillBinary.missingPythonModules(
      ["openapi_spec_validator", "schemathesis", "jsonschema", "yaml"],
      "python3 or its packages openapi-spec-validator and schemathesis are missing", file: file, line: line)
  }

  /// Runs the checker with these arguments.
  static func run(_ arguments: [String]) throws -> PayDrillBinary.Result {
    try PayDrillBinary.launch("/usr/bin/env", ["python3", checker] + arguments)
  }

  /// Checks that each answer matches the description's schema for its endpoint and status.
  static func check(_ answers: [Answer], in folder: URL, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let records = folder.appendingPathComponent("answers-\(UUID().uuidString).jsonl")
    let encoder = JSONEncoder()
    let lines = try answers.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
    try (lines.joined(separator: "\n") + "\n").write(to: records, atomically: true, encoding: .utf8)
    let result = try run(["responses", path, records.path])
    XCTAssertEqual(
      result.status, 0, "answers that do not match \(path):\n\(result.standardOutput)\(result.standardError)",
      file: file, line: line)
  }
}
