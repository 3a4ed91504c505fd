import CheckoutTestSupport
import Foundation
import XCTest

/// `make install` and `make uninstall` under a temporary PREFIX. The release build takes minutes, so the test
/// installs the binary already built (`PAYDRILL_BINARY`), which is the same recipe but for that one step;
/// that `make install` alone builds the release first is checked with `make -n`.
final class InstallEndToEndTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    guard CompletionEndToEndTests.installed("make") else {
      throw Requirement.missing("make is not installed: make install is not tried")
    }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-install-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  private func make(_ arguments: [String]) throws -> String {
    let result = try CompletionEndToEndTests.run(["make", "--no-print-directory"] + arguments)
    XCTAssertEqual(result.status, 0, "make \(arguments): \(result.output)")
    return result.output
  }

  /// What the binary prints for `arguments` (the man page, a completion script).
  private func printed(_ arguments: [String]) throws -> String {
    let result = try PayDrillBinary.run(arguments)
    XCTAssertEqual(result.status, 0, result.standardError)
    return result.standardOutput
  }

  func testInstallPutsEveryFileInPlaceAndUninstallRemovesThemAll() throws {
    let prefix = folder.appendingPathComponent("prefix")
    let binary = try PayDrillBinary.path()
    _ = try make(["install", "PREFIX=\(prefix.path)", "PAYDRILL_BINARY=\(binary)"])

    let themes = try FileManager.default.contentsOfDirectory(
      atPath: PayDrillBinary.packageRoot.appendingPathComponent("Themes").path
    ).filter { $0.hasSuffix(".json") }.sorted()
    XCTAssertFalse(themes.isEmpty)
    var files: [String: String?] = [
      "bin/paydrill": nil,
      "libexec/paydrill/paydrill-merge-junit": nil,
      "libexec/paydrill/paydrill-serve": nil,
      "share/man/man1/paydrill.1": try printed(["man"]),
      "share/bash-completion/completions/paydrill": try printed(["completions", "bash"]),
      "share/zsh/site-functions/_paydrill": try printed(["completions", "zsh"]),
      "share/fish/vendor_completions.d/paydrill.fish": try printed(["completions", "fish"]),
    ]
    for theme in themes {
      files["share/paydrill/themes/\(theme)"] = try String(
        contentsOf: PayDrillBinary.packageRoot.appendingPathComponent("Themes/\(theme)"), encoding: .utf8)
    }
    for (path, contents) in files {
      let file = prefix.appendingPathComponent(path).path
      XCTAssertTrue(FileManager.default.fileExists(atPath: file), "\(path) is not installed")
      if let contents {
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), contents, path)
      }
    }
    let installed = prefix.appendingPathComponent("bin/paydrill").path
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: installed))
    let everything = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: prefix.path)).filter {
      var folder: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: prefix.appendingPathComponent($0).path, isDirectory: &folder)
        && !folder.boolValue
    }
    XCTAssertEqual(Set(everything), Set(files.keys), "install puts these files and no other")

    try assertRunsFromAnotherFolder(installed)

    _ = try make(["uninstall", "PREFIX=\(prefix.path)"])
    for path in files.keys {
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path) is left")
    }
    for folder in ["share/paydrill", "libexec/paydrill"] {
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: prefix.appendingPathComponent(folder).path), folder)
    }
  }

  /// The installed binary, run from a folder with nothing of the repository in it: the scenarios and
  /// themes are built in.
  private func assertRunsFromAnotherFolder(_ installed: String) throws {
    let elsewhere = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: PayDrillBinary.packageRoot.appendingPathComponent("Tapes/pay-with-visa.tape"),
      to: elsewhere.appendingPathComponent("pay-with-visa.tape"))
    func run(_ arguments: [String]) throws -> String {
      let result = try CompletionEndToEndTests.run([installed] + arguments, in: elsewhere)
      XCTAssertEqual(result.status, 0, "paydrill \(arguments): \(result.output)")
      return result.output
    }
    XCTAssertTrue(try run(["--version"]).hasPrefix("paydrill "))
    XCTAssertTrue(try run(["scenarios"]).contains("tokyo-yen"))
    _ = try run([
      "play", "pay-with-visa.tape", "--theme", "light", "--latency", "0", "--no-ledger", "--screen",
      "screen.txt", "--junit", "visa.xml",
    ])
    XCTAssertTrue(
      try String(contentsOf: elsewhere.appendingPathComponent("screen.txt"), encoding: .utf8).contains(
        "Payment successful"))
    // merge-junit finds its program in libexec/paydrill.
    let merged = try run(["merge-junit", "visa.xml", "--output", "merged.xml"])
    XCTAssertTrue(
      merged.hasPrefix("merged.xml: 1 report merged: 1 test, 0 failures, 0 errors, 0 skipped, "), merged)
    XCTAssertTrue(try run(["buttons", "--print", "--theme", "high-contrast"]).contains("Apple Pay"))
    XCTAssertTrue(try run(["man"]).contains(".TH PAYDRILL 1"))
  }

  func testInstallWithoutABinaryBuildsTheReleaseFirst() throws {
    let plan = try make(["-n", "install", "PREFIX=\(folder.appendingPathComponent("prefix").path)"])
    let build = try XCTUnwrap(plan.range(of: "build -c release --product paydrill"), plan)
    let copy = try XCTUnwrap(plan.range(of: "install -m 755 .build/release/paydrill "), plan)
    XCTAssertLessThan(build.lowerBound, copy.lowerBound, plan)
  }
}
