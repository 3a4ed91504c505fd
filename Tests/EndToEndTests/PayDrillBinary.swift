import CheckoutTestSupport
import Foundation
import XCTest

/// The built `paydrill` executable, and a way to run it to completion.
enum PayDrillBinary {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// `PAYDRILL_BIN`, or `paydrill` beside the test bundle, or the package's debug build.
  static func path() throws -> String {
    var candidates: [String] = []
    if let explicit = ProcessInfo.processInfo.environment["PAYDRILL_BIN"] { candidates.append(explicit) }
    let bundleFolder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    candidates.append(bundleFolder.appendingPathComponent("paydrill").path)
    candidates.append(packageRoot.appendingPathComponent(".build/debug/paydrill").path)
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
      return candidate
    }
    throw XCTSkip("paydrill is not built (run `swift build` first); looked in \(candidates)")
  }

  /// Skips without python3 (the example plugin's language), except on CI, where its absence is a failure.
  static func requirePython(file: StaticString = #filePath, line: UInt = #line) throws {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    if path.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }) { return }
    throw Requirement.missing(
      "python3 is not installed: the gateway plugin example needs it (make test installs it)", file: file,
      line: line)
  }

  /// Why python3's `modules` cannot be imported (`make deps` installs them), or nil when they can: a failure
  /// as well under `CI=true`.
  static func missingPythonModules(
    _ modules: [String], _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) -> String? {
    let probe = try? launch("/usr/bin/env", ["python3", "-c", "import " + modules.joined(separator: ", ")])
    guard probe?.status != 0 else { return nil }
    let message =
      "\(what) (make deps installs them): "
      + (probe?.standardError.split(separator: "\n").last.map(String.init) ?? "no python3")
    Requirement.report(message, file: file, line: line)
    return message
  }

  /// `Examples/merchant-backend.py` against the API at `url` (the merchant's backend of the guides).
  static func merchantBackend(_ url: String, _ arguments: [String]) throws -> Result {
    try launch("/usr/bin/env", ["python3", "Examples/merchant-backend.py", "--url", url] + arguments)
  }

  /// The data folder the binary runs with (`XDG_DATA_HOME`): tests never write into the user's own ledger.
  static let dataHome: String = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-e2e-data-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.path
  }()

  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// Runs paydrill with no terminal: standard input from /dev/null, outputs captured.
  /// `launcher` runs it through another program first (`setpriv` to drop root).
  static func run(_ arguments: [String], environment: [String: String] = [:], launcher: [String] = []) throws
    -> Result
  {
    let binary = try path()
    return try launch(
      launcher.first ?? binary,
      launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [binary] + arguments,
      environment: environment)
  }

  /// Runs any program to its end the way `run` runs paydrill: from `directory`, with the tests' data folder,
  /// standard input from /dev/null, outputs captured.
  static func launch(
    _ executable: String, _ arguments: [String], in directory: URL = packageRoot,
    environment: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome]) { $1 }
      .merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
